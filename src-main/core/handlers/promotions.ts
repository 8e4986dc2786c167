import { z } from 'zod';
import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import {
  AdTypeListSchema,
  ApprovedSinceScheduledSchema,
  AdTypeSchema,
  CampaignCommentsSchema,
  CampaignListSchema,
  CampaignMetricsSchema,
  CampaignSchema,
  CollateralPreviewSchema,
  PromotionListSchema,
  PromotionSchema,
  ReviewResponseSchema,
  promotionPaths,
} from '../../../shared/contract/platform-promotions';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The promotions screens and the composer's promotion pieces. Campaigns live on the
// platform only (advertisers and editors work on them together), so these calls need it.

export const PROMOTIONS_OFFLINE_MESSAGE = 'Promotions need a connection to the platform.';

type PromotionChannel =
  | 'promotions.campaigns'
  | 'promotions.createCampaign'
  | 'promotions.campaign'
  | 'promotions.setCampaignStatus'
  | 'promotions.comments'
  | 'promotions.comment'
  | 'promotions.cloneCampaign'
  | 'promotions.deleteCampaign'
  | 'promotions.saveCollateral'
  | 'promotions.review'
  | 'promotions.metrics'
  | 'promotions.metricsCsv'
  | 'promotions.adTypes'
  | 'promotions.saveAdType'
  | 'promotions.deleteAdType'
  | 'promotions.preview'
  | 'promotions.scheduled'
  | 'promotions.approvedSinceScheduled';

export function promotionHandlers(deps: { session: SessionService; client: PlatformClient }): Pick<BridgeHandlers, PromotionChannel> {
  const { session, client } = deps;

  async function onPlatform<T>(action: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', PROMOTIONS_OFFLINE_MESSAGE);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', PROMOTIONS_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404) throw new AppError('not_found', error.message);
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      throw new AppError('platform_error', error.message);
    }
  }

  return {
    'promotions.campaigns': ({ brandSlug, status, search, page }) => {
      const query = new URLSearchParams({ status: String(status), search, page: String(page) });
      return onPlatform(() => client.request('GET', `${promotionPaths.campaigns(brandSlug)}?${query}`, CampaignListSchema));
    },
    // Templates are made through the scaffold call, the one that keeps isTemplate.
    'promotions.createCampaign': ({ brandSlug, campaign }) =>
      onPlatform(() =>
        client.request('POST', campaign.isTemplate ? promotionPaths.campaignScaffold(brandSlug) : promotionPaths.campaigns(brandSlug), CampaignSchema, campaign),
      ),
    'promotions.comments': ({ channelSlug, campaignId }) =>
      onPlatform(() => client.request('GET', `${promotionPaths.campaignComments(channelSlug, campaignId)}?records=250`, CampaignCommentsSchema)),
    'promotions.comment': ({ channelSlug, campaignId, status, comment }) =>
      onPlatform(() => client.request('POST', promotionPaths.channelCampaignStatus(channelSlug, campaignId), CampaignSchema, { status, comment })),
    'promotions.campaign': ({ uniqueId }) =>
      onPlatform(async () => {
        const [campaign, promotions] = await Promise.all([
          client.request('GET', promotionPaths.campaignByUniqueId(uniqueId), CampaignSchema),
          client.request('GET', `${promotionPaths.campaignPromotions(uniqueId)}?filter=3`, PromotionListSchema),
        ]);
        return { campaign, promotions: promotions.items };
      }),
    'promotions.setCampaignStatus': ({ uniqueId, status, comment }) =>
      onPlatform(() => client.request('POST', promotionPaths.campaignStatus(uniqueId), CampaignSchema, { status, comment })),
    'promotions.cloneCampaign': ({ brandSlug, id }) => onPlatform(() => client.request('POST', promotionPaths.campaignClone(brandSlug, id), CampaignSchema)),
    'promotions.deleteCampaign': ({ brandSlug, id }) =>
      onPlatform(() => client.request('DELETE', promotionPaths.campaignDelete(brandSlug, id), z.null())),
    'promotions.saveCollateral': ({ campaignUniqueId, id, collateral }) =>
      onPlatform(() =>
        client.request(
          'POST',
          id === null ? promotionPaths.createCollateral(campaignUniqueId) : promotionPaths.updateCollateral(campaignUniqueId, id),
          PromotionSchema,
          collateral,
        ),
      ),
    'promotions.review': ({ brandSlug, channelSlug, promotionId, kind, message }) =>
      onPlatform(async () => {
        const path = kind === 'approve' ? promotionPaths.approve(brandSlug, channelSlug, promotionId) : promotionPaths.requestChanges(brandSlug, channelSlug, promotionId);
        return (await client.request('POST', path, ReviewResponseSchema, { message })).promotion;
      }),
    'promotions.metrics': ({ brandSlug, campaignId }) =>
      onPlatform(() => client.request('GET', promotionPaths.campaignMetrics(brandSlug, campaignId), CampaignMetricsSchema)),
    'promotions.metricsCsv': ({ brandSlug, campaignId }) => onPlatform(() => client.requestText(promotionPaths.campaignMetricsDownload(brandSlug, campaignId))),
    'promotions.preview': ({ promotionId }) => onPlatform(() => client.request('GET', promotionPaths.collateralPreview(promotionId), CollateralPreviewSchema)),
    'promotions.saveAdType': ({ brandSlug, id, adType }) =>
      onPlatform(() =>
        client.request('POST', id === null ? promotionPaths.customizations(brandSlug) : promotionPaths.customization(brandSlug, id), AdTypeSchema, adType),
      ),
    'promotions.deleteAdType': ({ brandSlug, id }) => onPlatform(() => client.request('DELETE', promotionPaths.customization(brandSlug, id), z.null())),
    'promotions.adTypes': ({ brandSlug }) => onPlatform(() => client.request('GET', promotionPaths.customizations(brandSlug), AdTypeListSchema)),
    'promotions.scheduled': ({ brandSlug, channelSlug, date }) =>
      onPlatform(() => client.request('GET', `${promotionPaths.channelPromotions(brandSlug, channelSlug)}?date=${date}`, PromotionListSchema)),
    'promotions.approvedSinceScheduled': ({ brandSlug, channelSlug, letterId }) =>
      onPlatform(() => client.request('GET', promotionPaths.approvedSinceScheduled(brandSlug, channelSlug, letterId), ApprovedSinceScheduledSchema)),
  };
}
