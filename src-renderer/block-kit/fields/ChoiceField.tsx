import { Input, SegmentedControl } from '@mantine/core';

// A short list of choices shown all at once (alignment, line style, link type, display).

export interface ChoiceFieldProps<V extends string> {
  label: string;
  value: V;
  choices: readonly { value: V; label: string }[];
  onChange: (value: V) => void;
  disabled?: boolean;
}

export function ChoiceField<V extends string>({ label, value, choices, onChange, disabled }: ChoiceFieldProps<V>) {
  return (
    <Input.Wrapper label={label}>
      <SegmentedControl
        fullWidth
        size="xs"
        aria-label={label}
        value={value}
        disabled={disabled}
        data={choices.map((choice) => ({ value: choice.value, label: choice.label }))}
        onChange={(next) => onChange(next as V)}
      />
    </Input.Wrapper>
  );
}

export const ALIGNMENT_CHOICES = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Center' },
  { value: 'right', label: 'Right' },
] as const;

export const BLOCK_ALIGNMENT_CHOICES = [...ALIGNMENT_CHOICES, { value: 'full width', label: 'Full width' }] as const;

export const LINE_STYLE_CHOICES = [
  { value: 'solid', label: 'Solid' },
  { value: 'dashed', label: 'Dashed' },
  { value: 'dotted', label: 'Dotted' },
] as const;
