import type { FastifyPluginAsync } from 'fastify';
import { CampaignMetricsExportBodySchema, CampaignMetricsExportResponseSchema, CampaignMetricsSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import { PromotionMetricsQuerySchema } from '../../shared/contract/platform-promotion-calls';
import { EXPORT_QUEUED_MESSAGE } from '../../shared/contract/platform-dashboards';
import type { Db } from '../db/database';
import { currentUser } from '../http/authentication';
import { HttpError } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import type { PromotionExportQueue } from '../jobs/promotion-export-jobs';
import { campaignMetricsCsv, metricsCsv } from '../promotions/campaign-metrics-csv';
import { campaignById, channelAccess, channelOf, promotionAccess, requirePromotion } from '../promotions/promotion-access';
import { promotionRows } from '../promotions/promotion-queries';
import { campaignMetrics, promotionMetrics } from '../promotions/promotion-records';
import { otherAnswer } from '../http/api-docs';
import { BrandChannelParams, ChannelParams, IdParams, OrgIdParams, docs, params, path } from './promotion-route-schemas';

// Promotion metrics (spec 3 §7): a campaign's clicks and views by day and by promotion, as
// CSV downloaded or emailed by a background job; one promotion's CSV; a channel's promotions
// counted in that channel's letters.

const EXPORTS_UNAVAILABLE = 'Exports need the background jobs, which this platform is not running.';

export const promotionMetricRoutes: FastifyPluginAsync<{ db: Db; exports: PromotionExportQueue | null }> = async (app, { db, exports }) => {
  app.get(path(promotionPaths.campaignMetrics(':org', 0).replace('/0/', '/:id/')), docs('Clicks and views of a campaign by day and by promotion', OrgIdParams, { response: { 200: CampaignMetricsSchema } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const campaign = await campaignById(db, access, campaignId);
    return sendAs(reply, CampaignMetricsSchema, await campaignMetrics(db, campaign.id));
  });

  app.get(path(promotionPaths.campaignMetricsDownload(':org', 0).replace('/0/', '/:id/')), docs('The campaign metrics as CSV', OrgIdParams, { response: { 200: otherAnswer('A CSV file (RFC 4180, UTF-8)', 'text/csv') } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const campaign = await campaignById(db, access, campaignId);
    const { fileName: name, csv } = await campaignMetricsCsv(db, campaign.id);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
  });

  app.post(path(promotionPaths.campaignMetricsExport(':org', 0).replace('/0/', '/:id/')), docs('Queue the campaign metrics CSV, emailed as an attachment with a message', OrgIdParams, { body: CampaignMetricsExportBodySchema, response: { 202: CampaignMetricsExportResponseSchema }, serviceErrors: { 503: 'The platform runs no background jobs to build the export' } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const user = currentUser(request);
    const access = await promotionAccess(db, user.id, org);
    const campaign = await campaignById(db, access, campaignId);
    const body = parseInput(CampaignMetricsExportBodySchema, request.body ?? {});
    if (!exports) throw new HttpError(503, EXPORTS_UNAVAILABLE);
    await exports.queueCampaignMetricsExport({
      organizationId: access.organizationId,
      campaignId: campaign.id,
      email: body.email.toLowerCase(),
      message: body.message,
      userId: user.id,
    });
    return sendAs(reply, CampaignMetricsExportResponseSchema, { queued: true, message: EXPORT_QUEUED_MESSAGE }, 202);
  });

  app.get(path(promotionPaths.promotionMetricsDownload(0).replace('/0/', '/:id/')), docs("One promotion's metrics as CSV", IdParams, { response: { 200: otherAnswer('A CSV file (RFC 4180, UTF-8)', 'text/csv') } }), async (request, reply) => {
    const { id } = params(IdParams, request.params);
    const { promotion } = await requirePromotion(db, currentUser(request).id, id);
    const csv = metricsCsv(await promotionMetrics(db, [promotion]));
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="promotion-${promotion.id}-metrics.csv"`).send(csv);
  });

  app.get(path(promotionPaths.channelIdPromotionMetrics(':channel')), docs("Clicks and views in a channel's letters of its promotions (promotionIds: only these)", ChannelParams, { querystring: PromotionMetricsQuerySchema, response: { 200: CampaignMetricsSchema } }), async (request, reply) => {
    const { channel: ref } = params(ChannelParams, request.params);
    const { channel, access } = await channelAccess(db, currentUser(request).id, ref);
    const { promotionIds } = parseInput(PromotionMetricsQuerySchema, request.query);
    const rows = await promotionRows(db, { organizationId: access.organizationId, onlyCreatedBy: access.onlyCreatedBy, channelSlug: channel.slug, ...(promotionIds.length > 0 ? { ids: promotionIds } : {}) });
    return sendAs(reply, CampaignMetricsSchema, await promotionMetrics(db, rows, { channelId: channel.id }));
  });

  app.get(path(promotionPaths.channelPromotionMetrics(':brand', ':channel')), docs("Clicks and views in a channel's letters of all its promotions", BrandChannelParams, { response: { 200: CampaignMetricsSchema } }), async (request, reply) => {
    const raw = params(BrandChannelParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, raw.brand);
    const channel = await channelOf(db, access, raw.channel);
    const rows = await promotionRows(db, { organizationId: access.organizationId, onlyCreatedBy: access.onlyCreatedBy, channelSlug: channel.slug });
    return sendAs(reply, CampaignMetricsSchema, await promotionMetrics(db, rows, { channelId: channel.id }));
  });
};
