import { z } from 'zod';
import { EditionMetricsSchema } from './platform-metrics';

// The counts the letters list shows beside each letter (recipients, and from them the open
// and click rates of spec 1 §9): one call for a page of letters, GET
// brands/{b}/channels/{c}/letters/metrics?ids[]=1&ids[]=2 (spec 3 §2 list parameters).

/** A page of the list at most: the list shows LETTER_LIST_PAGE_SIZE rows at a time. */
export const LETTER_LIST_METRICS_MAX_IDS = 200;

export const LetterListMetricsQuerySchema = z.object({
  ids: z
    .array(z.coerce.number().int().positive().max(2_147_483_647))
    .min(1, 'Name at least one letter.')
    .max(LETTER_LIST_METRICS_MAX_IDS, `Ask for at most ${LETTER_LIST_METRICS_MAX_IDS} letters at once.`),
});

/** One letter's counts, defined as in platform-metrics.ts; a letter never sent has zeros. */
export const LetterListMetricsItemSchema = EditionMetricsSchema.pick({
  sent: true,
  accepted: true,
  delivered: true,
  opensUnique: true,
  opensUniqueConfirmed: true,
  clicksUnique: true,
}).extend({ id: z.number().int() });
export type LetterListMetricsItem = z.infer<typeof LetterListMetricsItemSchema>;

/** The letters of the channel among the ids asked for; others (deleted, elsewhere) are left out. */
export const LetterListMetricsResponseSchema = z.object({ items: z.array(LetterListMetricsItemSchema) });
export type LetterListMetricsResponse = z.infer<typeof LetterListMetricsResponseSchema>;
