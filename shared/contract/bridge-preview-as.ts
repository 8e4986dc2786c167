import { z } from 'zod';
import { PreviewAsReaderChoiceSchema, PreviewAsResponseSchema } from './platform-preview-as';

// The bridge channels of 'Preview as' (issue 35; bridge.ts includes them): finding a reader
// of the letter's channel by email or name, and the letter as that reader (or a segment's
// sample reader) will get it. The core keeps the last readers looked up, so offline the
// picker still lists them and the preview is filled from what it kept.

/** How many readers looked up the core keeps per channel for offline use. */
export const PREVIEW_AS_RECENT_MAX = 10;
/** The picker asks for subscribers once typing pauses this long. */
export const PREVIEW_AS_SEARCH_DEBOUNCE_MS = 300;

export const PreviewReaderOptionSchema = z.object({
  subscriberId: z.number().int().positive(),
  email: z.string(),
  /** First and last name; empty when the subscriber has none. */
  name: z.string(),
});
export type PreviewReaderOption = z.infer<typeof PreviewReaderOptionSchema>;

export const previewAsChannels = {
  /**
   * Subscribers of the letter's channel whose email or name holds `search` (the first
   * few), and the readers last previewed as, newest first. Offline `subscribers` is empty
   * and `offline` true: the recent ones are what can be previewed then.
   */
  'letters.previewAsReaders': {
    input: z.object({ uniqueId: z.string().min(1), search: z.string().trim().max(200).default('') }),
    output: z.object({ subscribers: z.array(PreviewReaderOptionSchema), recent: z.array(PreviewReaderOptionSchema), offline: z.boolean() }),
  },
  /**
   * The letter, with the schedule step's subject and preview text as they stand here, as
   * the chosen reader will get it. Offline, a reader looked up before is filled from what
   * this computer kept (their footer links then unsigned, still inert), with `offline` true.
   */
  'letters.previewAs': {
    input: z.object({ uniqueId: z.string().min(1), reader: PreviewAsReaderChoiceSchema }),
    output: PreviewAsResponseSchema.extend({ offline: z.boolean() }),
  },
};
