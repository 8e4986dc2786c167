import { z } from 'zod';

// 'Preview as' (issue 35): the letter as one reader of its channel will get it — a
// subscriber chosen by the editor, or a segment's sample reader (its first matching active
// subscriber) — with their merge tags filled and their own footer and poll links, made
// inert for the preview. Path in platform-api.ts (previewAs).

export const PREVIEW_AS_EMPTY_SEGMENT_MESSAGE = 'No active subscriber matches this segment now, so there is no reader to preview as.';
export const PREVIEW_AS_NO_SUBSCRIBER_MESSAGE = 'This subscriber is not in the letter’s channel any more.';

const id = z.number().int().positive().max(2_147_483_647);

/** Exactly one reader: a subscriber, or a segment's sample reader ('All active subscribers' is 0). */
export const PreviewAsReaderChoiceSchema = z.union([
  z.strictObject({ subscriberId: id }),
  z.strictObject({ segmentId: z.number().int().nonnegative().max(2_147_483_647) }),
]);
export type PreviewAsReaderChoice = z.infer<typeof PreviewAsReaderChoiceSchema>;

/**
 * The choice, with the schedule step's subject and preview text as the editor sees them
 * (they stay on the editor's computer until 'Schedule', as for the spam check).
 */
export const PreviewAsRequestSchema = z.object({
  reader: PreviewAsReaderChoiceSchema,
  subject: z.string().max(1000).optional(),
  previewText: z.string().max(1000).optional(),
});
export type PreviewAsRequest = z.infer<typeof PreviewAsRequestSchema>;

/** What merge tags read of a reader: kept by the core so 'Preview as' works offline with them. */
export const PreviewReaderSchema = z.object({
  subscriberId: id,
  uniqueId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** Custom fields as the merge fill reads them (text). */
  customFields: z.record(z.string(), z.string()),
});
export type PreviewReader = z.infer<typeof PreviewReaderSchema>;

export const PreviewAsResponseSchema = z.object({
  /** The subject line this reader gets, merge tags filled. */
  subject: z.string(),
  /** The preview text (preheader) this reader gets, merge tags filled. */
  preheader: z.string(),
  /**
   * Their email's HTML: no open pixel or tracked links, and each link that would act for
   * them (unsubscribe, opt-out, poll answers) written `#` + its signed address, so it shows
   * as theirs and following it changes nothing.
   */
  html: z.string(),
  reader: PreviewReaderSchema,
});
export type PreviewAsResponse = z.infer<typeof PreviewAsResponseSchema>;

/** The prefix the preview puts before a reader's own link: a fragment, which navigates nowhere. */
export const INERT_LINK_PREFIX = '#';
