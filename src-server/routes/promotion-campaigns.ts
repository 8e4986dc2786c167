import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import {
  CampaignCommentsSchema,
  CampaignEventsQuerySchema,
  CampaignEventsSchema,
  CampaignListQuerySchema,
  CampaignListSchema,
  CampaignSchema,
  CampaignStatusBodySchema,
  ChannelCampaignBodySchema,
  CreateCampaignSchema,
  UpdateCampaignSchema,
  promotionPaths,
} from '../../shared/contract/platform-promotions';
import { CAMPAIGN_COMMENTS_LIMIT, CampaignStatus, PromotionStatus } from '../../shared/rules/promotions';
import { normalizeEmail } from '../db/accounts';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { currentUser } from '../http/authentication';
import { conflict, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { campaignEvents } from '../promotions/campaign-events';
import { addComment, changeStatus } from '../promotions/campaign-status';
import { checkChannels, createCampaign } from '../promotions/campaign-create';
import { campaignPage } from '../promotions/campaign-list';
import { CAMPAIGN_NOT_FOUND, campaignById, campaignByUniqueId, channelAccess, promotionAccess } from '../promotions/promotion-access';
import type { PromotionAccess } from '../promotions/promotion-access';
import { answerCampaign, toCampaign } from '../promotions/promotion-records';
import { ChannelIdParams, ChannelParams, OrgIdParams, OrgParams, OrgUniqueParams, UniqueParams, docs, params, path } from './promotion-route-schemas';

// Promotion campaigns (spec 3 §4, §7 "Promotion campaigns"): list, create, clone, update,
// delete, the setup stepper and approval, the comment thread. Members see every campaign of
// the organization; an advertiser only those they created (promotion-access.ts).

export const promotionCampaignRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(path(promotionPaths.campaigns(':org')), docs('Campaigns of an organization', OrgParams, { querystring: CampaignListQuerySchema, response: { 200: CampaignListSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    return sendAs(reply, CampaignListSchema, await campaignPage(db, access, parseInput(CampaignListQuerySchema, request.query)));
  });

  const create = (access: PromotionAccess, raw: unknown, allowTemplate: boolean) => createCampaign(db, access, parseInput(CreateCampaignSchema, raw), allowTemplate);

  app.post(path(promotionPaths.channelCampaignCreate()), docs("Create a campaign in a channel's organization, running in that channel (an advertiser of it may)", z.object({}), { body: ChannelCampaignBodySchema, response: { 201: CampaignSchema } }), async (request, reply) => {
    const { channelSlug, ...fields } = parseInput(ChannelCampaignBodySchema, request.body);
    const { channel, access } = await channelAccess(db, currentUser(request).id, channelSlug);
    const row = await createCampaign(db, access, { ...fields, channels: [channel.slug], isTemplate: false }, false);
    return sendAs(reply, CampaignSchema, toCampaign(row), 201);
  });

  app.get(path(promotionPaths.channelCampaigns(':channel')), docs('The campaigns that run in a channel (by slug or id), with the query of the organization list', ChannelParams, { querystring: CampaignListQuerySchema, response: { 200: CampaignListSchema } }), async (request, reply) => {
    const { channel: ref } = params(ChannelParams, request.params);
    const { channel, access } = await channelAccess(db, currentUser(request).id, ref);
    return sendAs(reply, CampaignListSchema, await campaignPage(db, access, parseInput(CampaignListQuerySchema, request.query), channel.slug));
  });

  app.post(path(promotionPaths.campaigns(':org')), docs('Create a campaign', OrgParams, { body: CreateCampaignSchema, response: { 201: CampaignSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    return sendAs(reply, CampaignSchema, toCampaign(await create(access, request.body, false)), 201);
  });

  app.post(path(promotionPaths.campaignScaffold(':org')), docs('Create a campaign or a template (isTemplate)', OrgParams, { body: CreateCampaignSchema, response: { 201: CampaignSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    return sendAs(reply, CampaignSchema, toCampaign(await create(access, request.body, true)), 201);
  });

  app.get(path(promotionPaths.campaign(':org', 0).replace(/0$/, ':id')), docs('One campaign', OrgIdParams, { response: { 200: CampaignSchema } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    return sendAs(reply, CampaignSchema, await answerCampaign(db, await campaignById(db, access, campaignId)));
  });

  app.get(path(promotionPaths.campaignEvents(':org', 0).replace('/0/', '/:id/')), docs("A campaign's history, newest first: created, status changes, comments, collateral submitted, approved, changes requested", OrgIdParams, { querystring: CampaignEventsQuerySchema, response: { 200: CampaignEventsSchema } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const campaign = await campaignById(db, access, campaignId);
    const query = parseInput(CampaignEventsQuerySchema, request.query);
    const { items, total } = await campaignEvents(db, campaign.id, { page: query.page, records: query.records, types: query.type });
    return sendAs(reply, CampaignEventsSchema, { items, total, page: query.page, records: query.records });
  });

  app.post(path(promotionPaths.campaignClone(':org', 0).replace('/0/', '/:id/')), docs('Copy a campaign (a template becomes a campaign) with its collateral', OrgIdParams, { response: { 201: CampaignSchema } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const source = await campaignById(db, access, campaignId);
    const copy = await db.transaction().execute(async (trx) => {
      const { id: _id, uniqueId: _u, createdAt: _c, updatedAt: _up, ...fields } = source;
      const row = await trx
        .insertInto('promotionCampaigns')
        .values({
          ...fields,
          uniqueId: randomUUID(),
          channels: toJson(source.channels),
          title: source.isTemplate ? source.title : `Copy of ${source.title}`,
          status: CampaignStatus.new,
          isTemplate: false,
          createdByUserId: access.userId,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const promotions = await trx.selectFrom('promotions').selectAll().where('campaignId', '=', source.id).orderBy('id').execute();
      for (const { id: _pid, uniqueId: _pu, createdAt: _pc, updatedAt: _pup, ...promotion } of promotions) {
        await trx
          .insertInto('promotions')
          .values({ ...promotion, uniqueId: randomUUID(), campaignId: row.id, dates: toJson(promotion.dates), status: PromotionStatus.new, createdByUserId: access.userId })
          .execute();
      }
      return row;
    });
    return sendAs(reply, CampaignSchema, toCampaign(copy), 201);
  });

  app.delete(path(promotionPaths.campaignDelete(':org', 0).replace(/0$/, ':id')), docs('Delete a campaign and its collateral', OrgIdParams, { response: { 204: null } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const campaign = await campaignById(db, access, campaignId);
    const sent = await db
      .selectFrom('letterPromotions')
      .innerJoin('promotions', 'promotions.id', 'letterPromotions.promotionId')
      .select('letterPromotions.letterId')
      .where('promotions.campaignId', '=', campaign.id)
      .executeTakeFirst();
    if (sent) throw conflict('This campaign has run in sent letters; its metrics keep it.');
    await db.deleteFrom('promotionCampaigns').where('id', '=', campaign.id).execute();
    return reply.code(204).send();
  });

  app.post(path(promotionPaths.campaignUpdate(':org', ':uniqueId')), docs('Update a campaign', OrgUniqueParams, { body: UpdateCampaignSchema, response: { 200: CampaignSchema } }), async (request, reply) => {
    const { org, uniqueId } = params(OrgUniqueParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const found = await campaignByUniqueId(db, access.userId, uniqueId);
    if (found.campaign.organizationId !== access.organizationId) throw notFound(CAMPAIGN_NOT_FOUND);
    const body = parseInput(UpdateCampaignSchema, request.body);
    if (body.channels) await checkChannels(db, access.organizationId, body.channels);
    let row = found.campaign;
    if (body.status !== undefined && body.status !== row.status) row = await changeStatus(db, found.access, row, body.status, '');
    row = await db
      .updateTable('promotionCampaigns')
      .set({
        ...(body.title !== undefined ? { title: body.title } : {}),
        ...(body.promoterName !== undefined ? { promoterName: body.promoterName } : {}),
        ...(body.promoterEmail !== undefined ? { promoterEmail: body.promoterEmail ? normalizeEmail(body.promoterEmail) : '' } : {}),
        ...(body.channels !== undefined ? { channels: toJson(body.channels) } : {}),
        ...(body.campaignInstructions !== undefined ? { campaignInstructions: body.campaignInstructions } : {}),
        ...(body.description !== undefined ? { description: body.description } : {}),
        ...(body.dateRangeStart !== undefined ? { dateRangeStart: body.dateRangeStart } : {}),
        ...(body.dateRangeEnd !== undefined ? { dateRangeEnd: body.dateRangeEnd } : {}),
        updatedAt: new Date(),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return sendAs(reply, CampaignSchema, await answerCampaign(db, row));
  });

  app.get(path(promotionPaths.campaignByUniqueId(':uniqueId')), docs('One campaign by its unique id', UniqueParams, { response: { 200: CampaignSchema } }), async (request, reply) => {
    const { uniqueId } = params(UniqueParams, request.params);
    const { campaign } = await campaignByUniqueId(db, currentUser(request).id, uniqueId);
    return sendAs(reply, CampaignSchema, await answerCampaign(db, campaign));
  });

  app.post(path(promotionPaths.campaignStatus(':uniqueId')), docs('Move a campaign: the setup stepper (0 → 7 → 2), back, or approve (5, members only)', UniqueParams, { body: CampaignStatusBodySchema, response: { 200: CampaignSchema } }), async (request, reply) => {
    const { uniqueId } = params(UniqueParams, request.params);
    const { campaign, access } = await campaignByUniqueId(db, currentUser(request).id, uniqueId);
    const body = parseInput(CampaignStatusBodySchema, request.body);
    return sendAs(reply, CampaignSchema, await answerCampaign(db, await changeStatus(db, access, campaign, body.status, body.comment)));
  });

  // --- Comments and the publisher's status changes ------------------------------------------

  const channelCampaign = async (userId: number, channel: string, campaignId: number, brand?: string) => {
    void brand;
    const rows = await db
      .selectFrom('channels')
      .innerJoin('memberships', (join) => join.onRef('memberships.organizationId', '=', 'channels.organizationId').on('memberships.userId', '=', userId))
      .innerJoin('promotionCampaigns as c', 'c.organizationId', 'channels.organizationId')
      .selectAll('c')
      .where('channels.slug', '=', channel)
      .where('c.id', '=', campaignId)
      .execute();
    const campaign = rows.find((row) => row.channels.length === 0 || row.channels.includes(channel));
    if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
    return campaign;
  };

  app.get(path(promotionPaths.campaignComments(':channel', 0).replace('/0/', '/:id/')), docs('The comment thread of a campaign (the last 250)', ChannelIdParams, { response: { 200: CampaignCommentsSchema } }), async (request, reply) => {
    const { channel, id: campaignId } = params(ChannelIdParams, request.params);
    const campaign = await channelCampaign(currentUser(request).id, channel, campaignId);
    const records = Math.min(CAMPAIGN_COMMENTS_LIMIT, Math.max(1, Number((request.query as Record<string, unknown>).records ?? CAMPAIGN_COMMENTS_LIMIT) || CAMPAIGN_COMMENTS_LIMIT));
    const rows = await db
      .selectFrom('promotionCampaignComments as m')
      .leftJoin('users as u', 'u.id', 'm.userId')
      .select(['m.id', 'm.comment', 'm.status', 'm.createdAt', 'u.name', 'u.surname'])
      .where('m.campaignId', '=', campaign.id)
      .orderBy('m.id', 'desc')
      .limit(records)
      .execute();
    return sendAs(reply, CampaignCommentsSchema, {
      comments: rows.map((row) => ({
        id: row.id,
        comment: row.comment,
        status: row.status,
        authorName: [row.name, row.surname].filter(Boolean).join(' '),
        createdAt: row.createdAt.toISOString(),
      })),
    });
  });

  app.post(path(promotionPaths.channelCampaignStatus(':channel', 0).replace('/0/', '/:id/')), docs("The publisher's status change with a comment", ChannelIdParams, { body: CampaignStatusBodySchema, response: { 200: CampaignSchema } }), async (request, reply) => {
    const { channel, id: campaignId } = params(ChannelIdParams, request.params);
    const user = currentUser(request);
    const campaign = await channelCampaign(user.id, channel, campaignId);
    const body = parseInput(CampaignStatusBodySchema, request.body);
    const access = await promotionAccess(db, user.id, (await db.selectFrom('organizations').select('slug').where('id', '=', campaign.organizationId).executeTakeFirstOrThrow()).slug);
    const row = body.status === campaign.status ? campaign : await changeStatus(db, access, campaign, body.status, body.comment);
    if (body.status === campaign.status) await addComment(db, campaign.id, user.id, body.comment, null);
    return sendAs(reply, CampaignSchema, await answerCampaign(db, row));
  });
};
