import { z } from 'zod';
import { isRealDay } from '../model/calendar-day';
import { int4 } from '../model/column-ranges';
import { FEATURE_FLAG_NAMES } from '../model/feature-flags';
import { SPECIFIC_EMAILS_MAX } from '../rules/specific-emails';

// Payloads of the platform's audience calls (segments, subscribers), feature flags and the
// merge-tag check (spec 3 §7 "Audience segments", spec 2 §6, spec 1 §7). Paths are in
// platform-api.ts; choices the spec leaves open are in docs/decisions.md.

// --- Segment criteria --------------------------------------------------------------------
// A segment is `match` ('all' or 'any') of its conditions, counted over the channel's
// active subscribers. `field` is 'tag', a subscriber field or a custom field's name (as it
// is written on the subscribers, case included). Text comparisons ignore case, and a
// missing custom field reads as empty text:
//   { field: 'tag', op: 'has_tag' | 'lacks_tag', value: 'vip' }
//   { field: 'email' | 'first_name' | 'last_name' | <custom>, op: 'is' | 'is_not' | 'contains', value }

export const TAG_FIELD = 'tag';
export const SUBSCRIBER_CRITERIA_FIELDS = ['email', 'first_name', 'last_name'] as const;
export const TEXT_OPERATORS = ['is', 'is_not', 'contains'] as const;
export const TAG_OPERATORS = ['has_tag', 'lacks_tag'] as const;
// Engagement criteria: what the reader did with any letter of the channel in the last N
// days (value: N, 1 to 3650), and when they subscribed (value: YYYY-MM-DD, UTC):
//   { field: 'engagement', op: 'opened_within' | 'clicked_within' | 'not_opened_within', value: '30' }
//   { field: 'subscribed_at', op: 'before' | 'after', value: '2026-01-31' }
// A segment using any of them is an engagement segment (isEngagementSegment, set by the
// platform): its readers may opt out of it with the footer's link.
export const ENGAGEMENT_FIELD = 'engagement';
export const SUBSCRIBED_FIELD = 'subscribed_at';
export const ENGAGEMENT_OPERATORS = ['opened_within', 'clicked_within', 'not_opened_within'] as const;
export const DATE_OPERATORS = ['before', 'after'] as const;
export const ENGAGEMENT_DAYS_MAX = 3650;
export const SEGMENT_OPERATORS = [...TEXT_OPERATORS, ...TAG_OPERATORS, ...ENGAGEMENT_OPERATORS, ...DATE_OPERATORS] as const;

const FIELD_OPERATORS: Record<string, readonly string[]> = {
  [TAG_FIELD]: TAG_OPERATORS,
  [ENGAGEMENT_FIELD]: ENGAGEMENT_OPERATORS,
  [SUBSCRIBED_FIELD]: DATE_OPERATORS,
};

/** Whether a condition is one of the engagement criteria. */
export function isEngagementCondition(condition: { field: string }): boolean {
  return condition.field === ENGAGEMENT_FIELD || condition.field === SUBSCRIBED_FIELD;
}
export type SegmentOperator = (typeof SEGMENT_OPERATORS)[number];

export const SEGMENT_CONDITIONS_MAX = 50;

