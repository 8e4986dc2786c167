import { z } from 'zod';
import { AutomationSettingsSchema } from '../model/automation';
import { int4, queryInt4, rowId } from '../model/column-ranges';
import { isKnownTimezone } from '../model/channel-settings';
import { DeltaSchema } from '../model/delta';
import { LetterSettingsSchema } from '../model/letter-settings';
import {
  AuthorSchema,
  ClaimantSchema,
  LetterSchema,
  LetterSummarySchema,
  PUBLICATION_DATE_FORMAT,
  PublicationStatusSchema,
} from '../model/letter';
import { PublicationStatus } from '../model/publication';

// Payloads of the rest of the letter lifecycle (spec 1 §7): status changes, scheduling,
// claims, copies, filtered lists and the sync feed. The paths are in platform-api.ts.

export const PREVIEW_TEXT_MAX = 150;
/** The social card's headline and description (spec 1 §5; newlines do not count). */
export const SOCIAL_CARD_TEXT_MAX = 180;

export const PREVIEW_TEXT_TOO_LONG_MESSAGE = 'The Preview text may not be greater than 150 characters.';
export const SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE = 'Sorry, your social card headline should be no more than 180 characters.';
export const SOCIAL_CARD_DESCRIPTION_TOO_LONG_MESSAGE =
  'Sorry, your social card preview text should be no more than 180 characters.';
export const SAVE_ON_SCHEDULING_FAILED_MESSAGE = 'Failed to update letter on scheduling.';
export const SCHEDULING_REQUIREMENTS_MESSAGE = 'Please fill out the required fields to save and schedule.';
export const SETTINGS_UPDATE_FAILED_MESSAGE = "Sorry, we failed to update this letter's settings.";
export const CLAIM_FAILED_MESSAGE = 'Sorry, we failed to claim your letter.';
export const CLONE_FAILED_MESSAGE = 'Failed to clone letter';

export function claimRefusedMessage(name: string): string {
  return `Sorry, ${name} is currently working on this letter.`;
}

/** Social card limits ignore newlines (spec 1 §5). */
export function socialCardLength(text: string): number {
  return text.replace(/[\r\n]/g, '').length;
}

/** '2024-02-30 10:00:00' matches the format but is no day at all. */
export function isRealWallClock(value: string): boolean {
  const [y, mo, d, h, mi, s] = value.split(/[- :]/).map(Number) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi, s));
  return (
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    date.getUTCHours() === h &&
    date.getUTCMinutes() === mi &&
    date.getUTCSeconds() === s
  );
}

const WALL_CLOCK = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

export const PublicationDateSchema = z
  .string()
  .regex(WALL_CLOCK, `Use the format ${PUBLICATION_DATE_FORMAT}`)
  // zod runs refinements after a failed check too; one message per mistake is enough.
  .refine((value) => !WALL_CLOCK.test(value) || isRealWallClock(value), 'This date does not exist.');

/** An IANA zone; null or '' means the channel's own (DECISIONS). */
export const TimezoneSchema = z
  .string()
  .nullable()
  .transform((zone) => (zone === null || zone.trim() === '' ? null : zone))
  .refine((zone) => zone === null || isKnownTimezone(zone), 'Unknown timezone.');

/** The claimant travels as a JSON string (spec 1 §3); parsing it here gives field errors. */
export const ClaimantJsonSchema = z
  .string()
  .transform((value, ctx) => {
    try {
      return JSON.parse(value) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'The claimant must be a JSON string.' });
      return z.NEVER;
    }
  })
  .pipe(ClaimantSchema);

const baseVersion = int4().nonnegative();
const previewText = z.string().max(PREVIEW_TEXT_MAX, PREVIEW_TEXT_TOO_LONG_MESSAGE);
const socialCardHeadline = z
  .string()
  .refine((text) => socialCardLength(text) <= SOCIAL_CARD_TEXT_MAX, SOCIAL_CARD_HEADLINE_TOO_LONG_MESSAGE);
const socialCardDescription = z
  .string()
  .refine((text) => socialCardLength(text) <= SOCIAL_CARD_TEXT_MAX, SOCIAL_CARD_DESCRIPTION_TOO_LONG_MESSAGE);

export const ResolveIdResponseSchema = z.object({
  items: z.object({ id: z.number().int().positive(), uniqueId: z.string() }),
});
export type ResolveIdResponse = z.infer<typeof ResolveIdResponseSchema>;

/**
 * Save on scheduling (spec 1 §7). An empty headline falls back to the title. A status
 * different from the stored one is applied with the same rules as update-status.
 */
