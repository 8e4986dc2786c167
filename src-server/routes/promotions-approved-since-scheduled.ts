import type { FastifyPluginAsync } from 'fastify';
import { ApprovedSinceScheduledSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { sendAs } from '../http/validation';
import { promotionsApprovedSinceScheduled } from '../promotions/approved-since-scheduled';
import { toPromotions } from '../promotions/promotion-records';
import { BrandChannelIdParams, docs, params, path } from './promotion-route-schemas';

// The scheduled view's notice (promotions/approved-since-scheduled.ts): a letter of the
// channel, by id, and the promotions approved for its send day since it was scheduled.

const LETTER_NOT_FOUND = 'This letter does not exist.';

export const promotionsApprovedSinceScheduledRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(
    path(promotionPaths.approvedSinceScheduled(':brand', ':channel', 0).replace('/letters/0/', '/letters/:id/')),
    docs('A scheduled letter: the promotions approved for its send day, in its promotion slots, since it was scheduled', BrandChannelIdParams, {
      response: { 200: ApprovedSinceScheduledSchema },
    }),
    async (request, reply) => {
      const { brand, channel, id } = params(BrandChannelIdParams, request.params);
      const access = await channelBySlugs(db, currentUser(request).id, brand, channel);
      const letter = await db
        .selectFrom('letters')
        .select(['id', 'publicationStatus', 'publicationDate', 'blocks', 'settings'])
        .where('id', '=', id)
        .where('channelId', '=', access.channel.id)
        .where('deletedAt', 'is', null)
        .executeTakeFirst();
      if (!letter) throw notFound(LETTER_NOT_FOUND);
      const found = await promotionsApprovedSinceScheduled(db, letter, access.channel);
      return sendAs(reply, ApprovedSinceScheduledSchema, {
        date: found.date,
        scheduledAt: found.scheduledAt?.toISOString() ?? null,
        items: await toPromotions(db, found.rows),
      });
    },
  );
};
