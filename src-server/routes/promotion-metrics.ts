import type { FastifyPluginAsync } from 'fastify';
import { CampaignMetricsSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import type { Db } from '../db/database';
import { currentUser } from '../http/authentication';
import { sendAs } from '../http/validation';
import { campaignById, promotionAccess } from '../promotions/promotion-access';
import { campaignMetrics } from '../promotions/promotion-records';
import { csvRecord } from '../reports/csv-format';
import { OrgIdParams, docs, params, path } from './promotion-route-schemas';

// A campaign's metrics (spec 3 §7): clicks and views by day and by promotion, and as CSV.

export const promotionMetricRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
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
    const metrics = await campaignMetrics(db, campaign.id);
    const lines = [
      csvRecord(['date', 'clicks', 'impressions', 'promotions']),
      ...metrics.metricsByDay.map((d) => csvRecord([d.date, d.clicks, d.impressions, d.promotions])),
      csvRecord([]),
      csvRecord(['promotion', 'headline', 'clicks', 'impressions', 'pay']),
      ...metrics.metricsByPromotion.map((p) => csvRecord([p.promotionId, p.headline, p.clicks, p.impressions, p.payText])),
    ];
    const name = `campaign-${campaign.id}-metrics.csv`;
    return reply.header('content-type', 'text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(lines.join(''));
  });
};
