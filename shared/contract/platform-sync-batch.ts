import { z } from 'zod';
import { LetterSchema } from '../model/letter';
import { ApiErrorSchema } from './platform-api';

// POST sync/letters/batch: many letter pushes in one request and one transaction on the
// platform (issue 23). Each item is exactly the single push it stands for — a create
// (POST channels' letters) or a whole-letter update (update-letter) — checked and answered
// the same way, so one refused item (a conflict, bad data, a channel not the caller's)
// changes nothing of its own and does not stop the others.

/** Items per batch the platform takes; the desktop app sends fewer (see sync-engine.ts). */
export const SYNC_BATCH_MAX_ITEMS = 100;

/**
 * The item's `letter` is the single call's body, checked by the platform against that
 * call's schema (CreateLetterRequestSchema / UpdateLetterRequestSchema), so a malformed
 * letter is refused alone, with the field messages its single call would give.
 */
export const SyncBatchItemSchema = z.discriminatedUnion('op', [
  z.object({ op: z.literal('create'), brandSlug: z.string().min(1), channelSlug: z.string().min(1), letter: z.unknown() }),
  z.object({ op: z.literal('update'), channelSlug: z.string().min(1), id: z.number().int().positive().max(2_147_483_647), letter: z.unknown() }),
]);
export type SyncBatchItem = z.infer<typeof SyncBatchItemSchema>;

export const SyncBatchRequestSchema = z.object({
  items: z.array(z.unknown()).min(1).max(SYNC_BATCH_MAX_ITEMS, `A batch holds at most ${SYNC_BATCH_MAX_ITEMS} letters.`),
});
export type SyncBatchRequest = { items: SyncBatchItem[] };

/** The status the single call would have answered, with its letter or its error. */
export const SyncBatchResultSchema = z.union([
  z.object({ status: z.number().int().min(200).max(299), letter: LetterSchema }),
  z.object({ status: z.number().int().min(400).max(499), error: ApiErrorSchema }),
]);
export type SyncBatchResult = z.infer<typeof SyncBatchResultSchema>;

/** One result per item, in the order of the items. */
export const SyncBatchResponseSchema = z.object({ results: z.array(SyncBatchResultSchema) });
export type SyncBatchResponse = z.infer<typeof SyncBatchResponseSchema>;
