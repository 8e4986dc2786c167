import { z } from 'zod';
import { daySchema } from '../model/calendar-day';
import { int4, queryInt4, rowId } from '../model/column-ranges';
import { API_PREFIX } from './platform-api';
import { AD_TYPE_DEFAULTS, CAMPAIGN_TITLE_DEFAULT, CampaignStatus, HEADLINE_DEFAULT, PROMOTIONS_PAGE_SIZE, clampAdTypePosition } from '../rules/promotions';

// Promotion campaigns, collateral, ad types (customizations) and promoters (spec 3 §3, §7).
// Spec paths keep their shape; {api2} is /api/v2 and unversioned paths are under /api
// (DECISIONS "Platform API conventions"). Collateral travels as JSON with the image as a
// URL from the media upload; the v1 calls that the spec's client sent multipart take
// multipart too (platform-promotion-calls.ts).

const enc = encodeURIComponent;
const V2 = `${API_PREFIX}/v2`;

export const promotionPaths = {
  campaigns: (org: string) => `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns`,
  campaignScaffold: (org: string) => `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns/scaffold`,
  campaign: (org: string, id: number) => `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns/${id}`,
  campaignClone: (org: string, id: number) => `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns/${id}/clone`,
  campaignMetrics: (org: string, id: number) => `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns/${id}/metrics`,
  campaignMetricsExport: (org: string, id: number) =>
    `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns/${id}/metrics/export`,
  campaignEvents: (org: string, id: number) => `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns/${id}/events`,
  campaignMetricsDownload: (org: string, id: number) =>
    `${API_PREFIX}/organizations/${enc(org)}/promotions/campaigns/${id}/metrics/download`,
  campaignDelete: (org: string, id: number) => `${V2}/organizations/${enc(org)}/promotions/campaigns/${id}`,
  campaignUpdate: (org: string, uniqueId: string) => `${V2}/organizations/${enc(org)}/promotions/campaigns/${enc(uniqueId)}`,
  campaignByUniqueId: (uniqueId: string) => `${V2}/promotion-campaigns/${enc(uniqueId)}`,
  campaignStatus: (uniqueId: string) => `${V2}/promotion-campaigns/${enc(uniqueId)}/status`,
  campaignPromotions: (uniqueId: string) => `${V2}/promotion-campaigns/${enc(uniqueId)}/promotions`,
  createCollateral: (uniqueId: string) => `${API_PREFIX}/promotion-campaigns/${enc(uniqueId)}/promotions`,
  updateCollateral: (uniqueId: string, id: number) => `${API_PREFIX}/promotion-campaigns/${enc(uniqueId)}/promotions/${id}`,
  campaignComments: (channel: string, id: number) => `${V2}/channels/${enc(channel)}/promotions/campaigns/${id}/comments`,
  channelCampaignStatus: (channel: string, id: number) => `${V2}/channels/${enc(channel)}/promotions/campaigns/${id}/status`,
  promoters: (org: string) => `${API_PREFIX}/organizations/${enc(org)}/promotions/promoters`,
  advertisers: (org: string) => `${API_PREFIX}/organizations/${enc(org)}/promotions/advertisers`,
  customizations: (org: string) => `${API_PREFIX}/organizations/${enc(org)}/promotions/customizations`,
  customization: (org: string, id: number) => `${API_PREFIX}/organizations/${enc(org)}/promotions/customizations/${id}`,
  approve: (brand: string, channel: string, id: number) =>
    `${API_PREFIX}/brands/${enc(brand)}/channels/${enc(channel)}/promotions/${id}/approve`,
  requestChanges: (brand: string, channel: string, id: number) =>
    `${API_PREFIX}/brands/${enc(brand)}/channels/${enc(channel)}/promotions/${id}/request-changes`,
  channelPromotions: (brand: string, channel: string) => `${API_PREFIX}/brands/${enc(brand)}/channels/${enc(channel)}/promotions`,
  collateralPreview: (id: number) => `${API_PREFIX}/promotion-collaterals/${id}/preview`,
  weekPromotions: (channel: string) => `${API_PREFIX}/channels/${enc(channel)}/week-promotions`,
  /** A scheduled letter's promotions approved for its send day, in its slots, since it was scheduled. */
  approvedSinceScheduled: (brand: string, channel: string, letterId: number) =>
    `${API_PREFIX}/brands/${enc(brand)}/channels/${enc(channel)}/letters/${letterId}/promotions/approved-since-scheduled`,
  // Spec 3 §7 "Promotions and collateral": a collateral and its promotion are one row here,
  // named by its id (or, for collateral, its uniqueId, the spec's promotionCollateralUid).
  collateralNew: (brand: string) => `${API_PREFIX}/brands/${enc(brand)}/promotion-collaterals/new`,
  collateral: (ref: number | string) => `${API_PREFIX}/promotion-collaterals/${enc(String(ref))}`,
  collateralPromotions: (ref: number | string) => `${API_PREFIX}/promotion-collaterals/${enc(String(ref))}/promotions`,
  promotion: (id: number) => `${API_PREFIX}/promotions/${id}`,
  promotionMetricsDownload: (id: number) => `${API_PREFIX}/promotions/${id}/metrics/download`,
  promotions: () => `${API_PREFIX}/promotions`,
  /** `idOrNew`: a promotion's id, or 'new' to create one. */
  channelPromotion: (brand: string, channel: string, idOrNew: number | 'new') =>
    `${API_PREFIX}/brands/${enc(brand)}/channels/${enc(channel)}/promotions/${idOrNew}`,
  channelPromotionMetrics: (brand: string, channel: string) => `${API_PREFIX}/brands/${enc(brand)}/channels/${enc(channel)}/promotions/metrics`,
  /** `channel`: the channel's id (or its slug). */
  channelIdPromotions: (channel: number | string) => `${API_PREFIX}/channels/${enc(String(channel))}/promotions`,
  channelIdPromotionMetrics: (channel: number | string) => `${API_PREFIX}/channels/${enc(String(channel))}/promotions/metrics`,
  brandPromotions: (brand: string) => `${API_PREFIX}/brands/${enc(brand)}/promotions`,
  organizationPromotions: (org: string) => `${API_PREFIX}/organizations/${enc(org)}/promotions`,
  /** POST {api2}/promotion-campaigns: a campaign in a channel's organization, running in that channel. */
  channelCampaignCreate: () => `${V2}/promotion-campaigns`,
  channelCampaigns: (channel: string) => `${V2}/channels/${enc(channel)}/promotions/campaigns`,
  /** The promoters of every organization the caller reaches (?organization=&keyword=). */
  allPromoters: () => `${API_PREFIX}/promotions/promoters`,
  /** POST promotions (create, `{ data }`) and POST promotions/{id or promotionCollateralUid} (update, `{ data }`). */
  promotionData: (ref?: number | string) => (ref === undefined ? `${API_PREFIX}/promotions` : `${API_PREFIX}/promotions/${enc(String(ref))}`),
} as const;

