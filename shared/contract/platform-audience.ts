import { z } from 'zod';
import { FEATURE_FLAG_NAMES } from '../model/feature-flags';

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
export const SEGMENT_OPERATORS = [...TEXT_OPERATORS, ...TAG_OPERATORS] as const;
export type SegmentOperator = (typeof SEGMENT_OPERATORS)[number];

export const SEGMENT_CONDITIONS_MAX = 50;

export const SegmentConditionSchema = z
  .strictObject({
    field: z.string().trim().min(1, 'Choose a field.').max(100),
    op: z.enum(SEGMENT_OPERATORS, { error: `Use one of: ${SEGMENT_OPERATORS.join(', ')}.` }),
    value: z.string().trim().max(500),
  })
  .superRefine((condition, context) => {
    const tagOp = (TAG_OPERATORS as readonly string[]).includes(condition.op);
    if (condition.field === TAG_FIELD && !tagOp) {
      context.addIssue({ code: 'custom', path: ['op'], message: "Tags take 'has_tag' or 'lacks_tag'." });
    } else if (condition.field !== TAG_FIELD && tagOp) {
      context.addIssue({ code: 'custom', path: ['op'], message: `'${condition.op}' applies to the field 'tag' only.` });
    }
    if ((tagOp || condition.op === 'contains') && condition.value.trim() === '') {
      context.addIssue({ code: 'custom', path: ['value'], message: tagOp ? 'Enter a tag.' : 'Enter the text to look for.' });
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
const id = z.number().int();

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

/**
 * GET .../segments/criterias: what a condition may name in this channel. `attribute` is
 * the spec's key ('tags' for the tag entry, which the client keeps by itself); `field` is
 * what a condition's `field` holds.
 */
export const SegmentCriterionSchema = z.object({
  attribute: z.string(),
  field: z.string(),
  label: z.string(),
  kind: z.enum(['tag', 'subscriber', 'custom']),
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
/** Data rows one import may hold; larger lists are split by the sender. */
export const SUBSCRIBER_IMPORT_MAX_ROWS = 50_000;

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

/** The JSON form of an import; the same text may be sent as the body with `text/csv`. */
export const SubscriberImportRequestSchema = z.object({ csv: z.string() });
export type SubscriberImportRequest = z.infer<typeof SubscriberImportRequestSchema>;

export const SubscriberImportResponseSchema = z.object({
  created: z.number().int().nonnegative(),
  /** Existing subscribers (or earlier rows of the same file) whose data changed. */
  updated: z.number().int().nonnegative(),
  /** Rows that changed nothing. */
  skipped: z.number().int().nonnegative(),
  /** Rows not imported; `line` is the file line the row starts on (the header is line 1). */
  errors: z.array(z.object({ line: z.number().int().positive(), message: z.string() })),
  /** Header columns that were not imported (reserved names, blank headers). */
  ignoredColumns: z.array(z.string()),
});
export type SubscriberImportResponse = z.infer<typeof SubscriberImportResponseSchema>;

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

// --- Merge tags --------------------------------------------------------------------------

export const ValidateMergeTagRequestSchema = z.object({
  mergeTag: z.string({ error: 'mergeTag is required.' }).max(500, 'A merge tag has at most 500 characters.'),
});
export type ValidateMergeTagRequest = z.infer<typeof ValidateMergeTagRequestSchema>;

export const ValidateMergeTagResponseSchema = z.object({ valid: z.boolean(), message: z.string() });
export type ValidateMergeTagResponse = z.infer<typeof ValidateMergeTagResponseSchema>;
