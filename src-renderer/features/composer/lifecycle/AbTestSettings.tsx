import { Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { AbTestSettings as AbSettings } from '../../../../shared/model/letter-settings';
import {
  AB_SAMPLE_PERCENT_MAX,
  AB_SAMPLE_PERCENT_MIN,
  AB_TEST_MESSAGES,
  abTestSettingsProblems,
  effectiveAbTestSettings,
  formatAbWait,
} from '../../../../shared/rules/ab-test';
import type { RootState } from '../../../app/store';
import { stylesChanged } from '../../../block-kit/composer-slice';

/** The waits offered, in minutes: from the 15-minute minimum to the 3-day maximum. */
const WAIT_CHOICES = [15, 30, 60, 120, 240, 480, 720, 1440, 2880, 4320];

/**
 * The A/B test's sample and wait, under the two subjects: each subject goes to the sample
 * share of the audience, and the platform sends the winner (unique open rate) to the rest
 * after the wait. Stored in the letter's settings like the UTM rows, only when valid.
 */
export function AbTestSettings({ disabled }: { disabled?: boolean }) {
  const dispatch = useDispatch();
  const settings = useSelector((state: RootState) => state.composer.settings);
  const current = effectiveAbTestSettings(settings);
  // What the field holds while typing; the letter keeps its last valid value meanwhile.
  const [sample, setSample] = useState<string | number>(current.samplePercent);
  const [sampleError, setSampleError] = useState<string | null>(null);
  useEffect(() => setSample(current.samplePercent), [current.samplePercent]);

  const store = (next: AbSettings) => {
    if (next.samplePercent === current.samplePercent && next.waitMinutes === current.waitMinutes && settings.abTest) return;
    dispatch(stylesChanged({ settings: { ...settings, abTest: next }, field: 'abTest' }));
  };

  const changeSample = (value: string | number) => {
    setSample(value);
    const samplePercent = typeof value === 'number' ? value : Number.NaN;
    const problem = abTestSettingsProblems({ ...current, samplePercent }).samplePercent ?? null;
    setSampleError(problem);
    if (!problem) store({ ...current, samplePercent });
  };

  const waits = WAIT_CHOICES.includes(current.waitMinutes) ? WAIT_CHOICES : [...WAIT_CHOICES, current.waitMinutes].sort((a, b) => a - b);

  return (
    <Stack gap={6} aria-label="A/B test settings" role="group">
      <Group grow align="flex-start" gap="xs">
        <NumberInput
          label="Sample per subject"
          suffix="%"
          min={AB_SAMPLE_PERCENT_MIN}
          max={AB_SAMPLE_PERCENT_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          value={sample}
          error={sampleError}
          disabled={disabled}
          onChange={changeSample}
          onBlur={() => setSampleError(typeof sample === 'number' ? (abTestSettingsProblems({ ...current, samplePercent: sample }).samplePercent ?? null) : AB_TEST_MESSAGES.samplePercent)}
        />
        <Select
          label="Pick the winner after"
          data={waits.map((minutes) => ({ value: String(minutes), label: formatAbWait(minutes) }))}
          value={String(current.waitMinutes)}
          allowDeselect={false}
          disabled={disabled}
          onChange={(value) => value && store({ ...current, waitMinutes: Number(value) })}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Subject A and subject B each go to {current.samplePercent}% of the audience. After {formatAbWait(current.waitMinutes)}, the subject
        with the higher unique open rate goes to everyone else (a tie goes to subject A).
      </Text>
    </Stack>
  );
}
