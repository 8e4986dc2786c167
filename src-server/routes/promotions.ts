import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  AdTypeBodySchema,
  AdTypeListSchema,
  AdTypeSchema,
  AdvertiserBodySchema,
  CampaignCommentsSchema,
  CampaignListQuerySchema,
  CampaignListSchema,
  CampaignMetricsSchema,
  CampaignSchema,
  CampaignStatusBodySchema,
  ChannelPromotionsQuerySchema,
  CollateralBodySchema,
  WeekPromotionsQuerySchema,
  WeekPromotionsSchema,
  CollateralPreviewQuerySchema,
  CollateralPreviewSchema,
  CreateCampaignSchema,
  PromotersSchema,
  PromotionListSchema,
  PromotionSchema,
  ReviewBodySchema,
  ReviewResponseSchema,
  UpdateCampaignSchema,
  promotionPaths,
} from '../../shared/contract/platform-promotions';
import {
  AD_TYPE_DEFAULTS,
  CAMPAIGN_COMMENTS_LIMIT,
  CampaignStatus,
  DERIVED_PROMOTIONS_FILTER,
  PromotionStatus,
  campaignMatchesFilter,
  collateralErrors,
  isCampaignInSetup,
  nextCampaignStatus,
  priorCampaignStatus,
  promotionDays,
} from '../../shared/rules/promotions';
import { createUser, normalizeEmail } from '../db/accounts';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { conflict, forbidden, invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import {
  CAMPAIGN_NOT_FOUND,
  PROMOTION_NOT_FOUND,
  campaignById,
  campaignByUniqueId,
  promotionAccess,
  requireMember,
} from '../promotions/promotion-access';
import type { CampaignRow, PromotionAccess } from '../promotions/promotion-access';
import type { PromotionRow } from '../promotions/promotion-records';
import { availableZones, campaignCounts, campaignMetrics, organizationAdTypes, toCampaign, toPromotions } from '../promotions/promotion-records';
import { collateralPreviewHtml } from '../promotions/collateral-preview';
import { checkCollateralImage, type CollateralImageDeps } from '../promotions/collateral-image';
import { promotionsScheduledFor } from '../promotions/scheduled-promotions';
import { platformUrlOf } from '../delivery/letter-render';
import { csvRecord } from '../reports/csv-format';

// Promotion campaigns, collateral, ad types and promoters (spec 3 §3–§4, §7). Members of
// the organization see everything; an advertiser only their own campaigns (promotion-access.ts).

const MAX_INT = 2_147_483_647;
const id = z.coerce.number().int().positive().max(MAX_INT);
const OrgParams = z.object({ org: z.string().min(1).max(200) });
const OrgIdParams = OrgParams.extend({ id });
const UniqueParams = z.object({ uniqueId: z.string().min(1).max(200) });
const UniqueIdParams = UniqueParams.extend({ id });
const ChannelIdParams = z.object({ channel: z.string().min(1).max(200), id });
const BrandChannelParams = z.object({ brand: z.string().min(1).max(200), channel: z.string().min(1).max(200) });
const BrandChannelIdParams = BrandChannelParams.extend({ id });

function params<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw);
  if (!parsed.success) throw notFound('Not found.');
  return parsed.data;
}

const path = (value: string) => decodeURIComponent(value);
const docs = (summary: string, p: z.ZodType, extra: Parameters<typeof routeDocs>[0] extends infer D ? Partial<D> : never = {}) =>
  ({ schema: routeDocs({ summary, params: p, ...extra }) });

async function answerCampaign(db: Db, row: CampaignRow) {
  const counts = await campaignCounts(db, [row.id]);
  return toCampaign(row, counts.get(row.id));
}

async function addComment(db: Db, campaignId: number, userId: number, comment: string, status: number | null): Promise<void> {
  if (comment.trim() === '' && status === null) return;
  await db.insertInto('promotionCampaignComments').values({ campaignId, userId, comment: comment.trim(), status }).execute();
}

