import { z } from 'zod';
import { daySchema } from '../model/calendar-day';
import { queryInt4, rowId } from '../model/column-ranges';
import { PollOriginSchema, PollTypeSchema } from '../model/enums';
import { PollType } from '../model/enums';

// Payloads of the poll calls (spec 3 §7 Polls, spec 1 §7 poll summaries and details).
// Paths are in platform-api.ts; choices the spec leaves open are in docs/decisions.md
// ("Polls"): the spec shows no create payload or field validation, so these are ours.

export const POLL_LIST_LIMIT = 50;
export const POLL_TITLE_MAX = 200;
export const POLL_QUESTION_MAX = 1000;
export const POLL_MESSAGE_MAX = 1000;
export const POLL_OPTION_MAX = 200;
export const POLL_OPTIONS_MIN = 2;
export const POLL_OPTIONS_MAX = 10;

/** A feedback scale's range: a 1–5 rating (shown as stars in emails) or 0–10. */
export const FEEDBACK_SCALES = ['1-5', '0-10'] as const;
export const FeedbackScaleSchema = z.enum(FEEDBACK_SCALES);
export type FeedbackScale = z.infer<typeof FeedbackScaleSchema>;

/** The options of a feedback scale, lowest first: '1'…'5' or '0'…'10'. */
export function feedbackScaleOptions(scale: FeedbackScale): string[] {
  const [from, to] = scale === '1-5' ? [1, 5] : [0, 10];
  return Array.from({ length: to - from + 1 }, (_, index) => String(from + index));
}

export const POLL_MESSAGES = {
  title: 'Enter a title.',
  question: 'Enter the question.',
  option: 'Enter the option’s text.',
  optionCount: `Give between ${POLL_OPTIONS_MIN} and ${POLL_OPTIONS_MAX} options.`,
  optionRepeated: 'Each option must be different.',
  quizCorrect: 'Mark the one correct answer.',
  scale: 'Choose the scale.',
  notFound: 'This poll does not exist.',
  answeredOptions: 'Readers have answered this poll: its type and options can no longer change, only their wording.',
} as const;

export const PollOptionInputSchema = z.object({
  /** An existing option's id keeps it (and its answers); none makes a new option. */
  id: rowId().optional(),
  title: z.string().trim().max(POLL_OPTION_MAX),
  isCorrect: z.boolean().default(false),
});

/**
 * Create or update a poll. A feedback scale's options come from its scale, so `options`
 * is ignored for it; a quiz has exactly one correct option.
 */
export const PollInputSchema = z
  .object({
    title: z.string().trim().min(1, POLL_MESSAGES.title).max(POLL_TITLE_MAX),
    questionText: z.string().trim().min(1, POLL_MESSAGES.question).max(POLL_QUESTION_MAX),
    pollType: PollTypeSchema,
    feedbackScale: FeedbackScaleSchema.nullable().default(null),
    options: z.array(PollOptionInputSchema).max(POLL_OPTIONS_MAX, POLL_MESSAGES.optionCount).default([]),
    isAnonymous: z.boolean().default(false),
    showResultsOnResponsePage: z.boolean().default(false),
    confirmationMessage: z.string().trim().max(POLL_MESSAGE_MAX).default(''),
    confirmationMessageCorrect: z.string().trim().max(POLL_MESSAGE_MAX).default(''),
    confirmationMessageIncorrect: z.string().trim().max(POLL_MESSAGE_MAX).default(''),
  })
  .superRefine((poll, context) => {
    if (poll.pollType === PollType.feedbackScale) {
      if (poll.feedbackScale === null) context.addIssue({ code: 'custom', path: ['feedbackScale'], message: POLL_MESSAGES.scale });
      return;
    }
    if (poll.options.length < POLL_OPTIONS_MIN) context.addIssue({ code: 'custom', path: ['options'], message: POLL_MESSAGES.optionCount });
    const seen = new Set<string>();
    poll.options.forEach((option, index) => {
      const key = option.title.toLowerCase();
      if (key === '') context.addIssue({ code: 'custom', path: ['options', index, 'title'], message: POLL_MESSAGES.option });
      else if (seen.has(key)) context.addIssue({ code: 'custom', path: ['options', index, 'title'], message: POLL_MESSAGES.optionRepeated });
      seen.add(key);
    });
    if (poll.pollType === PollType.quiz && poll.options.filter((option) => option.isCorrect).length !== 1) {
      context.addIssue({ code: 'custom', path: ['options'], message: POLL_MESSAGES.quizCorrect });
    }
  });
export type PollInput = z.input<typeof PollInputSchema>;
export type ParsedPollInput = z.output<typeof PollInputSchema>;