const day = daySchema('Dates are written YYYY-MM-DD.');
const shortText = z.string().max(500);
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === '1');
/** channels: a list of channel slugs, or its JSON text (spec 3 §3). */
const channelList = z
  .union([z.array(z.string().min(1).max(200)), z.string().max(10_000)])
  .transform((value, ctx): string[] => {
    if (Array.isArray(value)) return value;
    if (value.trim() === '') return [];
    try {
      const parsed: unknown = JSON.parse(value);
      if (Array.isArray(parsed) && parsed.every((item) => typeof item === 'string')) return parsed;
    } catch {
      // Reported below.
    }
    ctx.addIssue({ code: 'custom', message: 'Channels must be a list of channel slugs.' });
    return z.NEVER;
  });

export const CampaignSchema = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  brandId: z.number().int(),
  channelSlug: z.string().nullable(),
  channels: z.array(z.string()),
  title: z.string(),
  description: z.string(),
  campaignInstructions: z.string(),
  promoterName: z.string(),
  promoterEmail: z.string(),
  status: z.number().int(),
  isTemplate: z.boolean(),
  dateRangeStart: z.string().nullable(),
  dateRangeEnd: z.string().nullable(),
  clicks: z.number().int(),
  views: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Campaign = z.infer<typeof CampaignSchema>;

export const CAMPAIGN_SORT_FIELDS = ['updatedAt', 'createdAt', 'title', 'status'] as const;

