import { z } from 'zod';
import { PollTypeSchema } from '../model/enums';
import {
  POLL_LIST_LIMIT,
  POLL_TITLE_MAX,
  PollDetailSchema,
  PollInputSchema,
  PollListResponseSchema,
  PollMetricsSchema,
  PollSchema,
  PollSummarySchema,
} from './platform-polls';

// The bridge channels of polls (`polls.*` in bridge.ts): the organization's polls screen,
// the poll block's picker, and the letter report's poll results. Every one needs the
// platform; the report's two are swallowed to empty on failure (spec 1 §8).

const brand = { brandSlug: z.string().trim().min(1, 'Choose an organization') };
const channel = { ...brand, channelSlug: z.string().trim().min(1, 'Choose a channel') };
const pollId = z.number().int().positive();

export const PollListRequestSchema = z.object({
  ...brand,
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(POLL_LIST_LIMIT),
  types: z.array(PollTypeSchema).default([]),
  title: z.string().trim().max(POLL_TITLE_MAX).default(''),
});
export type PollListRequest = z.input<typeof PollListRequestSchema>;

export const PollPickerRequestSchema = z.object({
  ...channel,
  title: z.string().trim().max(POLL_TITLE_MAX).default(''),
  letterUniqueId: z.string().max(64).optional(),
});
export type PollPickerRequest = z.input<typeof PollPickerRequestSchema>;

export const PollCsvFileSchema = z.object({ fileName: z.string(), content: z.string() });

export const pollChannels = {
  /** An organization's polls, newest first, 50 a page, filtered by type and title. */
  'polls.list': { input: PollListRequestSchema, output: PollListResponseSchema },
  /** The poll block's picker: the polls of the channel's organization matching the text. */
  'polls.pick': { input: PollPickerRequestSchema, output: PollListResponseSchema },
  /** One poll (the picker's choice, loaded whole for the block). */
  'polls.get': { input: z.object({ ...channel, id: pollId }), output: PollSchema },
  /** Create (no id) or update a poll. */
  'polls.save': { input: z.object({ ...brand, id: pollId.optional(), poll: PollInputSchema }), output: PollSchema },
  'polls.delete': { input: z.object({ ...brand, id: pollId }), output: z.null() },
  'polls.metrics': { input: z.object({ ...brand, id: pollId }), output: PollMetricsSchema },
  'polls.downloadCsv': { input: z.object({ ...brand, id: pollId }), output: PollCsvFileSchema },
  /** The letter report's poll table: empty when it cannot be had. */
  'polls.letterSummary': { input: z.object({ ...channel, letterUniqueId: z.string().min(1) }), output: z.object({ items: z.array(PollSummarySchema) }) },
  /** The detail modal: null when it cannot be had. */
  'polls.letterDetail': { input: z.object({ ...channel, letterUniqueId: z.string().min(1), id: pollId }), output: PollDetailSchema.nullable() },
} as const;