/** Channel slugs must be channels of the organization. */
async function checkChannels(db: Db, organizationId: number, channels: readonly string[]): Promise<void> {
  if (channels.length === 0) return;
  const rows = await db.selectFrom('channels').select('slug').where('organizationId', '=', organizationId).where('slug', 'in', channels).execute();
  const known = new Set(rows.map((row) => row.slug));
  const unknown = channels.filter((slug) => !known.has(slug));
  if (unknown.length > 0) throw invalidData({ channels: [`Not a channel of this organization: ${unknown.join(', ')}.`] });
}

/** A status change of the campaign, as the stepper, approval or the publisher asks it. */
async function changeStatus(db: Db, access: PromotionAccess, campaign: CampaignRow, status: number, comment: string): Promise<CampaignRow> {
  const allowed = [nextCampaignStatus(campaign.status), priorCampaignStatus(campaign.status), CampaignStatus.new];
  if (status === CampaignStatus.approved) {
    requireMember(access);
    if (isCampaignInSetup(campaign.status)) throw conflict('Finish the campaign setup before approving it.');
  } else if (!allowed.includes(status) && status !== CampaignStatus.draft) {
    throw conflict(`A campaign cannot go from status ${campaign.status} to ${status}.`);
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('promotionCampaigns')
      .set({ status, updatedAt: new Date() })
      .where('id', '=', campaign.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await addComment(trx, campaign.id, access.userId, comment, status);
    return row;
  });
}

function collateralCheck(body: z.output<typeof CollateralBodySchema>, limits: Parameters<typeof collateralErrors>[1]): void {
  const errors = collateralErrors(
    { ...body, dateRangeStart: body.dateRangeStart ?? null, dateRangeEnd: body.dateRangeEnd ?? null },
    limits,
  );
  if (Object.keys(errors).length > 0) throw invalidData(Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, [v]])));
}

async function limitsFor(db: Db, organizationId: number, adTypeId: number | null | undefined) {
  if (adTypeId == null) return AD_TYPE_DEFAULTS;
  const adType = await db.selectFrom('promotionAdTypes').selectAll().where('id', '=', adTypeId).where('organizationId', '=', organizationId).executeTakeFirst();
  if (!adType) throw invalidData({ adTypeId: ['This ad type does not exist.'] });
  return adType;
}

async function checkZone(db: Db, organizationId: number, zone: number): Promise<void> {
  const zones = await availableZones(db, organizationId);
  if (zone > zones) throw invalidData({ zone: [`Choose a zone from 1 to ${zones}.`] });
}

/**
 * An ad type sells `inventory` promotions a day: approving one more on a day already full
 * is refused (409). The ad type's row is locked so two approvals cannot both take the last one.
 */
async function checkInventory(trx: Db, promotion: PromotionRow): Promise<void> {
  const adType = await trx.selectFrom('promotionAdTypes').select(['id', 'title', 'inventory']).where('id', '=', promotion.adTypeId!).forUpdate().executeTakeFirst();
  if (!adType) return;
  const others = await trx
    .selectFrom('promotions')
    .selectAll()
    .where('adTypeId', '=', adType.id)
    .where('status', '=', PromotionStatus.approved)
    .where('id', '<>', promotion.id)
    .execute();
  for (const day of promotionDays(promotion)) {
    const taken = others.filter((other) => promotionDays(other).includes(day)).length;
    if (taken >= adType.inventory) throw conflict(`${adType.title} has no inventory left on ${day}: ${taken} of ${adType.inventory} approved.`);
  }
}