export const CampaignListQuerySchema = z.object({
  status: queryInt4().refine((s) => [6, 5, 2, 0, 7, 1].includes(s), 'Unknown status filter.').default(CampaignStatus.any),
  search: z.string().max(200).default(''),
  orderBy: z.enum(CAMPAIGN_SORT_FIELDS).default('updatedAt'),
  orderDirection: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(25),
  isTemplate: flag.optional(),
});
export type CampaignListQuery = z.input<typeof CampaignListQuerySchema>;

export const CampaignListSchema = z.object({ campaigns: z.array(CampaignSchema), total: z.number().int() });

const email = z.union([z.literal(''), z.email('Enter a valid email address.').max(320)]);

export const CreateCampaignSchema = z.object({
  title: z.string().trim().max(200).default(CAMPAIGN_TITLE_DEFAULT).transform((t) => t || CAMPAIGN_TITLE_DEFAULT),
  promoterName: shortText.default(''),
  promoterEmail: email.default(''),
  channels: channelList.default([]),
  campaignInstructions: z.string().max(5000).default(''),
  description: z.string().max(5000).default(''),
  dateRangeStart: day.nullish(),
  dateRangeEnd: day.nullish(),
  isTemplate: z.boolean().default(false),
  brandId: int4().optional(),
  status: int4().optional(),
});
export type CreateCampaign = z.input<typeof CreateCampaignSchema>;

/** POST {api2}/promotion-campaigns (spec 3 §7): channelSlug and title; the other create fields may come too. */
const CHANNEL_REQUIRED = 'Name the channel (channelSlug).';
export const ChannelCampaignBodySchema = CreateCampaignSchema.omit({ channels: true, isTemplate: true }).extend({
  channelSlug: z.string({ error: CHANNEL_REQUIRED }).trim().min(1, CHANNEL_REQUIRED).max(200),
});

export const UpdateCampaignSchema = CreateCampaignSchema.partial().extend({ channels: channelList.optional() });

export const CampaignStatusBodySchema = z.object({
  status: queryInt4(),
  comment: z.string().max(5000).default(''),
});

export const CampaignCommentSchema = z.object({
  id: z.number().int(),
  comment: z.string(),
  status: z.number().int().nullable(),
  authorName: z.string(),
  createdAt: z.string(),
});
export const CampaignCommentsSchema = z.object({ comments: z.array(CampaignCommentSchema) });

export const PromotionSchema = z.object({
  id: z.number().int(),
  uniqueId: z.string(),
  brandId: z.number().int(),
  campaignUniqueId: z.string(),
  campaignTitle: z.string(),
  adTypeId: z.number().int().nullable(),
  templateCustomizationId: z.number().int().nullable(),
  zone: z.number().int(),
  headline: z.string(),
  content: z.string(),
  image: z.string(),
  imageAlternativeText: z.string(),
  callToAction: z.string(),
  callToActionUrl: z.string(),
  promoterDisplayName: z.string(),
  dateRangeStart: z.string().nullable(),
  dateRangeEnd: z.string().nullable(),
  dates: z.array(z.string()),
  status: z.number().int(),
  payActionNameCode: z.number().int(),
  payActionQuantity: z.number().int(),
  payActionValue: z.number(),
  payText: z.string(),
  messages: z.array(z.object({ id: z.number().int(), kind: z.string(), message: z.string(), createdAt: z.string() })),
});
export type Promotion = z.infer<typeof PromotionSchema>;
export const PromotionListSchema = z.object({ items: z.array(PromotionSchema), total: z.number().int() });

/**
 * A scheduled letter's send day, when it was last scheduled, and the promotions approved
 * since for that day that would fill one of its promotion slots but that it does not carry
 * (the ads were chosen at scheduling). Not scheduled: no day's promotions, `scheduledAt` null.
 */
export const ApprovedSinceScheduledSchema = z.object({
  date: z.string().nullable(),
  scheduledAt: z.string().nullable(),
  items: z.array(PromotionSchema),
});
export type ApprovedSinceScheduled = z.infer<typeof ApprovedSinceScheduledSchema>;