export const SegmentConditionSchema = z
  .strictObject({
    field: z.string().trim().min(1, 'Choose a field.').max(100),
    op: z.enum(SEGMENT_OPERATORS, { error: `Use one of: ${SEGMENT_OPERATORS.join(', ')}.` }),
    value: z.string().trim().max(500),
  })
  .superRefine((condition, context) => {
    const allowed = FIELD_OPERATORS[condition.field] ?? TEXT_OPERATORS;
    if (!allowed.includes(condition.op)) {
      const owner = Object.keys(FIELD_OPERATORS).find((field) => FIELD_OPERATORS[field]!.includes(condition.op));
      const message =
        condition.field === TAG_FIELD
          ? "Tags take 'has_tag' or 'lacks_tag'."
          : FIELD_OPERATORS[condition.field]
            ? `'${condition.field}' takes ${allowed.map((op) => `'${op}'`).join(', ')}.`
            : `'${condition.op}' applies to the field '${owner ?? TAG_FIELD}' only.`;
      context.addIssue({ code: 'custom', path: ['op'], message });
      return;
    }
    const value = condition.value.trim();
    if (condition.field === ENGAGEMENT_FIELD) {
      const days = Number(value);
      if (!/^\d+$/.test(value) || days < 1 || days > ENGAGEMENT_DAYS_MAX) {
        context.addIssue({ code: 'custom', path: ['value'], message: `Enter a number of days from 1 to ${ENGAGEMENT_DAYS_MAX}.` });
      }
    } else if (condition.field === SUBSCRIBED_FIELD) {
      if (!isRealDay(value)) context.addIssue({ code: 'custom', path: ['value'], message: 'Enter a date as YYYY-MM-DD.' });
    } else if ((condition.field === TAG_FIELD || condition.op === 'contains') && value === '') {
      context.addIssue({ code: 'custom', path: ['value'], message: condition.field === TAG_FIELD ? 'Enter a tag.' : 'Enter the text to look for.' });
    }
  });
export type SegmentCondition = z.infer<typeof SegmentConditionSchema>;

export const SegmentCriteriaSchema = z.strictObject({
  match: z.enum(['all', 'any']),
  conditions: z
    .array(SegmentConditionSchema)
    .min(1, 'Add at least one condition.')
    .max(SEGMENT_CONDITIONS_MAX, `A segment has at most ${SEGMENT_CONDITIONS_MAX} conditions.`),
});
export type SegmentCriteria = z.infer<typeof SegmentCriteriaSchema>;

// --- Segments ----------------------------------------------------------------------------

/** DECISIONS: id 0 reads "All active subscribers", 99991 "Specific emails" (not rows). */
export { ALL_ACTIVE_SUBSCRIBERS_NAME } from '../model/segment';
export const SEGMENT_PAGE_SIZE_DEFAULT = 10;
/** The composer fetches segments with page size 9999 (spec 1 §9). */
export const SEGMENT_PAGE_SIZE_MAX = 9999;

const pageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);
const id = int4();

/** A segment as an audience picker shows it (spec 1 §3 "Segment option", spec 3 §3). */
export const SegmentOptionSchema = z.object({
  id,
  name: z.string(),
  /** Active subscribers the segment matches now. */
  total: z.number().int().nonnegative(),
  isEngagementSegment: z.boolean(),
  /** The tags its criteria name (spec 3 §3 lists tags on a segment). */
  tags: z.array(z.string()),
  /** null for "All active subscribers" when it spans several channels. */
  channelId: id.nullable(),
});
export type SegmentOption = z.infer<typeof SegmentOptionSchema>;

export const SegmentSchema = SegmentOptionSchema.extend({
  /** null for the built-in audience, and for a stored segment whose criteria cannot be read. */
  criteria: SegmentCriteriaSchema.nullable(),
});
export type Segment = z.infer<typeof SegmentSchema>;

/** GET organizations/{brand}/audience/segments?channels[]=..&limit=..&page=.. (after reading `channels[]`). */
export const AudienceSegmentsQuerySchema = z.object({
  channels: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(1000).default([]),
  limit: z.coerce.number().int().min(1).max(SEGMENT_PAGE_SIZE_MAX).default(SEGMENT_PAGE_SIZE_DEFAULT),
  page: pageNumber,
});
export type AudienceSegmentsQuery = z.infer<typeof AudienceSegmentsQuerySchema>;

/** Led by "All active subscribers" (id 0), which counts as one of the items and in total. */
export const AudienceSegmentsResponseSchema = z.object({
  items: z.array(SegmentOptionSchema),
  total: z.number().int().nonnegative(),
});
export type AudienceSegmentsResponse = z.infer<typeof AudienceSegmentsResponseSchema>;

