import { Stepper } from '@mantine/core';

/** Where the letter is on its way out (spec 1): composing is the first of three steps. */
export function ComposerSteps({ active }: { active: 0 | 1 | 2 }) {
  return (
    <Stepper active={active} size="xs" allowNextStepsSelect={false} aria-label="Letter progress" style={{ flex: 1, maxWidth: 560 }}>
      <Stepper.Step label="Create" />
      <Stepper.Step label="Preview and schedule" />
      <Stepper.Step label="Scheduled" />
    </Stepper>
  );
}