export const CollateralBodySchema = z.object({
  headline: z.string().max(2000).default(HEADLINE_DEFAULT),
  content: z.string().max(20_000).default(''),
  image: z.string().max(2000).default(''),
  imageAlternativeText: z.string().max(500).default(''),
  callToAction: z.string().max(2000).default(''),
  callToActionUrl: z.string().max(2000).default(''),
  promoterDisplayName: shortText.default(''),
  dateRangeStart: day.nullish(),
  dateRangeEnd: day.nullish(),
  /** A list, or its JSON text (spec 3 §3). */
  dates: z
    .union([z.array(day), z.string()])
    .transform((value, ctx): string[] => {
      if (Array.isArray(value)) return value;
      try {
        const parsed = z.array(day).safeParse(JSON.parse(value || '[]'));
        if (parsed.success) return parsed.data;
      } catch {
        // Reported below.
      }
      ctx.addIssue({ code: 'custom', message: 'Dates are written YYYY-MM-DD.' });
      return z.NEVER;
    })
    .default([]),
  adTypeId: rowId().nullish(),
  templateCustomizationId: rowId().nullish(),
  zone: z.number().int().positive().max(100).default(1),
  payActionNameCode: z.union([z.literal(0), z.literal(1)]).default(0),
  payActionQuantity: z.number().int().positive().max(1_000_000).default(1),
  payActionValue: z.number().nonnegative().max(1_000_000).default(0),
});
export type CollateralBody = z.input<typeof CollateralBodySchema>;

export const ReviewBodySchema = z.object({ message: z.string().max(5000).default('') });
export const ReviewResponseSchema = z.object({
  promotion: PromotionSchema,
  message: z.object({ id: z.number().int(), message: z.string(), createdAt: z.string() }),
});

export const AdTypeSchema = z.object({
  id: z.number().int(),
  organizationSlug: z.string(),
  title: z.string(),
  templateId: z.number().int().nullable(),
  hasHeading: z.boolean(),
  hasContent: z.boolean(),
  hasImage: z.boolean(),
  hasCallToActionUrl: z.boolean(),
  headingCharacterCount: z.number().int(),
  contentCharacterCount: z.number().int(),
  callToActionCharacterCount: z.number().int(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  inventory: z.number().int(),
  positionManual: z.number().int(),
  position: z.number().int(),
  /** The zone this ad type's promotions fill: its place in position order. */
  zone: z.number().int(),
});
export type AdType = z.infer<typeof AdTypeSchema>;
export const AdTypeListSchema = z.object({ items: z.array(AdTypeSchema), total: z.number().int() });

const positiveCount = z.number().int().positive().max(100_000);
export const AdTypeBodySchema = z.object({
  title: z.string().trim().min(1, 'The title is required.').max(200),
  templateId: int4().nullish(),
  hasHeading: z.boolean().default(true),
  hasContent: z.boolean().default(true),
  hasImage: z.boolean().default(true),
  hasCallToActionUrl: z.boolean().default(true),
  headingCharacterCount: positiveCount.default(AD_TYPE_DEFAULTS.headingCharacterCount),
  contentCharacterCount: positiveCount.default(AD_TYPE_DEFAULTS.contentCharacterCount),
  callToActionCharacterCount: positiveCount.default(AD_TYPE_DEFAULTS.callToActionCharacterCount),
  imageWidth: positiveCount.default(AD_TYPE_DEFAULTS.imageWidth),
  imageHeight: positiveCount.default(AD_TYPE_DEFAULTS.imageHeight),
  inventory: z.number().int().min(0).max(100_000).default(AD_TYPE_DEFAULTS.inventory),
  positionManual: int4().default(AD_TYPE_DEFAULTS.positionManual),
  position: z.number().default(AD_TYPE_DEFAULTS.position).transform(clampAdTypePosition),
});

export const PromotersSchema = z.object({
  items: z.array(z.object({ name: z.string(), email: z.string() })),
  total: z.number().int(),
});

/** GET promotions/promoters: organization (a slug) narrows to one organization; keyword matches name or email. */
export const PromotersQuerySchema = z.object({
  organization: z.string().trim().min(1).max(200).optional(),
  keyword: z.string().max(200).default(''),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  records: z.coerce.number().int().min(1).max(PROMOTIONS_PAGE_SIZE).default(PROMOTIONS_PAGE_SIZE),
});

export const AdvertiserBodySchema = z.object({
  email: z.email('Enter a valid email address.').max(320),
  name: z.string().trim().min(1, 'The name is required.').max(200),
  password: z.string().min(8, 'The password needs at least 8 characters.').max(200),
});

export const CampaignMetricsSchema = z.object({
  clicks: z.number().int(),
  views: z.number().int(),
  metricsByDay: z.array(z.object({ date: z.string(), clicks: z.number().int(), impressions: z.number().int(), promotions: z.number().int() })),
  metricsByPromotion: z.array(
    z.object({ promotionId: z.number().int(), headline: z.string(), clicks: z.number().int(), impressions: z.number().int(), payText: z.string() }),
  ),
});
export type CampaignMetrics = z.infer<typeof CampaignMetricsSchema>;

export const CollateralPreviewSchema = z.object({ html: z.string() });
/** GET promotion-collaterals/{id}/preview?adTypeId= (spec 3 §7): as the legacy block of that ad type. */
export const CollateralPreviewQuerySchema = z.object({ adTypeId: z.coerce.number().int().positive().max(2_147_483_647).optional() });

/** Promotions scheduled for a day in one channel (spec 1 §7 promotions-by-date). */
export const ChannelPromotionsQuerySchema = z.object({
  date: day,
  status: z.enum(['approved', 'any']).default('approved'),
});

/** GET channels/{channel}/week-promotions?firstDate= (spec 3 §7): the seven days from firstDate. */
export const WeekPromotionsQuerySchema = z.object({ firstDate: day });

export const WeekPromotionsSchema = z.object({
  days: z.array(z.object({ date: z.string(), items: z.array(PromotionSchema) })),
});
export type WeekPromotions = z.infer<typeof WeekPromotionsSchema>;

/** What a campaign's history holds (GET .../campaigns/{id}/events), in the `type` filter's words. */
export const CAMPAIGN_EVENT_TYPES = ['created', 'status-changed', 'comment', 'collateral-submitted', 'collateral-approved', 'changes-requested'] as const;
export type CampaignEventType = (typeof CAMPAIGN_EVENT_TYPES)[number];
export const CAMPAIGN_EVENTS_MAX_RECORDS = 250;

const eventTypes = z
  .union([z.string(), z.array(z.string())])
  .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))
  .pipe(z.array(z.enum(CAMPAIGN_EVENT_TYPES, `Event types are ${CAMPAIGN_EVENT_TYPES.join(', ')}.`)));

