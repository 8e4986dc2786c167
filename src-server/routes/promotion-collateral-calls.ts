import multipart from '@fastify/multipart';
import type { FastifyError, FastifyPluginAsync, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE } from '../../shared/contract/platform-media';
import { PromotionListSchema, PromotionSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import { CollateralMultipartSchema, PromotionDataCreateSchema, PromotionDataUpdateSchema, PromotionItemSchema, PromotionQuerySchema } from '../../shared/contract/platform-promotion-calls';
import { DERIVED_PROMOTIONS_FILTER, PromotionStatus } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import { currentUser } from '../http/authentication';
import { conflict, errorHandler, invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { acceptImageBytes } from '../media/accept-image';
import { storeImage } from '../media/store-image';
import { checkCollateralImageBytes, type CollateralImageDeps } from '../promotions/collateral-image';
import { checkCollateral, createCollateral, limitsFor, updateCollateral, type CollateralBody } from '../promotions/collateral-writes';
import {
  CAMPAIGN_NOT_FOUND,
  PROMOTION_NOT_FOUND,
  campaignByUniqueId,
  channelOf,
  promotionAccess,
  promotionByRef,
  requirePromotion,
  type CampaignRow,
  type PromotionAccess,
  type PromotionChannel,
} from '../promotions/promotion-access';
import type { PromotionRow } from '../promotions/promotion-records';
import { toPromotions } from '../promotions/promotion-records';
import { readCollateralRequest, type CollateralImageFile } from './collateral-multipart';
import { publicMediaUrl, requireImageStorage } from './letter-media';
import { BrandChannelIdParams, BrandChannelParams, BrandParams, IdParams, docs, params, path } from './promotion-route-schemas';

// Spec 3 §7 "Promotions and collateral": collateral created and upserted as multipart (the
// image a file part, checked at the ad type's size and kept like other uploads), read,
// listed as its derived promotions, and deleted; the same under a brand's channel; and the
// JSON `{ data }` create and update at promotions[/{ref}]. A
// collateral and its promotion are one row here. Advertisers reach only their own
// campaigns' collateral (promotion-access.ts), members all of the organization's.

const RefParams = z.object({ ref: z.string().min(1).max(200) });
/** The spec's promotionCollateralUid: the caller may choose it when an upsert creates. */
const UNIQUE_ID = /^[A-Za-z0-9_-]{1,200}$/;
const CAMPAIGN_REQUIRED = 'Name the campaign (campaignUniqueId) to create collateral in.';
const COLLATERAL_STAYS = 'Collateral stays in the campaign it was made in.';

const refOf = (value: string): number | string => (/^\d{1,9}$/.test(value) ? Number(value) : value);
/** Documented as its fields; multipart sends the same names (lists as `name[]`, the image as a file). */
const multipartDocs = { body: CollateralMultipartSchema };

export const promotionCollateralCallRoutes: FastifyPluginAsync<{ db: Db } & CollateralImageDeps> = async (app, { db, storage, allowHttp, guard }) => {
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 500, fieldSize: 100_000 } });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return errorHandler(invalidData({ image: [IMAGE_TOO_LARGE_MESSAGE] }), request, reply);
    return errorHandler(error, request, reply);
  });
  const deps = { storage, allowHttp, guard };

  /** The campaign the body names, in the organization of the path when there is one. */
  const bodyCampaign = async (userId: number, fields: Record<string, unknown>, organizationId?: number) => {
    const uniqueId = typeof fields.campaignUniqueId === 'string' ? fields.campaignUniqueId.trim() : '';
    if (uniqueId === '') throw invalidData({ campaignUniqueId: [CAMPAIGN_REQUIRED] });
    const found = await campaignByUniqueId(db, userId, uniqueId);
    if (organizationId !== undefined && found.campaign.organizationId !== organizationId) throw notFound(CAMPAIGN_NOT_FOUND);
    return found;
  };

  /** channelIdList[]: channels (ids or slugs) of the campaign; collateral runs where its campaign runs. */
  const checkChannelList = async (access: PromotionAccess, campaign: CampaignRow, list: readonly string[]) => {
    const outside: string[] = [];
    for (const ref of list) {
      const channel = await channelOf(db, access, ref).catch(() => null);
      if (!channel || (campaign.channels.length > 0 && !campaign.channels.includes(channel.slug))) outside.push(ref);
    }
    if (outside.length > 0) throw invalidData({ channelIdList: [`Not a channel of this campaign: ${outside.join(', ')}.`] });
  };

  /** The image file accepted, checked at the ad type's size and stored; answers its address. */
  const storeCollateralImage = async (request: FastifyRequest, file: CollateralImageFile, body: CollateralBody, target: { access: PromotionAccess; campaign: CampaignRow; channel?: PromotionChannel }) => {
    const imageStorage = requireImageStorage(storage);
    const image = acceptImageBytes(file.contentType, file.bytes, 'image');
    await checkCollateralImageBytes(image.bytes, await limitsFor(db, target.campaign.organizationId, body.adTypeId ?? body.templateCustomizationId));
    const channel = target.channel ?? (await channelOf(db, target.access, target.campaign.channels[0] ?? '').catch(() => null)) ?? (await firstChannel(target.access));
    const { storageKey } = await storeImage(
      db,
      imageStorage,
      { tenantId: channel.tenantId, organizationId: channel.organizationId, channelId: channel.id, letterId: null, userId: target.access.userId },
      image,
      file.fileName,
    );
    return publicMediaUrl(request, storageKey);
  };

  const firstChannel = async (access: PromotionAccess): Promise<PromotionChannel> =>
    db.selectFrom('channels').select(['id', 'slug', 'tenantId', 'organizationId']).where('organizationId', '=', access.organizationId).orderBy('id').executeTakeFirstOrThrow();

  /** Every check first, then the image is kept, then the row written: a refused save keeps nothing. */
  const save = async (
    request: FastifyRequest,
    read: Awaited<ReturnType<typeof readCollateralRequest>>,
    target: { access: PromotionAccess; campaign: CampaignRow; channel?: PromotionChannel; existing?: PromotionRow; uniqueId?: string },
  ): Promise<PromotionRow> => {
    const body = parseInput(CollateralMultipartSchema, read.fields);
    await checkChannelList(target.access, target.campaign, body.channelIdList);
    const { campaignUniqueId: _c, channelIdList: _l, ...collateral } = body;
    await checkCollateral(db, deps, target.campaign.organizationId, collateral);
    if (read.image) collateral.image = await storeCollateralImage(request, read.image, collateral, target);
    return target.existing
      ? updateCollateral(db, deps, target.existing, collateral)
      : createCollateral(db, deps, target.campaign, target.access.userId, collateral, target.uniqueId);
  };

  const answer = async (row: PromotionRow) => (await toPromotions(db, [row]))[0]!;

  /** A campaign that does not run in the path's channel is not found there. */
  const requireRunsIn = (campaign: CampaignRow, channel: PromotionChannel, message: string) => {
    if (campaign.channels.length > 0 && !campaign.channels.includes(channel.slug)) throw notFound(message);
  };

  /** A promotion that ran in a sent letter keeps its row: its metrics need it. */
  const deletePromotion = async (promotion: PromotionRow) => {
    const sent = await db.selectFrom('letterPromotions').select('letterId').where('promotionId', '=', promotion.id).executeTakeFirst();
    if (sent) throw conflict('This promotion has run in sent letters; its metrics keep it.');
    await db.deleteFrom('promotions').where('id', '=', promotion.id).execute();
  };

  // --- promotion-collaterals ---------------------------------------------------------------

  app.post(path(promotionPaths.collateralNew(':brand')), docs('Create collateral (multipart: its fields, campaignUniqueId, channelIdList[], dates[], the image as a file)', BrandParams, { ...multipartDocs, response: { 201: PromotionSchema } }), async (request, reply) => {
    const { brand } = params(BrandParams, request.params);
    const user = currentUser(request);
    const access = await promotionAccess(db, user.id, brand);
    const read = await readCollateralRequest(request);
    const { campaign, access: campaignAccess } = await bodyCampaign(user.id, read.fields, access.organizationId);
    return sendAs(reply, PromotionSchema, await answer(await save(request, read, { access: campaignAccess, campaign })), 201);
  });

  app.post(path(promotionPaths.collateral(':ref')), docs('Upsert collateral by id or uniqueId (multipart): updates it, or creates it under that uniqueId in campaignUniqueId', RefParams, { ...multipartDocs, response: { 200: PromotionSchema, 201: PromotionSchema } }), async (request, reply) => {
    const { ref } = params(RefParams, request.params);
    const user = currentUser(request);
    const key = refOf(ref);
    const found = await promotionByRef(db, user.id, key);
    const read = await readCollateralRequest(request);
    if (found) return sendAs(reply, PromotionSchema, await answer(await save(request, read, { ...found, existing: found.promotion })));
    if (typeof key === 'number' || !UNIQUE_ID.test(key)) throw notFound(PROMOTION_NOT_FOUND);
    const { campaign, access } = await bodyCampaign(user.id, read.fields);
    return sendAs(reply, PromotionSchema, await answer(await save(request, read, { access, campaign, uniqueId: key })), 201);
  });

  app.get(path(promotionPaths.collateral(':ref')), docs('One collateral, by id or uniqueId', RefParams, { response: { 200: PromotionSchema } }), async (request, reply) => {
    const { ref } = params(RefParams, request.params);
    const { promotion } = await requirePromotion(db, currentUser(request).id, refOf(ref));
    return sendAs(reply, PromotionSchema, await answer(promotion));
  });

  app.get(path(promotionPaths.collateralPromotions(':ref')), docs('The promotions derived from a collateral (filter=3 all, 4 approved): here the collateral is its one promotion', RefParams, { response: { 200: PromotionListSchema } }), async (request, reply) => {
    const { ref } = params(RefParams, request.params);
    const { promotion } = await requirePromotion(db, currentUser(request).id, refOf(ref));
    const filter = parseInput(z.object({ filter: z.coerce.number().int().default(DERIVED_PROMOTIONS_FILTER) }), request.query).filter;
    const keep = filter === DERIVED_PROMOTIONS_FILTER || (filter === PromotionStatus.approved ? promotion.status === PromotionStatus.approved : promotion.status === filter);
    const items = keep ? [await answer(promotion)] : [];
    return sendAs(reply, PromotionListSchema, { items, total: items.length });
  });

  // --- promotions/{id} ---------------------------------------------------------------------

  app.get(path(promotionPaths.promotion(0).replace(/0$/, ':id')), docs('One promotion (resolveCredit: its ad credit, which this platform does not keep: null)', IdParams, { querystring: PromotionQuerySchema, response: { 200: PromotionItemSchema } }), async (request, reply) => {
    const { id } = params(IdParams, request.params);
    const { promotion } = await requirePromotion(db, currentUser(request).id, id);
    const query = parseInput(PromotionQuerySchema, request.query);
    const asked = query.resolveCredit === '' || query.resolveCredit === true;
    return sendAs(reply, PromotionItemSchema, { ...(await answer(promotion)), ...(asked ? { credit: null } : {}) });
  });

  app.delete(path(promotionPaths.promotion(0).replace(/0$/, ':id')), docs('Delete a promotion (not one that ran in a sent letter: 409)', IdParams, { response: { 204: null } }), async (request, reply) => {
    const { id } = params(IdParams, request.params);
    const { promotion } = await requirePromotion(db, currentUser(request).id, id);
    await deletePromotion(promotion);
    return reply.code(204).send();
  });

  // The spec's "POST promotions/ with a data payload" and the update "by promotionCollateralUid
  // with a data payload": JSON `{ data }` holding the collateral fields.
  app.post(path(promotionPaths.promotionData()), docs('Create collateral from `{ data: { campaignUniqueId, ...collateral fields } }`', z.object({}), { body: PromotionDataCreateSchema, response: { 201: PromotionSchema } }), async (request, reply) => {
    const { campaignUniqueId, ...collateral } = parseInput(PromotionDataCreateSchema, request.body).data;
    const { campaign, access } = await campaignByUniqueId(db, currentUser(request).id, campaignUniqueId);
    return sendAs(reply, PromotionSchema, await answer(await createCollateral(db, deps, campaign, access.userId, collateral)), 201);
  });

  app.post(path(promotionPaths.promotionData(':ref')), docs('Update collateral by id or promotionCollateralUid from `{ data: { ...collateral fields } }`; an approved one goes back to review', RefParams, { body: PromotionDataUpdateSchema, response: { 200: PromotionSchema } }), async (request, reply) => {
    const { ref } = params(RefParams, request.params);
    const found = await requirePromotion(db, currentUser(request).id, refOf(ref));
    const { campaignUniqueId, ...collateral } = parseInput(PromotionDataUpdateSchema, request.body).data;
    const named = campaignUniqueId?.trim() ?? '';
    if (named !== '' && named !== found.campaign.uniqueId) throw invalidData({ campaignUniqueId: [COLLATERAL_STAYS] });
    return sendAs(reply, PromotionSchema, await answer(await updateCollateral(db, deps, found.promotion, collateral)));
  });

  // --- brands/{b}/channels/{c}/promotions/{id|new} -----------------------------------------

  const brandChannel = async (request: FastifyRequest, raw: { brand: string; channel: string }) => {
    const access = await promotionAccess(db, currentUser(request).id, raw.brand);
    return { access, channel: await channelOf(db, access, raw.channel) };
  };

  app.post(path(promotionPaths.channelPromotion(':brand', ':channel', 'new')), docs("Create a promotion in a channel's campaign (multipart, as promotion-collaterals/new)", BrandChannelParams, { ...multipartDocs, response: { 201: PromotionSchema } }), async (request, reply) => {
    const { channel } = await brandChannel(request, params(BrandChannelParams, request.params));
    const read = await readCollateralRequest(request);
    const { campaign, access } = await bodyCampaign(currentUser(request).id, read.fields, channel.organizationId);
    requireRunsIn(campaign, channel, CAMPAIGN_NOT_FOUND);
    return sendAs(reply, PromotionSchema, await answer(await save(request, read, { access, campaign, channel })), 201);
  });

  const channelPromotionPath = path(promotionPaths.channelPromotion(':brand', ':channel', 0).replace(/0$/, ':id'));
  const channelPromotion = async (request: FastifyRequest) => {
    const raw = params(BrandChannelIdParams, request.params);
    const { access, channel } = await brandChannel(request, raw);
    const found = await requirePromotion(db, access.userId, raw.id);
    if (found.promotion.organizationId !== access.organizationId) throw notFound(PROMOTION_NOT_FOUND);
    requireRunsIn(found.campaign, channel, PROMOTION_NOT_FOUND);
    return { ...found, channel };
  };

  app.post(channelPromotionPath, docs("Update a promotion of the channel (multipart); an approved one goes back to review", BrandChannelIdParams, { ...multipartDocs, response: { 200: PromotionSchema } }), async (request, reply) => {
    const found = await channelPromotion(request);
    const read = await readCollateralRequest(request);
    return sendAs(reply, PromotionSchema, await answer(await save(request, read, { ...found, existing: found.promotion })));
  });

  app.delete(channelPromotionPath, docs('Delete a promotion of the channel (not one that ran in a sent letter: 409)', BrandChannelIdParams, { response: { 204: null } }), async (request, reply) => {
    const { promotion } = await channelPromotion(request);
    await deletePromotion(promotion);
    return reply.code(204).send();
  });
};
