import { Fieldset, SimpleGrid } from '@mantine/core';
import type { Sides } from '../../../shared/model';
import type { NumberFieldValue, StyleRuleResult } from '../../../shared/rules/letter-styles';
import { NumberStyleField } from './NumberStyleField';

const SIDES = [
  ['top', 'Top'],
  ['right', 'Right'],
  ['bottom', 'Bottom'],
  ['left', 'Left'],
] as const;

/** Four sides of a box (padding, border size), each checked by `check`; each input is named '{legend} {side}'. */
export function SidesFields({
  legend,
  value,
  check,
  onCommit,
}: {
  legend: string;
  value: Sides;
  check: (raw: NumberFieldValue) => StyleRuleResult<number>;
  onCommit: (value: Sides, side: keyof Sides) => void;
}) {
  return (
    <Fieldset legend={legend} variant="unstyled">
      <SimpleGrid cols={4} spacing={6}>
        {SIDES.map(([side, name]) => (
          <NumberStyleField
            key={side}
            label={name}
            ariaLabel={`${legend} ${name.toLowerCase()}`}
            value={value[side]}
            check={check}
            onCommit={(next) => onCommit({ ...value, [side]: next }, side)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  );
}
