import { Stepper } from '@mantine/core';

/**
 * Where the letter is on its way out (spec 1 §2): Create, Preview and schedule, Scheduled.
 * 3 marks all three done (published or sending).
 */
export function ComposerSteps({ active }: { active: 0 | 1 | 2 | 3 }) {
  return (
    <Stepper active={active} size="xs" wrap={false} allowNextStepsSelect={false} aria-label="Letter progress" maw={560}>
      <Stepper.Step label="Create" />
      <Stepper.Step label="Preview and schedule" />
      <Stepper.Step label="Scheduled" />
    </Stepper>
  );
}