export const CampaignEventsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  records: z.coerce.number().int().min(1).max(CAMPAIGN_EVENTS_MAX_RECORDS).default(25),
  /** One type, several (repeated or comma separated), or none for all. */
  type: eventTypes.default([]),
});
export type CampaignEventsQuery = z.input<typeof CampaignEventsQuerySchema>;

export const CampaignEventSchema = z.object({
  /** Unique within the campaign's history: the type and the row it comes from. */
  id: z.string(),
  type: z.enum(CAMPAIGN_EVENT_TYPES),
  createdAt: z.string(),
  userId: z.number().int().nullable(),
  authorName: z.string(),
  /** The status set, for status-changed (and created: 0). */
  status: z.number().int().nullable(),
  promotionId: z.number().int().nullable(),
  /** The comment, or the review's message. */
  message: z.string(),
});
export type CampaignEvent = z.infer<typeof CampaignEventSchema>;
export const CampaignEventsSchema = z.object({
  items: z.array(CampaignEventSchema),
  total: z.number().int(),
  page: z.number().int(),
  records: z.number().int(),
});

/** POST .../campaigns/{id}/metrics/export (spec 3 §7): the metrics CSV emailed to one address, with a note. */
export const CampaignMetricsExportBodySchema = z.object({
  email: z.string().trim().email('Enter a valid email address.').max(254, 'Enter a valid email address.'),
  message: z.string().max(5000).default(''),
});
export const CampaignMetricsExportResponseSchema = z.object({ queued: z.literal(true), message: z.string() });

/** The date and yes/no fields of these bodies, for the v1 calls' queries (platform-promotion-calls.ts). */
export { day as dayField, flag as flagField };