export const SaveOnSchedulingRequestSchema = z.object({
  claimant: ClaimantJsonSchema.nullable(),
  emailTemplate: z.string(),
  hasAbTest: z.boolean(),
  openGraphHeadline: socialCardHeadline,
  openGraphDescription: socialCardDescription,
  openGraphImageUrl: z.string(),
  publicationDate: PublicationDateSchema.nullable(),
  publicationStatus: PublicationStatusSchema,
  publicationDateTzCode: TimezoneSchema,
  segmentId: int4().nullable(),
  subjectB: z.string(),
  subtitle: previewText,
  title: z.string(),
  uniqueId: z.string().min(1),
  updatePreviewText: z.boolean(),
  /** When sent, checked like autosave's (DECISIONS "Concurrency"). */
  baseVersion: baseVersion.optional(),
  /**
   * Not in the spec's payload (issue 32): a template's trigger, set in its configure step
   * (it sets `publicationEvent` too); leaving it out keeps what is stored. Only templates take one.
   */
  automation: AutomationSettingsSchema.optional(),
});
export type SaveOnSchedulingRequest = z.input<typeof SaveOnSchedulingRequestSchema>;

export const UpdateStatusRequestSchema = z.object({
  publicationStatus: PublicationStatusSchema,
  /** The status the client believes the letter has; a mismatch is 409. */
  currentStatus: PublicationStatusSchema,
  uniqueId: z.string().min(1),
  /** Polls used in the letter's poll blocks (spec 1 §4), kept for the polls feature. */
  pollIds: z.array(z.union([int4(), z.string().min(1).max(64)])).default([]),
});
export type UpdateStatusRequest = z.input<typeof UpdateStatusRequestSchema>;

/**
 * A full letter body (spec 1 §7) starts from the version it carries: its `version` stands for
 * `baseVersion` when that is left out, so a letter read and posted back as is fits.
 */
function versionAsBase(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const { baseVersion: base, version } = body as { baseVersion?: unknown; version?: unknown };
  return base === undefined && version !== undefined ? { ...body, baseVersion: version } : body;
}

/**
 * The whole editable letter. A Letter object fits: server-owned fields (id, version,
 * placement, esp, insights, A/B metrics, status) are dropped, not written.
 * `utmEnabled`/`utms` follow `settings.utmEnabled`/`settings.utm`.
 */
const UpdateLetterFieldsSchema = z.object({
  uniqueId: z.string().min(1),
  baseVersion,
  claimant: ClaimantJsonSchema.nullable(),
  title: z.string(),
  subtitle: z.string(),
  subjectB: z.string(),
  hasAbTest: z.boolean(),
  blocks: z.string(),
  delta: DeltaSchema,
  authors: z.array(AuthorSchema),
  settings: LetterSettingsSchema,
  publicationDate: PublicationDateSchema.nullable(),
  publicationDateTzCode: TimezoneSchema,
  publicationEvent: int4(),
  segmentId: int4().nullable(),
  emailTemplate: z.string(),
  copyRendered: z.string(),
  includePromotions: z.boolean(),
  private: z.boolean(),
  openGraphHeadline: z.string(),
  openGraphDescription: z.string(),
  openGraphImageUrl: z.string(),
  automationUniqueId: z.string().nullable(),
  updatePreviewText: z.boolean(),
});
export const UpdateLetterRequestSchema = z.preprocess(versionAsBase, UpdateLetterFieldsSchema);
export type UpdateLetterRequest = z.input<typeof UpdateLetterFieldsSchema>;

export const UpdatePrivateRequestSchema = z.object({
  private: z.boolean(),
  claimant: ClaimantJsonSchema.nullable().optional(),
  baseVersion: baseVersion.optional(),
});
export type UpdatePrivateRequest = z.input<typeof UpdatePrivateRequestSchema>;

/**
 * Settings as an object, or as the JSON string that create sends: all of them, or only those
 * that change, laid over the letter's current settings object by object (withSettingsOver)
 * and then checked whole by the platform.
 */
const SettingsValueSchema = z.preprocess((value, ctx) => {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Settings must be a JSON string.' });
    return z.NEVER;
  }
}, z.record(z.string(), z.unknown()));

export const LetterSettingsRequestSchema = z.object({
  settings: SettingsValueSchema,
  claimant: ClaimantJsonSchema.nullable().optional(),
  baseVersion: baseVersion.optional(),
});
export type LetterSettingsRequest = z.input<typeof LetterSettingsRequestSchema>;