/** GET brands/{brand}/channels/{channel}/segments?name=&tags[]=&page=&itemsPerPage= */
export const ChannelSegmentsQuerySchema = z.object({
  name: z.string().trim().max(200).optional(),
  tags: z.array(z.string().trim().min(1)).max(100).default([]),
  page: pageNumber,
  itemsPerPage: z.coerce.number().int().min(1).max(SEGMENT_PAGE_SIZE_MAX).default(SEGMENT_PAGE_SIZE_DEFAULT),
});
export type ChannelSegmentsQuery = z.infer<typeof ChannelSegmentsQuerySchema>;

export const ChannelSegmentsResponseSchema = z.object({
  segments: z.array(SegmentSchema),
  total: z.number().int().nonnegative(),
});
export type ChannelSegmentsResponse = z.infer<typeof ChannelSegmentsResponseSchema>;

export const CreateSegmentRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name the segment.').max(120, 'A segment name has at most 120 characters.'),
  criteria: SegmentCriteriaSchema,
  isEngagementSegment: z.boolean().default(false),
});
export type CreateSegmentRequest = z.input<typeof CreateSegmentRequestSchema>;

/** PUT .../segments/{id}: the whole segment again, as created. */
export const UpdateSegmentRequestSchema = CreateSegmentRequestSchema;
export type UpdateSegmentRequest = CreateSegmentRequest;

export const SegmentCountRequestSchema = z.object({ criteria: SegmentCriteriaSchema });
export type SegmentCountRequest = z.input<typeof SegmentCountRequestSchema>;
export const SegmentCountResponseSchema = z.object({ total: z.number().int().nonnegative() });
export type SegmentCountResponse = z.infer<typeof SegmentCountResponseSchema>;

/**
 * POST .../segments/specific-emails/left-out: of a 'Specific emails' list (read as the
 * schedule step reads it), the addresses its send will leave out, and why.
 */
export const SpecificEmailsLeftOutRequestSchema = z.object({ emails: z.array(z.string().max(254)).max(SPECIFIC_EMAILS_MAX) });
export type SpecificEmailsLeftOutRequest = z.input<typeof SpecificEmailsLeftOutRequestSchema>;
export const SpecificEmailsLeftOutResponseSchema = z.object({
  /** Unsubscribed from the channel (a subscriber, or a recipient of an earlier letter). */
  unsubscribed: z.number().int().nonnegative(),
  bounced: z.number().int().nonnegative(),
});
export type SpecificEmailsLeftOutResponse = z.infer<typeof SpecificEmailsLeftOutResponseSchema>;

/** GET .../segments/criterias?all=true: every criterion; without it only the tag entry (spec 3 §5). */
export const SegmentCriteriasQuerySchema = z.object({
  all: z.enum(['true', 'false', '1', '0']).optional().transform((value) => value === 'true' || value === '1'),
});

/**
 * GET .../segments/criterias: what a condition may name in this channel. `attribute` is
 * the spec's key ('tags' for the tag entry, which the client keeps by itself); `field` is
 * what a condition's `field` holds.
 */
export const SegmentCriterionSchema = z.object({
  attribute: z.string(),
  field: z.string(),
  label: z.string(),
  kind: z.enum(['tag', 'subscriber', 'custom', 'engagement']),
  operators: z.array(z.enum(SEGMENT_OPERATORS)),
  /** Known values: the channel's tags for the tag entry, else empty. */
  values: z.array(z.string()),
});
export type SegmentCriterion = z.infer<typeof SegmentCriterionSchema>;

export const SegmentCriteriasResponseSchema = z.object({ items: z.array(SegmentCriterionSchema) });
export type SegmentCriteriasResponse = z.infer<typeof SegmentCriteriasResponseSchema>;

