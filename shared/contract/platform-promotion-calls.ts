import { z } from 'zod';
import { queryInt4 } from '../model/column-ranges';
import { PROMOTIONS_PAGE_SIZE } from '../rules/promotions';
import { CollateralBodySchema, PromotionSchema, dayField as day, flagField as flag } from './platform-promotions';

// The v1 family of spec 3 §7 "Promotions and collateral": the list queries of channels,
// brands, organizations and letters, one promotion with its campaign, the multipart
// collateral bodies and the `data` payloads. Paths are in promotionPaths.

/** filter: 3 every promotion (derived from the collateral), 4 approved only, 0 awaiting review. */
const promotionFilter = queryInt4()
  .refine((f) => [0, 3, 4].includes(f), 'Filter promotions by 3 (all), 4 (approved) or 0 (awaiting review).')
  .default(3);
const page = z.coerce.number().int().min(1).max(100_000).default(1);
const records = z.coerce.number().int().min(1).max(PROMOTIONS_PAGE_SIZE).default(PROMOTIONS_PAGE_SIZE);
const direction = z.enum(['asc', 'desc']).default('desc');
const keyword = z.string().max(200).default('');
/** A query list: repeated (`dates[]=a&dates[]=b`), one value, or comma separated. */
const queryList = <T extends z.ZodType<unknown, string>>(item: T) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((value) => (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean))
    .pipe(z.array(item))
    .default([]);

export const PROMOTION_SORT_FIELDS = ['scheduledDate', 'createdAt', 'headline', 'status'] as const;

/** GET channels/{id}/promotions (spec 3 §7). */
export const ChannelIdPromotionsQuerySchema = z.object({
  filter: promotionFilter,
  keyword,
  page,
  records,
  sortBy: z.enum(PROMOTION_SORT_FIELDS).default('scheduledDate'),
  direction,
});

/** GET brands/{b}/promotions (spec 3 §7): channelId is the channel's id or slug. */
export const BrandPromotionsQuerySchema = z.object({
  filter: promotionFilter,
  channelId: z.string().max(200).optional(),
  keyword,
  page,
  records,
  sortDate: direction,
});

/**
 * GET organizations/{slug}/promotions (spec 3 §7): promotions running between from and to;
 * with occurrences, one item per day each runs (its `occurrence`); sortBy=position orders by
 * the ad type's position (the zone order).
 */
export const OrganizationPromotionsQuerySchema = z.object({
  from: day.optional(),
  to: day.optional(),
  occurrences: flag.default(false),
  channel: z.string().max(200).optional(),
  sortBy: z.enum([...PROMOTION_SORT_FIELDS, 'position']).default('scheduledDate'),
  direction,
  filter: promotionFilter,
  keyword,
  page,
  records,
});

/** GET promotions (spec 3 §7): the channels' promotions on the dates, for letters (mjml=true adds each one's block). */
export const PromotionsQuerySchema = z.object({
  channelSlug: z.string().max(200).optional(),
  'channels[]': queryList(z.string().min(1).max(200)),
  'dates[]': queryList(day),
  status: z.enum(['approved', 'any']).default('approved'),
  page,
  records,
  direction,
  mjml: flag.default(false),
});

/** GET promotions/{id}: resolveCredit asks for the promotion's ad credit. */
export const PromotionQuerySchema = z.object({ resolveCredit: z.union([z.literal(''), flag]).optional() });

/** GET channels/{id}/promotions/metrics?promotionIds=1,2 (spec 3 §7). */
export const PromotionMetricsQuerySchema = z.object({
  promotionIds: queryList(z.string().regex(/^\d{1,9}$/, 'Promotion ids are numbers.').transform(Number)),
});

export const PromotionItemSchema = PromotionSchema.extend({
  /** The day this item runs (organization promotions with occurrences). */
  occurrence: z.string().optional(),
  /** The promotion's block as MJML, and rendered (GET promotions with mjml=true). */
  mjml: z.string().optional(),
  html: z.string().optional(),
  /** Ad credits are not kept by this platform: resolveCredit answers null. */
  credit: z.null().optional(),
});
export type PromotionItem = z.infer<typeof PromotionItemSchema>;
export const PromotionItemListSchema = z.object({ items: z.array(PromotionItemSchema), total: z.number().int() });

/**
 * The multipart fields of POST brands/{b}/promotion-collaterals/new, promotion-collaterals/{id}
 * and brands/{b}/channels/{c}/promotions/{id|new}: the collateral fields, its campaign,
 * channelIdList[] (channels of its campaign) and dates[]; the image as a file part.
 */
export const CollateralMultipartSchema = CollateralBodySchema.extend({
  campaignUniqueId: z.string().max(200).optional(),
  channelIdList: z.array(z.string().min(1).max(200)).default([]),
});

const CAMPAIGN_REQUIRED = 'Name the campaign (campaignUniqueId) to create collateral in.';
const DATA_REQUIRED = 'Send the promotion as { data: { …its fields } }.';
/** POST promotions (spec 3 §7 "with a data payload"): the collateral fields and its campaign. */
export const PromotionDataCreateSchema = z.object({
  data: z.object(
    { ...CollateralBodySchema.shape, campaignUniqueId: z.string({ error: CAMPAIGN_REQUIRED }).trim().min(1, CAMPAIGN_REQUIRED).max(200) },
    { error: DATA_REQUIRED },
  ),
});
/** POST promotions/{id or promotionCollateralUid}: the collateral fields; campaignUniqueId, if sent, must be its own. */
export const PromotionDataUpdateSchema = z.object({
  data: z.object({ ...CollateralBodySchema.shape, campaignUniqueId: z.string().max(200).optional() }, { error: DATA_REQUIRED }),
});
