import { PollType } from '../../../shared/model/enums';
import type { PollType as PollTypeValue } from '../../../shared/model/enums';

// How poll types and results read in the app (spec 1 §9, spec 3 "Poll").

export const POLL_TYPE_LABELS: Record<PollTypeValue, string> = {
  [PollType.singleSelection]: 'Vote',
  [PollType.quiz]: 'Quiz',
  [PollType.feedbackScale]: 'Rating',
};

/** Spec 1 §9 badges: single selection purple, quiz pink, feedback scale info (dark shades, so white text reads). */
export const POLL_TYPE_COLORS: Record<PollTypeValue, string> = {
  [PollType.singleSelection]: 'violet.8',
  [PollType.quiz]: 'pink.8',
  [PollType.feedbackScale]: 'blue.8',
};

export const POLL_TYPE_CHOICES = ([PollType.singleSelection, PollType.quiz, PollType.feedbackScale] as const).map((value) => ({
  value: String(value),
  label: POLL_TYPE_LABELS[value],
}));

export const NO_RESPONSES = '—';

/** A response rate as the report shows it: one decimal, '—' with no responses. */
export function formatResponseRate(responses: number, rate: number | null): string {
  if (responses <= 0 || rate === null) return NO_RESPONSES;
  return `${rate.toFixed(1)}%`;
}