// --- Subscribers -------------------------------------------------------------------------

export const SUBSCRIBER_STATUSES = ['active', 'unsubscribed', 'bounced'] as const;
export const SUBSCRIBER_PAGE_SIZE_DEFAULT = 25;
export const SUBSCRIBER_PAGE_SIZE_MAX = 1000;
/** Data rows one import may hold (the file is streamed, so this guards time, not memory). */
export const SUBSCRIBER_IMPORT_MAX_ROWS = 1_000_000;
/** Row errors an import answers in full; the rest are only counted. */
export const SUBSCRIBER_IMPORT_ERRORS_MAX = 100;

export const SubscriberSchema = z.object({
  id,
  uniqueId: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  status: z.enum(SUBSCRIBER_STATUSES),
  tags: z.array(z.string()),
  customFields: z.record(z.string(), z.string()),
  createdAt: z.string(),
});
export type Subscriber = z.infer<typeof SubscriberSchema>;

export const SubscriberListQuerySchema = z.object({
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  /** Part of the email, first or last name, any case. */
  search: z.string().trim().max(200).optional(),
  /** Subscribers carrying every one of these tags (any case); read from `tags[]`. */
  tags: z.array(z.string().trim().min(1)).max(100).default([]),
  page: pageNumber,
  itemsPerPage: z.coerce.number().int().min(1).max(SUBSCRIBER_PAGE_SIZE_MAX).default(SUBSCRIBER_PAGE_SIZE_DEFAULT),
});
export type SubscriberListQuery = z.infer<typeof SubscriberListQuerySchema>;

