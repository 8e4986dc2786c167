import { Input, SegmentedControl } from '@mantine/core';
import { useId } from 'react';
import { useStylesEnvironment } from '../styles-context';

const LABELS: Record<string, string> = { left: 'Left', center: 'Center', right: 'Right', 'full width': 'Full width' };

/** Alignment as a row of choices; `options` adds 'full width' where images allow it. */
export function AlignmentField<T extends string>({
  label = 'Alignment',
  value,
  options,
  onChange,
}: {
  label?: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  const { disabled } = useStylesEnvironment();
  const id = useId();
  return (
    <Input.Wrapper label={label} id={id} size="xs">
      <SegmentedControl
        aria-labelledby={`${id}-label`}
        fullWidth
        size="xs"
        value={value}
        disabled={disabled}
        data={options.map((option) => ({ value: option, label: LABELS[option] ?? option }))}
        onChange={(next) => onChange(next as T)}
      />
    </Input.Wrapper>
  );
}
