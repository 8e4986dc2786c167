import type { FastifyPluginAsync } from 'fastify';
import { CampaignMetricsExportBodySchema, CampaignMetricsExportResponseSchema, CampaignMetricsSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import { EXPORT_QUEUED_MESSAGE } from '../../shared/contract/platform-dashboards';
import type { Db } from '../db/database';
import { currentUser } from '../http/authentication';
import { HttpError } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import type { PromotionExportQueue } from '../jobs/promotion-export-jobs';
import { campaignMetricsCsv } from '../promotions/campaign-metrics-csv';
import { campaignById, promotionAccess } from '../promotions/promotion-access';
import { campaignMetrics } from '../promotions/promotion-records';
import { OrgIdParams, docs, params, path } from './promotion-route-schemas';

// A campaign's metrics (spec 3 §7): clicks and views by day and by promotion, and as CSV,
// downloaded or emailed by a background job.

const EXPORTS_UNAVAILABLE = 'Exports need the background jobs, which this platform is not running.';

export const promotionMetricRoutes: FastifyPluginAsync<{ db: Db; exports: PromotionExportQueue | null }> = async (app, { db, exports }) => {
  app.get(path(promotionPaths.campaignMetrics(':org', 0).replace('/0/', '/:id/')), docs('Clicks and views of a campaign by day and by promotion', OrgIdParams, { response: { 200: CampaignMetricsSchema } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const campaign = await campaignById(db, access, campaignId);
    return sendAs(reply, CampaignMetricsSchema, await campaignMetrics(db, campaign.id));
  });

  app.get(path(promotionPaths.campaignMetricsDownload(':org', 0).replace('/0/', '/:id/')), docs('The campaign metrics as CSV', OrgIdParams), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const campaign = await campaignById(db, access, campaignId);
    const { fileName: name, csv } = await campaignMetricsCsv(db, campaign.id);
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(csv);
  });

  app.post(path(promotionPaths.campaignMetricsExport(':org', 0).replace('/0/', '/:id/')), docs('Queue the campaign metrics CSV, emailed as an attachment with a message', OrgIdParams, { body: CampaignMetricsExportBodySchema, response: { 202: CampaignMetricsExportResponseSchema } }), async (request, reply) => {
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
};
