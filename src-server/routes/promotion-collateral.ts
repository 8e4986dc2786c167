import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import {
  ChannelPromotionsQuerySchema,
  CollateralBodySchema,
  CollateralPreviewQuerySchema,
  CollateralPreviewSchema,
  PromotionListSchema,
  PromotionSchema,
  ReviewBodySchema,
  ReviewResponseSchema,
  WeekPromotionsQuerySchema,
  WeekPromotionsSchema,
  promotionPaths,
} from '../../shared/contract/platform-promotions';
import { DERIVED_PROMOTIONS_FILTER, PromotionStatus } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { currentUser } from '../http/authentication';
import { invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { platformUrlOf } from '../delivery/letter-render';
import type { CollateralImageDeps } from '../promotions/collateral-image';
import { renderCollateral } from '../promotions/collateral-preview';
import { createCollateral, limitsFor, updateCollateral } from '../promotions/collateral-writes';
import { PROMOTION_NOT_FOUND, campaignByUniqueId } from '../promotions/promotion-access';
import { toPromotions } from '../promotions/promotion-records';
import { reviewPromotion, type ReviewKind } from '../promotions/promotion-review';
import { promotionsScheduledFor } from '../promotions/scheduled-promotions';
import { BrandChannelIdParams, BrandChannelParams, ChannelParams, IdParams, UniqueIdParams, UniqueParams, docs, params, path } from './promotion-route-schemas';

// Collateral (a campaign's promotions) and its review (spec 3 §3, §7): create and update
// under the campaign, the preview in a letter, approve / request changes, and the
// promotions a channel carries on a day or a week.

export const promotionCollateralRoutes: FastifyPluginAsync<{ db: Db } & CollateralImageDeps> = async (app, { db, storage, allowHttp, guard }) => {
  const deps = { storage, allowHttp, guard };
  app.get(path(promotionPaths.campaignPromotions(':uniqueId')), docs("A campaign's promotions (filter=3: every one derived from its collateral)", UniqueParams, { response: { 200: PromotionListSchema } }), async (request, reply) => {
    const { uniqueId } = params(UniqueParams, request.params);
    const { campaign } = await campaignByUniqueId(db, currentUser(request).id, uniqueId);
    const filter = Number((request.query as Record<string, unknown>).filter ?? DERIVED_PROMOTIONS_FILTER);
    let select = db.selectFrom('promotions').selectAll().where('campaignId', '=', campaign.id).orderBy('id');
    if (filter === PromotionStatus.approved) select = select.where('status', '=', PromotionStatus.approved);
    const items = await toPromotions(db, await select.execute());
    return sendAs(reply, PromotionListSchema, { items, total: items.length });
  });

  app.post(path(promotionPaths.createCollateral(':uniqueId')), docs('Create collateral in a campaign', UniqueParams, { body: CollateralBodySchema, response: { 201: PromotionSchema } }), async (request, reply) => {
    const { uniqueId } = params(UniqueParams, request.params);
    const { campaign, access } = await campaignByUniqueId(db, currentUser(request).id, uniqueId);
    const row = await createCollateral(db, deps, campaign, access.userId, parseInput(CollateralBodySchema, request.body));
    const [promotion] = await toPromotions(db, [row]);
    return sendAs(reply, PromotionSchema, promotion!, 201);
  });

  app.post(path(promotionPaths.updateCollateral(':uniqueId', 0).replace(/0$/, ':id')), docs('Update collateral; an approved one goes back to review', UniqueIdParams, { body: CollateralBodySchema, response: { 200: PromotionSchema } }), async (request, reply) => {
    const { uniqueId, id: promotionId } = params(UniqueIdParams, request.params);
    const { campaign } = await campaignByUniqueId(db, currentUser(request).id, uniqueId);
    const existing = await db.selectFrom('promotions').selectAll().where('id', '=', promotionId).where('campaignId', '=', campaign.id).executeTakeFirst();
    if (!existing) throw notFound(PROMOTION_NOT_FOUND);
    const row = await updateCollateral(db, deps, existing, parseInput(CollateralBodySchema, request.body));
    const [promotion] = await toPromotions(db, [row]);
    return sendAs(reply, PromotionSchema, promotion!);
  });

  app.get(path(promotionPaths.collateralPreview(0).replace('/0/', '/:id/')), docs('Collateral as it will appear in a letter (MJML rendered to HTML), in its zone or as the legacy block of adTypeId', IdParams, { querystring: CollateralPreviewQuerySchema, response: { 200: CollateralPreviewSchema } }), async (request, reply) => {
    const { id: promotionId } = params(IdParams, request.params);
    const row = await db
      .selectFrom('promotions')
      .innerJoin('promotionCampaigns as c', 'c.id', 'promotions.campaignId')
      .selectAll('promotions')
      .select('c.uniqueId as campaignUniqueId')
      .where('promotions.id', '=', promotionId)
      .executeTakeFirst();
    if (!row) throw notFound(PROMOTION_NOT_FOUND);
    const { campaignUniqueId, ...promotionRow } = row;
    // The campaign's own check: another's collateral is as missing as a wrong id.
    await campaignByUniqueId(db, currentUser(request).id, campaignUniqueId).catch(() => {
      throw notFound(PROMOTION_NOT_FOUND);
    });
    const { adTypeId } = parseInput(CollateralPreviewQuerySchema, request.query);
    // limitsFor refuses an ad type of another organization as it refuses a missing one.
    if (adTypeId !== undefined) await limitsFor(db, promotionRow.organizationId, adTypeId);
    const [promotion] = await toPromotions(db, [promotionRow]);
    return sendAs(reply, CollateralPreviewSchema, { html: (await renderCollateral(db, promotion!, platformUrlOf(request), adTypeId ?? null)).html });
  });

  const review = (kind: ReviewKind) => async (request: FastifyRequest, reply: FastifyReply) => {
    const { brand, channel, id: promotionId } = params(BrandChannelIdParams, request.params);
    const user = currentUser(request);
    const access = await channelBySlugs(db, user.id, brand, channel);
    const body = parseInput(ReviewBodySchema, request.body ?? {});
    const found = await db
      .selectFrom('promotions')
      .innerJoin('promotionCampaigns as c', 'c.id', 'promotions.campaignId')
      .selectAll('promotions')
      .select('c.channels as campaignChannels')
      .where('promotions.id', '=', promotionId)
      .where('promotions.organizationId', '=', access.channel.organizationId)
      .executeTakeFirst();
    if (!found || (found.campaignChannels.length > 0 && !found.campaignChannels.includes(channel))) throw notFound(PROMOTION_NOT_FOUND);
    const { row, message } = await reviewPromotion(db, found, user.id, kind, body.message);
    const [promotion] = await toPromotions(db, [row]);
    return sendAs(reply, ReviewResponseSchema, { promotion: promotion!, message });
  };
  app.post(path(promotionPaths.approve(':brand', ':channel', 0).replace('/0/', '/:id/')), docs('Approve a promotion (status 4) with a message', BrandChannelIdParams, { body: ReviewBodySchema, response: { 200: ReviewResponseSchema } }), review('approve'));
  app.post(path(promotionPaths.requestChanges(':brand', ':channel', 0).replace('/0/', '/:id/')), docs('Send a promotion back with a request for changes', BrandChannelIdParams, { body: ReviewBodySchema, response: { 200: ReviewResponseSchema } }), review('request-changes'));

  app.get(path(promotionPaths.channelPromotions(':brand', ':channel')), docs("Promotions a channel carries on a day (the schedule step's check)", BrandChannelParams, { querystring: ChannelPromotionsQuerySchema, response: { 200: PromotionListSchema } }), async (request, reply) => {
    const { brand, channel } = params(BrandChannelParams, request.params);
    const access = await channelBySlugs(db, currentUser(request).id, brand, channel);
    const query = parseInput(ChannelPromotionsQuerySchema, request.query);
    const rows = await promotionsScheduledFor(db, {
      organizationId: access.channel.organizationId,
      channelSlug: channel,
      day: query.date,
      approvedOnly: query.status === 'approved',
    });
    const items = await toPromotions(db, rows);
    return sendAs(reply, PromotionListSchema, { items, total: items.length });
  });

  // The publisher's week: members only, since it shows every advertiser's promotions.
  app.get(path(promotionPaths.weekPromotions(':channel')), docs('Approved promotions a channel carries on each of seven days from firstDate', ChannelParams, { querystring: WeekPromotionsQuerySchema, response: { 200: WeekPromotionsSchema } }), async (request, reply) => {
    const { channel } = params(ChannelParams, request.params);
    const found = await db
      .selectFrom('channels')
      .innerJoin('memberships', (join) => join.onRef('memberships.organizationId', '=', 'channels.organizationId').on('memberships.userId', '=', currentUser(request).id))
      .select('channels.organizationId')
      .where('channels.slug', '=', channel)
      .executeTakeFirst();
    if (!found) throw notFound('This channel does not exist.');
    const { firstDate } = parseInput(WeekPromotionsQuerySchema, request.query);
    const start = new Date(`${firstDate}T00:00:00Z`);
    if (Number.isNaN(start.getTime())) throw invalidData({ firstDate: ['Dates are written YYYY-MM-DD.'] });
    const days = await Promise.all(
      Array.from({ length: 7 }, async (_, offset) => {
        const date = new Date(start.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
        const rows = await promotionsScheduledFor(db, { organizationId: found.organizationId, channelSlug: channel, day: date });
        return { date, items: await toPromotions(db, rows) };
      }),
    );
    return sendAs(reply, WeekPromotionsSchema, { days });
  });
};