/** `force: true` takes the claim over from whoever holds it (DECISIONS). */
export const ClaimRequestSchema = z.object({
  claimant: ClaimantJsonSchema,
  force: z.boolean().optional(),
});
export type ClaimRequest = z.input<typeof ClaimRequestSchema>;

/** A copy starts where a new letter can: a draft or a template. */
export const CLONE_STATUSES: readonly number[] = [
  PublicationStatus.draft,
  PublicationStatus.template,
  PublicationStatus.templateDraft,
];

export const CloneLetterRequestSchema = z.object({
  channelId: rowId(),
  status: PublicationStatusSchema.refine((status) => CLONE_STATUSES.includes(status), 'A copy starts as a draft or a template.'),
});
export type CloneLetterRequest = z.input<typeof CloneLetterRequestSchema>;

export const LETTER_SORT_FIELDS = ['audience', 'publicationDate', 'title', 'uniqueId', 'updated_at'] as const;
export type LetterSortField = (typeof LETTER_SORT_FIELDS)[number];
export const LETTER_PAGE_SIZE_DEFAULT = 25;
export const LETTER_PAGE_SIZE_MAX = 100;

const queryStatus = queryInt4()
  .refine((n) => (Object.values(PublicationStatus) as number[]).includes(n), 'Unknown publication status');

/**
 * The filtered list's query: `status` (6 = any) and `templates[]` (statuses a letter must
 * be in; the two filters combine) narrow it; pages count from 1. `cursor` (a previous
 * answer's `nextCursor`) starts the page after that answer's last letter instead: such
 * pages stay exact while letters are added, where `page` would shift.
 */
export const LetterListQuerySchema = z.object({
  status: queryStatus.default(PublicationStatus.any),
  templates: z.array(queryStatus).default([]),
  sort: z.enum(LETTER_SORT_FIELDS).default('updated_at'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: queryInt4().min(1).default(1),
  perPage: z.coerce.number().int().min(1).max(LETTER_PAGE_SIZE_MAX).default(LETTER_PAGE_SIZE_DEFAULT),
  /** Opaque; made for one sort and direction, which must be asked for again with it. */
  cursor: z.string().min(1).max(4_000).optional(),
  /** Names the brand when several of the caller's brands have a channel with this slug. */
  brand: z.string().min(1).optional(),
});
export type LetterListQuery = z.input<typeof LetterListQuerySchema>;

export const LetterPageResponseSchema = z.object({
  items: z.array(LetterSummarySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int().positive(),
  perPage: z.number().int().positive(),
  /** Send as `cursor` for the letters after these; null when there are none. */
  nextCursor: z.string().nullable(),
});
export type LetterPageResponse = z.infer<typeof LetterPageResponseSchema>;

/** The query string of the filtered list, `templates[]` repeated as the spec sends it. */
export function letterListQueryString(query: Partial<Omit<LetterListQuery, 'templates'>> & { templates?: number[] }): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) parts.push(`${key}[]=${encodeURIComponent(String(item))}`);
    else parts.push(`${key}=${encodeURIComponent(String(value))}`);
  }
  return parts.length === 0 ? '' : `?${parts.join('&')}`;
}

/** The channel's letters, then the tenant's company-channel letters (summaries). */
export const CompanyLettersResponseSchema = z.object({ items: z.array(LetterSummarySchema) });
export type CompanyLettersResponse = z.infer<typeof CompanyLettersResponseSchema>;

export const SYNC_PAGE_SIZE_MAX = 500;
/** Opaque to clients; '0' (or none) starts from the beginning. */
export const SyncCursorSchema = z.string().regex(/^(0|\d{1,20}\.\d{1,20})$/, 'Not a sync cursor.');

export const SyncChangesQuerySchema = z.object({
  since: SyncCursorSchema.default('0'),
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_SIZE_MAX).default(SYNC_PAGE_SIZE_MAX),
});

export const LetterTombstoneSchema = z.object({
  id: z.number().int().positive(),
  uniqueId: z.string(),
  deleted: z.literal(true),
});
export type LetterTombstone = z.infer<typeof LetterTombstoneSchema>;

export const SyncChangesResponseSchema = z.object({
  items: z.array(z.union([LetterTombstoneSchema, LetterSchema])),
  /** Send it back as `since` for the changes after these. */
  cursor: SyncCursorSchema,
  /** More changes are ready now: ask again at once. */
  hasMore: z.boolean(),
});
export type SyncChangesResponse = z.infer<typeof SyncChangesResponseSchema>;
