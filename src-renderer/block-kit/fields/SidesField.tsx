import { Group, Input } from '@mantine/core';
import type { FieldResult } from '../../../shared/rules/field-result';
import { RuleField } from './RuleField';

// Four numbers of one box (paddings, border sides, corner radii), each under the same rule.

export interface SidesFieldProps<K extends string> {
  label: string;
  names: readonly K[];
  labels: Record<K, string>;
  value: Record<K, number>;
  check: (text: string) => FieldResult<number>;
  onValid: (name: K, value: number) => void;
  disabled?: boolean;
}

export const SIDE_LABELS = { top: 'Top', right: 'Right', bottom: 'Bottom', left: 'Left' } as const;
export const CORNER_LABELS = { topLeft: 'Top left', topRight: 'Top right', bottomRight: 'Bottom right', bottomLeft: 'Bottom left' } as const;

export function SidesField<K extends string>({ label, names, labels, value, check, onValid, disabled }: SidesFieldProps<K>) {
  return (
    <Input.Wrapper label={label}>
      <Group gap={6} grow align="flex-start" role="group" aria-label={label}>
        {names.map((name) => (
          <RuleField
            key={name}
            label={labels[name]}
            ariaLabel={`${label} ${labels[name].toLowerCase()}`}
            value={value[name]}
            check={check}
            onValid={(next) => onValid(name, next)}
            numeric
            disabled={disabled}
            size="xs"
          />
        ))}
      </Group>
    </Input.Wrapper>
  );
}
