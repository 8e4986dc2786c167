import type { FastifyPluginAsync } from 'fastify';
import { AdTypeBodySchema, AdTypeListSchema, AdTypeSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import type { Db } from '../db/database';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { promotionAccess, requireMember } from '../promotions/promotion-access';
import { organizationAdTypes } from '../promotions/promotion-records';
import { OrgIdParams, OrgParams, docs, params, path } from './promotion-route-schemas';

// Ad types, the spec's customizations (spec 3 §3, §7): the slots an organization sells, in
// position order, each one a zone of its letters. Everyone with access reads them; members change them.

export const promotionAdTypeRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
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