export const promotionRoutes: FastifyPluginAsync<{ db: Db } & CollateralImageDeps> = async (app, { db, storage, allowHttp }) => {
  // --- Campaigns ---------------------------------------------------------------------------

  app.get(path(promotionPaths.campaigns(':org')), docs('Campaigns of an organization', OrgParams, { querystring: CampaignListQuerySchema, response: { 200: CampaignListSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const query = parseInput(CampaignListQuerySchema, request.query);
    let select = db.selectFrom('promotionCampaigns').selectAll().where('organizationId', '=', access.organizationId);
    if (access.onlyCreatedBy !== null) select = select.where('createdByUserId', '=', access.onlyCreatedBy);
    if (query.isTemplate !== undefined) select = select.where('isTemplate', '=', query.isTemplate);
    if (query.status !== CampaignStatus.any) select = select.where('status', '=', query.status);
    const search = query.search.trim();
    if (search !== '') {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      select = select.where((eb) => eb.or([eb('title', 'ilike', like), eb('promoterName', 'ilike', like), eb('promoterEmail', 'ilike', like)]));
    }
    const total = await select.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const rows = await select
      .orderBy(query.orderBy, query.orderDirection)
      .orderBy('id', query.orderDirection)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const counts = await campaignCounts(db, rows.map((row) => row.id));
    const campaigns = rows.filter((row) => campaignMatchesFilter(row.status, query.status)).map((row) => toCampaign(row, counts.get(row.id)));
    return sendAs(reply, CampaignListSchema, { campaigns, total: Number(total.n) });
  });

  const createCampaign = async (access: PromotionAccess, raw: unknown, isScaffold: boolean) => {
    const body = parseInput(CreateCampaignSchema, raw);
    await checkChannels(db, access.organizationId, body.channels);
    return db
      .insertInto('promotionCampaigns')
      .values({
        uniqueId: randomUUID(),
        organizationId: access.organizationId,
        channels: toJson(body.channels),
        title: body.title,
        description: body.description,
        campaignInstructions: body.campaignInstructions,
        promoterName: body.promoterName,
        promoterEmail: body.promoterEmail ? normalizeEmail(body.promoterEmail) : '',
        // A new campaign starts its setup at 0 whatever the caller sends; templates are made by members.
        status: CampaignStatus.new,
        isTemplate: isScaffold && access.isMember ? body.isTemplate : false,
        dateRangeStart: body.dateRangeStart ?? null,
        dateRangeEnd: body.dateRangeEnd ?? null,
        createdByUserId: access.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  };

  app.post(path(promotionPaths.campaigns(':org')), docs('Create a campaign', OrgParams, { body: CreateCampaignSchema, response: { 201: CampaignSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    return sendAs(reply, CampaignSchema, toCampaign(await createCampaign(access, request.body, false)), 201);
  });

  app.post(path(promotionPaths.campaignScaffold(':org')), docs('Create a campaign or a template (isTemplate)', OrgParams, { body: CreateCampaignSchema, response: { 201: CampaignSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    return sendAs(reply, CampaignSchema, toCampaign(await createCampaign(access, request.body, true)), 201);
  });

  app.get(path(promotionPaths.campaign(':org', 0).replace(/0$/, ':id')), docs('One campaign', OrgIdParams, { response: { 200: CampaignSchema } }), async (request, reply) => {
    const { org, id: campaignId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    return sendAs(reply, CampaignSchema, await answerCampaign(db, await campaignById(db, access, campaignId)));
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

  app.post(path(promotionPaths.campaignUpdate(':org', ':uniqueId')), docs('Update a campaign', OrgParams.extend(UniqueParams.shape), { body: UpdateCampaignSchema, response: { 200: CampaignSchema } }), async (request, reply) => {
    const { org, uniqueId } = params(OrgParams.extend(UniqueParams.shape), request.params);
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

  // --- Collateral --------------------------------------------------------------------------

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
    const body = parseInput(CollateralBodySchema, request.body);
    const limits = await limitsFor(db, campaign.organizationId, body.adTypeId ?? body.templateCustomizationId);
    collateralCheck(body, limits);
    await checkZone(db, campaign.organizationId, body.zone);
    await checkCollateralImage({ storage, allowHttp }, body.image, limits);
    const { templateCustomizationId, adTypeId, dates, dateRangeStart, dateRangeEnd, ...fields } = body;
    const row = await db
      .insertInto('promotions')
      .values({
        ...fields,
        uniqueId: randomUUID(),
        campaignId: campaign.id,
        organizationId: campaign.organizationId,
        adTypeId: adTypeId ?? templateCustomizationId ?? null,
        dates: toJson(dates),
        dateRangeStart: dateRangeStart ?? null,
        dateRangeEnd: dateRangeEnd ?? null,
        status: PromotionStatus.new,
        createdByUserId: access.userId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    const [promotion] = await toPromotions(db, [row]);
    return sendAs(reply, PromotionSchema, promotion!, 201);
  });

  app.post(path(promotionPaths.updateCollateral(':uniqueId', 0).replace(/0$/, ':id')), docs('Update collateral; an approved one goes back to review', UniqueIdParams, { body: CollateralBodySchema, response: { 200: PromotionSchema } }), async (request, reply) => {
    const { uniqueId, id: promotionId } = params(UniqueIdParams, request.params);
    const { campaign } = await campaignByUniqueId(db, currentUser(request).id, uniqueId);
    const existing = await db.selectFrom('promotions').selectAll().where('id', '=', promotionId).where('campaignId', '=', campaign.id).executeTakeFirst();
    if (!existing) throw notFound(PROMOTION_NOT_FOUND);
    const body = parseInput(CollateralBodySchema, request.body);
    const limits = await limitsFor(db, campaign.organizationId, body.adTypeId ?? body.templateCustomizationId);
    collateralCheck(body, limits);
    await checkZone(db, campaign.organizationId, body.zone);
    await checkCollateralImage({ storage, allowHttp }, body.image, limits);
    const { templateCustomizationId, adTypeId, dates, dateRangeStart, dateRangeEnd, ...fields } = body;
    const row = await db
      .updateTable('promotions')
      .set({
        ...fields,
        adTypeId: adTypeId ?? templateCustomizationId ?? null,
        dates: toJson(dates),
        dateRangeStart: dateRangeStart ?? null,
        dateRangeEnd: dateRangeEnd ?? null,
        // What was approved is not what will run any more.
        status: PromotionStatus.new,
        updatedAt: new Date(),
      })
      .where('id', '=', existing.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const [promotion] = await toPromotions(db, [row]);
    return sendAs(reply, PromotionSchema, promotion!);
  });

  app.get(path(promotionPaths.collateralPreview(0).replace('/0/', '/:id/')), docs('Collateral as it will appear in a letter (MJML rendered to HTML), in its zone or as the legacy block of adTypeId', z.object({ id }), { querystring: CollateralPreviewQuerySchema, response: { 200: CollateralPreviewSchema } }), async (request, reply) => {
    const { id: promotionId } = params(z.object({ id }), request.params);
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
    return sendAs(reply, CollateralPreviewSchema, { html: await collateralPreviewHtml(db, promotion!, platformUrlOf(request), adTypeId ?? null) });
  });

  const review = (kind: 'approve' | 'request-changes') => async (request: FastifyRequest, reply: FastifyReply) => {
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
    const { row, message } = await db.transaction().execute(async (trx) => {
      if (kind === 'approve' && found.adTypeId !== null) await checkInventory(trx, found);
      const updated = await trx
        .updateTable('promotions')
        .set({ status: kind === 'approve' ? PromotionStatus.approved : PromotionStatus.new, updatedAt: new Date() })
        .where('id', '=', found.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const note = await trx
        .insertInto('promotionMessages')
        .values({ promotionId: found.id, userId: user.id, kind, message: body.message })
        .returning(['id', 'message', 'createdAt'])
        .executeTakeFirstOrThrow();
      return { row: updated, message: note };
    });
    const [promotion] = await toPromotions(db, [row]);
    return sendAs(reply, ReviewResponseSchema, { promotion: promotion!, message: { ...message, createdAt: message.createdAt.toISOString() } });
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
  app.get(path(promotionPaths.weekPromotions(':channel')), docs('Approved promotions a channel carries on each of seven days from firstDate', z.object({ channel: z.string().min(1).max(200) }), { querystring: WeekPromotionsQuerySchema, response: { 200: WeekPromotionsSchema } }), async (request, reply) => {
    const { channel } = params(z.object({ channel: z.string().min(1).max(200) }), request.params);
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

  // --- Metrics -----------------------------------------------------------------------------

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

  // --- Promoters, advertisers, ad types -----------------------------------------------------

  app.get(path(promotionPaths.promoters(':org')), docs("The promoters of an organization's campaigns", OrgParams, { response: { 200: PromotersSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    let select = db
      .selectFrom('promotionCampaigns')
      .select(['promoterName as name', 'promoterEmail as email'])
      .distinct()
      .where('organizationId', '=', access.organizationId)
      .where('promoterEmail', '<>', '');
    if (access.onlyCreatedBy !== null) select = select.where('createdByUserId', '=', access.onlyCreatedBy);
    const items = await select.orderBy('name').orderBy('email').execute();
    return sendAs(reply, PromotersSchema, { items, total: items.length });
  });

  app.post(path(promotionPaths.advertisers(':org')), docs('Let an advertiser in (owners and admins): they sign in and see only their own campaigns', OrgParams, { body: AdvertiserBodySchema, response: { 201: z.object({ email: z.string(), name: z.string() }) } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const user = currentUser(request);
    const access = await promotionAccess(db, user.id, org);
    const role = await db.selectFrom('memberships').select('role').where('userId', '=', user.id).where('organizationId', '=', access.organizationId).executeTakeFirst();
    if (!role || role.role === 'editor') throw forbidden('Only owners and admins can let advertisers in.');
    const body = parseInput(AdvertiserBodySchema, request.body);
    const email = normalizeEmail(body.email);
    await db.transaction().execute(async (trx) => {
      const existing = await trx.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
      if (existing) throw invalidData({ email: ['This email already has an account.'] });
      const created = await createUser(trx, { email, password: body.password, name: body.name, surname: '' });
      await trx.insertInto('promotionAdvertisers').values({ userId: created.id, organizationId: access.organizationId }).execute();
    });
    return reply.code(201).send({ email, name: body.name });
  });

  app.get(path(promotionPaths.customizations(':org')), docs('Ad types (customizations) in position order, with their zones', OrgParams, { response: { 200: AdTypeListSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const items = await organizationAdTypes(db, access.organizationId, access.organizationSlug);
    return sendAs(reply, AdTypeListSchema, { items, total: items.length });
  });

  app.post(path(promotionPaths.customizations(':org')), docs('Create an ad type', OrgParams, { body: AdTypeBodySchema, response: { 201: AdTypeSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    requireMember(access);
    const body = parseInput(AdTypeBodySchema, request.body);
    const row = await db.insertInto('promotionAdTypes').values({ ...body, templateId: body.templateId ?? null, organizationId: access.organizationId }).returning('id').executeTakeFirstOrThrow();
    const adType = (await organizationAdTypes(db, access.organizationId, access.organizationSlug)).find((a) => a.id === row.id)!;
    return sendAs(reply, AdTypeSchema, adType, 201);
  });

  const adTypePath = path(promotionPaths.customization(':org', 0).replace(/0$/, ':id'));
  const adTypeOf = async (request: { params: unknown; user?: unknown }, userId: number) => {
    const { org, id: adTypeId } = params(OrgIdParams, request.params);
    const access = await promotionAccess(db, userId, org);
    const adType = (await organizationAdTypes(db, access.organizationId, access.organizationSlug)).find((a) => a.id === adTypeId);
    if (!adType) throw notFound('This ad type does not exist.');
    return { access, adType };
  };

  app.get(adTypePath, docs('One ad type', OrgIdParams, { response: { 200: AdTypeSchema } }), async (request, reply) => {
    const { adType } = await adTypeOf(request, currentUser(request).id);
    return sendAs(reply, AdTypeSchema, adType);
  });

  app.post(adTypePath, docs('Update an ad type (position clamped to 0–100)', OrgIdParams, { body: AdTypeBodySchema, response: { 200: AdTypeSchema } }), async (request, reply) => {
    const { access, adType } = await adTypeOf(request, currentUser(request).id);
    requireMember(access);
    const body = parseInput(AdTypeBodySchema, request.body);
    await db.updateTable('promotionAdTypes').set({ ...body, templateId: body.templateId ?? null }).where('id', '=', adType.id).execute();
    const updated = (await organizationAdTypes(db, access.organizationId, access.organizationSlug)).find((a) => a.id === adType.id)!;
    return sendAs(reply, AdTypeSchema, updated);
  });

  app.delete(adTypePath, docs('Delete an ad type (its promotions keep their content, without a type)', OrgIdParams, { response: { 204: null } }), async (request, reply) => {
    const { access, adType } = await adTypeOf(request, currentUser(request).id);
    requireMember(access);
    await db.deleteFrom('promotionAdTypes').where('id', '=', adType.id).execute();
    return reply.code(204).send();
  });
};
