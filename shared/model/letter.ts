import { z } from 'zod';
import { AutomationSettingsSchema } from './automation';
import { DeltaSchema } from './delta';
import { LetterSettingsSchema } from './letter-settings';
import { UtmEntrySchema } from './utm';
import { PUBLICATION_STATUS_VALUES, PublicationEvent, PublicationStatus } from './publication';

// The Letter as the platform and the app exchange it: every field of spec 1 §3, plus
// `version` (DECISIONS: the server increments it on each write, writes send their base).

export const PUBLICATION_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const publicationDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/, `Use the format ${PUBLICATION_DATE_FORMAT}`);

const UNKNOWN_STATUS = 'Unknown publication status';
export const PublicationStatusSchema = z
  .number()
  .int()
  // The range tells the API document (and SQL) which numbers can be statuses at all.
  .min(Math.min(...PUBLICATION_STATUS_VALUES), { message: UNKNOWN_STATUS, abort: true })
  .max(Math.max(...PUBLICATION_STATUS_VALUES), { message: UNKNOWN_STATUS, abort: true })
  .refine((n) => (PUBLICATION_STATUS_VALUES as number[]).includes(n), UNKNOWN_STATUS);

export const ClaimantSchema = z.object({
  uniqueId: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
});
export type Claimant = z.infer<typeof ClaimantSchema>;

/** The claimant field as the spec sends it: a JSON string naming who is editing. */
export function claimantJson(person: Claimant): string {
  return JSON.stringify({ uniqueId: person.uniqueId, name: person.name, surname: person.surname, email: person.email });
}

/** The claimant field read back; null when empty or unreadable. */
export function parseClaimant(json: string | null): Claimant | null {
  if (!json) return null;
  try {
    const parsed = ClaimantSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A local edit that lost to a newer version elsewhere is kept under this title. */
export function conflictedCopyTitle(title: string): string {
  return `Conflicted copy of ${title}`;
}

/** The spec leaves authors open; we keep who they are the way a claimant is kept. */
export const AuthorSchema = z.object({
  uniqueId: z.string(),
  name: z.string(),
  surname: z.string().default(''),
  email: z.string().default(''),
});
export type Author = z.infer<typeof AuthorSchema>;

export const InsightsSchema = z.object({
  readability: z.object({ ease: z.number().nullable(), time: z.number().nullable() }),
  wordCount: z.number().int().nonnegative(),
  /** Email weight in KB. */
  size: z.number().nonnegative(),
});
export type Insights = z.infer<typeof InsightsSchema>;

export const AbTestMetricsSchema = z.object({
  winner: z.enum(['A', 'B']).nullable(),
  acceptA: z.number(),
  acceptB: z.number(),
  openA: z.number(),
  openB: z.number(),
  openRateA: z.number(),
  openRateB: z.number(),
  sampleSize: z.number(),
  /** '-' when the variant recipients are not known yet (spec 1 §8). */
  variantRecipientsCount: z.union([z.number(), z.literal('-')]),
});
export type AbTestMetrics = z.infer<typeof AbTestMetricsSchema>;

export const LetterSchema = z.object({
  id: z.number().int().positive().nullable(),
  uniqueId: z.string().min(1),
  version: z.number().int().nonnegative(),
  title: z.string(),
  subtitle: z.string(),
  subjectB: z.string(),
  hasAbTest: z.boolean(),
  /** Serialized (JSON text) list of sections, as the spec sends it. */
  blocks: z.string(),
  delta: DeltaSchema,
  authors: z.array(AuthorSchema),
  settings: LetterSettingsSchema,
  publicationStatus: PublicationStatusSchema,
  publicationDate: publicationDate.nullable(),
  publicationDateTzCode: z.string().nullable(),
  publicationEvent: z.number().int(),
  segmentId: z.number().int().nullable(),
  segmentName: z.string().nullable(),
  channelId: z.number().int().nullable(),
  channelSlug: z.string(),
  brandSlug: z.string(),
  esp: z.number().int().nonnegative(),
  emailTemplate: z.string(),
  copyRendered: z.string(),
  includePromotions: z.boolean(),
  /** Left off the channel's public web archive once sent (shared/rules/letter-privacy.ts). */
  private: z.boolean(),
  /**
   * An editor chose `private` (update-private); until then the platform sets it from the
   * audience when the letter is scheduled. Absent from letters cached before it existed.
   */
  privateChosen: z.boolean().default(false),
  insights: InsightsSchema.nullable(),
  updatedAt: z.string(),
  openGraphHeadline: z.string(),
  openGraphDescription: z.string(),
  openGraphImageUrl: z.string(),
  abTestMetrics: AbTestMetricsSchema.nullable(),
  utmEnabled: z.boolean(),
  utms: z.array(UtmEntrySchema),
  automationUniqueId: z.string().nullable(),
  /**
   * A template's trigger (issue 32): to each new subscriber, or on a schedule; absent when not
   * configured (and from letters cached before it existed). Set by save-on-scheduling.
   */
  automation: AutomationSettingsSchema.optional(),
  updatePreviewText: z.boolean(),
  /** JSON string holding the claimant's uniqueId, name, surname and email, or null. */
  claimant: z.string().nullable(),
});
export type Letter = z.infer<typeof LetterSchema>;

/** What a list shows of a letter: enough for the newsletters table without the body. */
export const LetterSummarySchema = LetterSchema.pick({
  id: true,
  uniqueId: true,
  version: true,
  title: true,
  publicationStatus: true,
  publicationDate: true,
  channelSlug: true,
  brandSlug: true,
  segmentName: true,
  private: true,
  updatedAt: true,
});
export type LetterSummary = z.infer<typeof LetterSummarySchema>;

/** A draft with no title is saved as 'Draft {id}' (spec 1 §3). */
export function draftTitle(id: number): string {
  return `Draft ${id}`;
}

export { PublicationEvent, PublicationStatus };