export const SubscriberListResponseSchema = z.object({
  items: z.array(SubscriberSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  itemsPerPage: z.number().int(),
});
export type SubscriberListResponse = z.infer<typeof SubscriberListResponseSchema>;

const tagList = z
  .array(z.string().trim().min(1, 'A tag cannot be empty.').max(100, 'A tag has at most 100 characters.'))
  .max(100, 'A subscriber has at most 100 tags.');
const customFieldMap = z.record(
  z.string().trim().min(1, 'Name the custom field.').max(100),
  z.string().max(1000, 'A custom field value has at most 1000 characters.'),
);

/** POST .../subscribers: one subscriber, added active. */
export const SubscriberCreateRequestSchema = z.object({
  email: z.string().trim().toLowerCase().pipe(z.email('Enter a valid email address.').max(254)),
  firstName: z.string().trim().max(1000).default(''),
  lastName: z.string().trim().max(1000).default(''),
  tags: tagList.default([]),
  customFields: customFieldMap.default({}),
});
export type SubscriberCreateRequest = z.input<typeof SubscriberCreateRequestSchema>;

/** PATCH .../subscribers/{id}: the fields given replace the stored ones; status has its own calls. */
export const SubscriberUpdateRequestSchema = z.object({
  firstName: z.string().trim().max(1000).optional(),
  lastName: z.string().trim().max(1000).optional(),
  tags: tagList.optional(),
  customFields: customFieldMap.optional(),
});
export type SubscriberUpdateRequest = z.input<typeof SubscriberUpdateRequestSchema>;

/** POST .../subscribers/tags: add and remove tags on many subscribers at once. */
export const SubscriberBulkTagsRequestSchema = z
  .object({
    ids: z.array(id.positive()).min(1, 'Choose at least one subscriber.').max(10_000),
    add: tagList.default([]),
    remove: tagList.default([]),
  })
  .refine((body) => body.add.length + body.remove.length > 0, { message: 'Choose a tag to add or remove.', path: ['add'] });
export type SubscriberBulkTagsRequest = z.input<typeof SubscriberBulkTagsRequestSchema>;
export const SubscriberBulkTagsResponseSchema = z.object({ updated: z.number().int().nonnegative() });

/** A letter a subscriber was sent, with what they did with it. */
export const SubscriberLetterSchema = z.object({
  letterId: id,
  title: z.string(),
  /** When the mail server took it; null while pending or when refused. */
  sentAt: z.string().nullable(),
  status: z.enum(['pending', 'sent', 'refused']),
  opens: z.number().int().nonnegative(),
  clicks: z.number().int().nonnegative(),
  bounced: z.boolean(),
  unsubscribed: z.boolean(),
});
export type SubscriberLetter = z.infer<typeof SubscriberLetterSchema>;

export const SubscriberDetailSchema = SubscriberSchema.extend({
  /** Newest first, at most 100. */
  letters: z.array(SubscriberLetterSchema),
});
export type SubscriberDetail = z.infer<typeof SubscriberDetailSchema>;

/**
 * Where a CSV column goes: a built-in field, 'ignore', or `custom:<name>` (a custom field
 * named <name>). Columns the mapping does not name are read from their header.
 */
export const IMPORT_BUILT_IN_TARGETS = ['email', 'first_name', 'last_name', 'tags', 'ignore'] as const;
export const CUSTOM_TARGET_PREFIX = 'custom:';
export const ImportTargetSchema = z.union([
  z.enum(IMPORT_BUILT_IN_TARGETS),
  z
    .string()
    .startsWith(CUSTOM_TARGET_PREFIX)
    .refine((value) => value.slice(CUSTOM_TARGET_PREFIX.length).trim() !== '', 'Name the custom field.')
    .refine((value) => value.length <= CUSTOM_TARGET_PREFIX.length + 100, 'A custom field name has at most 100 characters.'),
]);
export type ImportTarget = z.infer<typeof ImportTargetSchema>;
/** Header text → target. */
export const ImportMappingSchema = z.record(z.string().max(200), ImportTargetSchema);
export type ImportMapping = z.infer<typeof ImportMappingSchema>;

export const IMPORT_EXISTING_MODES = ['skip', 'update'] as const;
export type ImportExistingMode = (typeof IMPORT_EXISTING_MODES)[number];

/**
 * The import's options, in the query string (the body is the file itself, `text/csv`):
 * `existing`, `mapping` (the JSON of an ImportMapping) and `importId`, a UUID the caller
 * makes so it can ask for progress while the file streams in.
 */
export const SubscriberImportOptionsSchema = z.object({
  existing: z.enum(IMPORT_EXISTING_MODES, { error: "existing is 'skip' or 'update'." }).default('update'),
  mapping: ImportMappingSchema.default({}),
  importId: z.uuid('importId is a UUID.').optional(),
  /**
   * Not in the spec (issue 32): the subscribers the import creates get the channel's active
   * welcome templates. Off unless asked for: an import usually brings readers who joined long ago.
   */
  sendWelcome: z
    .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'sendWelcome is true or false.' })])
    .default(false)
    .transform((value) => value === true || value === 'true' || value === '1'),
});
export type SubscriberImportOptions = z.input<typeof SubscriberImportOptionsSchema>;

/** The JSON form of an import (small files, scripts): the same text and options in one body. */
export const SubscriberImportRequestSchema = z.object({
  csv: z.string(),
  existing: z.enum(IMPORT_EXISTING_MODES).optional(),
  mapping: ImportMappingSchema.optional(),
  /** See SubscriberImportOptionsSchema; default off. */
  sendWelcome: z.boolean().optional(),
});
export type SubscriberImportRequest = z.infer<typeof SubscriberImportRequestSchema>;

