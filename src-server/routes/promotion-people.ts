import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AdvertiserBodySchema, PromotersQuerySchema, PromotersSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import { createUser, normalizeEmail } from '../db/accounts';
import type { Db } from '../db/database';
import { currentUser } from '../http/authentication';
import { forbidden, invalidData } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { promoterRows } from '../promotions/promoter-queries';
import { promotionAccess, promotionAccesses } from '../promotions/promotion-access';
import { OrgParams, docs, params, path } from './promotion-route-schemas';

// The people of an organization's promotions: the promoters its campaigns name (also across
// every organization the caller reaches), and the advertisers owners and admins let in (a
// promotion_advertisers grant, never a membership).

export const promotionPeopleRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(path(promotionPaths.promoters(':org')), docs("The promoters of an organization's campaigns", OrgParams, { response: { 200: PromotersSchema } }), async (request, reply) => {
    const { org } = params(OrgParams, request.params);
    const access = await promotionAccess(db, currentUser(request).id, org);
    const items = await promoterRows(db, [access]);
    return sendAs(reply, PromotersSchema, { items, total: items.length });
  });

  app.get(path(promotionPaths.allPromoters()), docs('The promoters of the campaigns of every organization the caller reaches: organization (slug), keyword, page, records', z.object({}), { querystring: PromotersQuerySchema, response: { 200: PromotersSchema } }), async (request, reply) => {
    const user = currentUser(request);
    const query = parseInput(PromotersQuerySchema, request.query);
    const accesses = query.organization !== undefined ? [await promotionAccess(db, user.id, query.organization)] : await promotionAccesses(db, user.id);
    // Distinct across organizations too: a promoter two of them name is listed once.
    const rows = await promoterRows(db, accesses, query.keyword);
    const items = rows.slice((query.page - 1) * query.records, query.page * query.records);
    return sendAs(reply, PromotersSchema, { items, total: rows.length });
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
};
