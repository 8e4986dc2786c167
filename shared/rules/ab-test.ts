import type { AbTestSettings } from '../model/letter-settings';

// The A/B subject test's settings (issue 16, spec 1 §4): how much of the audience gets each
// subject as the sample, and how long the platform waits for opens before it picks the
// winner and sends it to the rest. The schedule step's A/B card and the platform apply
// these same rules; a value that breaks one is never stored.

/** Each subject goes to this share of the audience by default (issue 16: 10 % each). */
export const AB_SAMPLE_PERCENT_DEFAULT = 10;
export const AB_SAMPLE_PERCENT_MIN = 1;
/** Two halves of 50 % leave no one for the winner: the test is then the whole send. */
export const AB_SAMPLE_PERCENT_MAX = 50;
/** Four hours by default; at least fifteen minutes, so opens have time to come in. */
export const AB_WAIT_MINUTES_DEFAULT = 240;
export const AB_WAIT_MINUTES_MIN = 15;
/** Three days: a later winner reaches readers when the letter is old news. */
export const AB_WAIT_MINUTES_MAX = 3 * 24 * 60;

export const AB_TEST_MESSAGES = {
  samplePercent: `The sample must be a whole percentage between ${AB_SAMPLE_PERCENT_MIN} and ${AB_SAMPLE_PERCENT_MAX}.`,
  waitMinutes: `The wait must be a whole number of minutes between ${AB_WAIT_MINUTES_MIN} (15 minutes) and ${AB_WAIT_MINUTES_MAX} (3 days).`,
} as const;

export function defaultAbTestSettings(): AbTestSettings {
  return { samplePercent: AB_SAMPLE_PERCENT_DEFAULT, waitMinutes: AB_WAIT_MINUTES_DEFAULT };
}

/** A letter stored before these settings existed gets the defaults. */
export function effectiveAbTestSettings(settings: { abTest?: AbTestSettings | undefined }): AbTestSettings {
  return settings.abTest ?? defaultAbTestSettings();
}

const wholeBetween = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The problems of A/B settings by field ('samplePercent', 'waitMinutes'); empty when they are fine. */
export function abTestSettingsProblems(settings: AbTestSettings): Partial<Record<keyof AbTestSettings, string>> {
  const problems: Partial<Record<keyof AbTestSettings, string>> = {};
  if (!wholeBetween(settings.samplePercent, AB_SAMPLE_PERCENT_MIN, AB_SAMPLE_PERCENT_MAX)) problems.samplePercent = AB_TEST_MESSAGES.samplePercent;
  if (!wholeBetween(settings.waitMinutes, AB_WAIT_MINUTES_MIN, AB_WAIT_MINUTES_MAX)) problems.waitMinutes = AB_TEST_MESSAGES.waitMinutes;
  return problems;
}

/**
 * Readers per subject in the sample of an audience of `audience`: the percentage rounded,
 * at least one each when there are two readers to compare, never more than half each.
 */
export function samplePerSubject(audience: number, samplePercent: number): number {
  if (audience < 2) return 0;
  const share = Math.round((audience * samplePercent) / 100);
  return Math.min(Math.floor(audience / 2), Math.max(1, share));
}

/** Unique confirmed opens per email the mail server took, in percent with one decimal; 0 with none taken. */
export function abOpenRate(opens: number, accepted: number): number {
  if (accepted <= 0) return 0;
  return Math.round((opens / accepted) * 1000) / 10;
}

/** The subject with the higher unique open rate, compared exactly (not rounded); a tie goes to A. */
export function abWinner(a: { opens: number; accepted: number }, b: { opens: number; accepted: number }): 'A' | 'B' {
  const rate = (side: { opens: number; accepted: number }) => (side.accepted > 0 ? side.opens / side.accepted : 0);
  return rate(b) > rate(a) ? 'B' : 'A';
}

/** How the A/B card says a wait: '4 hours', '15 minutes', '1 hour 30 minutes'. */
export function formatAbWait(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (hours === 0) return unit(rest, 'minute');
  return rest === 0 ? unit(hours, 'hour') : `${unit(hours, 'hour')} ${unit(rest, 'minute')}`;
}
