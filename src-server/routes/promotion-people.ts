import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { AdvertiserBodySchema, PromotersSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import { createUser, normalizeEmail } from '../db/accounts';
import type { Db } from '../db/database';
import { currentUser } from '../http/authentication';
import { forbidden, invalidData } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { promotionAccess } from '../promotions/promotion-access';
import { OrgParams, docs, params, path } from './promotion-route-schemas';

// The people of an organization's promotions: the promoters its campaigns name, and the
// advertisers owners and admins let in (a promotion_advertisers grant, never a membership).

export const promotionPeopleRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
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
};
