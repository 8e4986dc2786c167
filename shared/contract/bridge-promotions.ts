import { z } from 'zod';
import {
  AdTypeListSchema,
  ApprovedSinceScheduledSchema,
  AdTypeSchema,
  CollateralPreviewSchema,
  CampaignCommentsSchema,
  CampaignListSchema,
  CampaignMetricsSchema,
  CampaignSchema,
  PromotionListSchema,
  PromotionSchema,
} from './platform-promotions';

// The bridge channels of the promotions screens and the composer's promotion pieces
// (`promotions.*` in bridge.ts). They need the platform: offline each fails with a sentence
// saying so, and nothing is kept in the desktop cache.

const brandSlug = z.string().trim().min(1, 'Choose an organization');
const id = z.number().int().positive();
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are written YYYY-MM-DD.');

/** What the collateral form sends; the platform checks it against the ad type's limits. */
export const CollateralInputSchema = z.object({
  headline: z.string().max(2000),
  content: z.string().max(20_000),
  image: z.string().max(2000),
  imageAlternativeText: z.string().max(500),
  callToAction: z.string().max(2000),
  callToActionUrl: z.string().max(2000),
  promoterDisplayName: z.string().max(500),
  dateRangeStart: day.nullable(),
  dateRangeEnd: day.nullable(),
  dates: z.array(day).max(366),
  adTypeId: id.nullable(),
  zone: z.number().int().positive().max(100),
});
export type CollateralInput = z.infer<typeof CollateralInputSchema>;

export const CampaignInputSchema = z.object({
  title: z.string().max(200),
  promoterName: z.string().max(500),
  promoterEmail: z.string().max(320),
  channels: z.array(z.string().min(1).max(200)).max(500),
  campaignInstructions: z.string().max(5000),
  dateRangeStart: day.nullable(),
  dateRangeEnd: day.nullable(),
  isTemplate: z.boolean(),
});
export type CampaignInput = z.infer<typeof CampaignInputSchema>;

/** An ad type as its form sends it; the platform clamps the position to 0–100. */
export const AdTypeInputSchema = z.object({
  title: z.string().max(200),
  headingCharacterCount: z.number().int(),
  contentCharacterCount: z.number().int(),
  callToActionCharacterCount: z.number().int(),
  imageWidth: z.number().int(),
  imageHeight: z.number().int(),
  inventory: z.number().int(),
  position: z.number(),
});
export type AdTypeInput = z.infer<typeof AdTypeInputSchema>;

export const promotionChannels = {
  'promotions.campaigns': {
    input: z.object({ brandSlug, status: z.number().int(), search: z.string().max(200), page: z.number().int().min(1) }),
    output: CampaignListSchema,
  },
  'promotions.createCampaign': { input: z.object({ brandSlug, campaign: CampaignInputSchema }), output: CampaignSchema },
  'promotions.campaign': {
    input: z.object({ uniqueId: z.string().min(1).max(200) }),
    output: z.object({ campaign: CampaignSchema, promotions: z.array(PromotionSchema) }),
  },
  /** The stepper (0 → 7 → 2 and back) and approve (5), with an optional comment. */
  'promotions.setCampaignStatus': {
    input: z.object({ uniqueId: z.string().min(1).max(200), status: z.number().int(), comment: z.string().max(5000) }),
    output: CampaignSchema,
  },
  /** The campaign's comment thread (newest first, up to 250), read in one of its channels. */
  'promotions.comments': {
    input: z.object({ channelSlug: z.string().trim().min(1), campaignId: id }),
    output: CampaignCommentsSchema,
  },
  /** A comment, with the campaign's status (the same status: a comment alone). */
  'promotions.comment': {
    input: z.object({ channelSlug: z.string().trim().min(1), campaignId: id, status: z.number().int(), comment: z.string().trim().min(1, 'Write a comment.').max(5000) }),
    output: CampaignSchema,
  },
  'promotions.cloneCampaign': { input: z.object({ brandSlug, id }), output: CampaignSchema },
  'promotions.deleteCampaign': { input: z.object({ brandSlug, id }), output: z.null() },
  /** New collateral (id null) or an update of one. */
  'promotions.saveCollateral': {
    input: z.object({ campaignUniqueId: z.string().min(1).max(200), id: id.nullable(), collateral: CollateralInputSchema }),
    output: PromotionSchema,
  },
  'promotions.review': {
    input: z.object({
      brandSlug,
      channelSlug: z.string().trim().min(1),
      promotionId: id,
      kind: z.enum(['approve', 'request-changes']),
      message: z.string().max(5000),
    }),
    output: PromotionSchema,
  },
  'promotions.metrics': { input: z.object({ brandSlug, campaignId: id }), output: CampaignMetricsSchema },
  'promotions.metricsCsv': { input: z.object({ brandSlug, campaignId: id }), output: z.string() },
  /** Collateral rendered as the letter will show it (MJML → HTML, on the platform). */
  'promotions.preview': { input: z.object({ promotionId: id }), output: CollateralPreviewSchema },
  /** A new ad type (id null) or an update of one. */
  'promotions.saveAdType': { input: z.object({ brandSlug, id: id.nullable(), adType: AdTypeInputSchema }), output: AdTypeSchema },
  'promotions.deleteAdType': { input: z.object({ brandSlug, id }), output: z.null() },
  'promotions.adTypes': { input: z.object({ brandSlug }), output: AdTypeListSchema },
  /** Approved promotions a channel carries on a day (the schedule step's missing-promotions check). */
  'promotions.scheduled': {
    input: z.object({ brandSlug, channelSlug: z.string().trim().min(1), date: day }),
    output: PromotionListSchema,
  },
  /** A scheduled letter's promotions approved for its send day since it was scheduled (the scheduled view's notice). */
  'promotions.approvedSinceScheduled': {
    input: z.object({ brandSlug, channelSlug: z.string().trim().min(1), letterId: id }),
    output: ApprovedSinceScheduledSchema,
  },
} as const;