export const SkippedReasonsSchema = z.object({
  /** No email, or not an address. */
  invalidEmail: z.number().int().nonnegative(),
  /** The email came earlier in the same file; the first row counts. */
  duplicate: z.number().int().nonnegative(),
  /** Already a subscriber who unsubscribed: never subscribed again by an import. */
  unsubscribed: z.number().int().nonnegative(),
  /** Already a subscriber whose address bounced. */
  bounced: z.number().int().nonnegative(),
  /** Already an active subscriber and the import was told to skip existing ones. */
  existing: z.number().int().nonnegative(),
  /** Already an active subscriber and the row changed nothing. */
  unchanged: z.number().int().nonnegative(),
  /** A row with more values than the header has columns, or a value over 1,000 characters. */
  malformed: z.number().int().nonnegative(),
});
export type SkippedReasons = z.infer<typeof SkippedReasonsSchema>;

export const SubscriberImportResponseSchema = z.object({
  /** Data rows read (blank lines not counted). */
  rows: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  /** Existing active subscribers whose data changed. */
  updated: z.number().int().nonnegative(),
  /** Rows not written; why, in skippedReasons. */
  skipped: z.number().int().nonnegative(),
  skippedReasons: SkippedReasonsSchema,
  /** The first rows not written for a reason worth fixing; `line` is the file line the row starts on. */
  errors: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
  /** Header columns that were not imported (reserved names, blank headers, mapped to 'ignore'). */
  ignoredColumns: z.array(z.string()),
});
export type SubscriberImportResponse = z.infer<typeof SubscriberImportResponseSchema>;

/** GET .../subscribers/imports/{importId}: how far an import is. */
export const SubscriberImportProgressSchema = z.object({
  importId: z.string(),
  rowsProcessed: z.number().int().nonnegative(),
  done: z.boolean(),
});
export type SubscriberImportProgress = z.infer<typeof SubscriberImportProgressSchema>;

// --- Feature flags -----------------------------------------------------------------------

export const FeatureFlagNameSchema = z.enum(FEATURE_FLAG_NAMES);

/**
 * The spec's lookup context (spec 2 §6). The brand decides the tenant and the caller is
 * the signed-in user, so `userUniqueId`, `email` and `tenant` are accepted but not needed;
 * `channelId` lets a channel's own setting win.
 */
export const FeatureFlagQuerySchema = z.object({
  brandSlug: z.string().trim().min(1, 'brandSlug is required.'),
  channelId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  userUniqueId: z.string().optional(),
  email: z.string().optional(),
  tenant: z.string().optional(),
});
export type FeatureFlagQuery = z.infer<typeof FeatureFlagQuerySchema>;

export const FeatureFlagResponseSchema = z.object({ enabled: z.boolean() });
export type FeatureFlagResponse = z.infer<typeof FeatureFlagResponseSchema>;

/** One flag as an organization has it (the Features section of Settings). */
export const OrganizationFeatureFlagSchema = z.object({ name: FeatureFlagNameSchema, enabled: z.boolean() });
export type OrganizationFeatureFlag = z.infer<typeof OrganizationFeatureFlagSchema>;

/**
 * Every flag as the organization has it, in the product's order; `canChange`: whether the
 * caller may switch them (owners and admins).
 */
export const OrganizationFeatureFlagsSchema = z.object({ items: z.array(OrganizationFeatureFlagSchema), canChange: z.boolean() });
export type OrganizationFeatureFlags = z.infer<typeof OrganizationFeatureFlagsSchema>;

export const SetFeatureFlagRequestSchema = z.object({ enabled: z.boolean({ error: 'Say whether the feature is on (true or false).' }) });
export type SetFeatureFlagRequest = z.infer<typeof SetFeatureFlagRequestSchema>;

// --- Merge tags --------------------------------------------------------------------------

export const ValidateMergeTagRequestSchema = z.object({
  mergeTag: z.string({ error: 'mergeTag is required.' }).max(500, 'A merge tag has at most 500 characters.'),
});
export type ValidateMergeTagRequest = z.infer<typeof ValidateMergeTagRequestSchema>;

export const ValidateMergeTagResponseSchema = z.object({ valid: z.boolean(), message: z.string() });
export type ValidateMergeTagResponse = z.infer<typeof ValidateMergeTagResponseSchema>;
