import { z } from 'zod';

/** One UTM tracking row (spec 1 §3 "UTM entry"), on the letter and in its settings. */
export const UtmEntrySchema = z.object({ key: z.string(), value: z.string() });
export type UtmEntry = z.infer<typeof UtmEntrySchema>;