export const PollOptionSchema = z.object({ id: z.number().int(), title: z.string(), isCorrect: z.boolean() });
export type PollOptionRecord = z.infer<typeof PollOptionSchema>;

export const PollSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  questionText: z.string(),
  pollType: PollTypeSchema,
  feedbackScale: FeedbackScaleSchema.nullable(),
  originType: PollOriginSchema,
  originId: z.number().int().nullable(),
  options: z.array(PollOptionSchema),
  isAnonymous: z.boolean(),
  showResultsOnResponsePage: z.boolean(),
  confirmationMessage: z.string(),
  confirmationMessageCorrect: z.string(),
  confirmationMessageIncorrect: z.string(),
  createdAt: z.string(),
  /** Answers over every letter. */
  totalResponses: z.number().int(),
});
export type Poll = z.infer<typeof PollSchema>;

const numberList = z.array(queryInt4()).default([]);

/** The list's filter (spec 3 "Poll list filter fields"); arrays arrive as `name[]`. */
export const PollListQuerySchema = z.object({
  page: queryInt4().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(POLL_LIST_LIMIT),
  orderBy: z.enum(['createdAt', 'title']).default('createdAt'),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
  types: z.array(z.coerce.number().pipe(PollTypeSchema)).default([]),
  title: z.string().trim().max(POLL_TITLE_MAX).default(''),
  /** The picker's letter: its polls stay listed (and are marked in use by the picker). */
  letterUniqueId: z.string().max(64).optional(),
  /** Created on this day (YYYY-MM-DD, UTC) or later. */
  createdAt: daySchema('Use a date as YYYY-MM-DD').optional(),
  letterId: numberList,
});
export type PollListQuery = z.input<typeof PollListQuerySchema>;

export const PollListResponseSchema = z.object({ items: z.array(PollSchema), total: z.number().int() });
export type PollListResponse = z.infer<typeof PollListResponseSchema>;

/** POST …/polls/{id}/metrics: over every letter, or the one named. */
export const PollMetricsRequestSchema = z.object({ letterUniqueId: z.string().min(1).max(64).optional() });

export const PollOptionResultSchema = PollOptionSchema.extend({
  responses: z.number().int(),
  /** Share of the answers, one decimal. */
  percent: z.number(),
});
export type PollOptionResult = z.infer<typeof PollOptionResultSchema>;

export const PollLetterResultSchema = z.object({
  letterId: z.number().int(),
  uniqueId: z.string(),
  title: z.string(),
  responses: z.number().int(),
  sends: z.number().int(),
});

export const PollMetricsSchema = z.object({
  pollId: z.number().int(),
  totalResponses: z.number().int(),
  totalSends: z.number().int(),
  lastResponseDate: z.string().nullable(),
  /** Answers per email sent, one decimal; null with no answers ('—'). */
  responseRatePercent: z.number().nullable(),
  options: z.array(PollOptionResultSchema),
  /** A quiz's share of correct answers, one decimal; null otherwise or with no answers. */
  correctPercent: z.number().nullable(),
  /** A feedback scale's mean answer, one decimal; null otherwise or with no answers. */
  averageScore: z.number().nullable(),
  letters: z.array(PollLetterResultSchema),
});
export type PollMetrics = z.infer<typeof PollMetricsSchema>;

/** Spec 1 §7 poll summary of a letter. */
export const PollSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  pollType: PollTypeSchema,
  totalResponses: z.number().int(),
  totalSends: z.number().int(),
});
export type PollSummary = z.infer<typeof PollSummarySchema>;
export const PollSummariesResponseSchema = z.object({ items: z.array(PollSummarySchema) });

/** Spec 1 §7 poll detail, plus the per-option results the detail modal shows. */
export const PollDetailSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  pollType: PollTypeSchema,
  showResultsOnResponsePage: z.boolean(),
  questionText: z.string(),
  /** Readers the letter was sent to. */
  recipients: z.number().int(),
  responses: z.number().int(),
  lastResponseDate: z.string().nullable(),
  responseRatePercent: z.number().nullable(),
  options: z.array(PollOptionResultSchema),
});
export type PollDetail = z.infer<typeof PollDetailSchema>;
export const PollDetailsResponseSchema = z.object({ items: z.array(PollDetailSchema) });

/** Spec 2 §5 "Load one poll" (`?campaignId=` is the letter's uniqueId). */
export const PollLoadQuerySchema = z.object({ campaignId: z.string().max(64).optional() });

/** Percent with one decimal (spec 1 §9); null when nothing was answered. */
export function responseRatePercent(responses: number, sends: number): number | null {
  if (responses <= 0 || sends <= 0) return null;
  return Math.round((responses / sends) * 1000) / 10;
}

export function sharePercent(part: number, whole: number): number {
  return whole <= 0 ? 0 : Math.round((part / whole) * 1000) / 10;
}
