import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { ActivityQuerySchema, ClickLinksResponseSchema, EditionMetricsResponseSchema } from '../../shared/contract/platform-metrics';
import type { Db } from '../db/database';
import { channelById, channelsBySlug } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { sendAs } from '../http/validation';
import { LETTER_NOT_FOUND_MESSAGE, findLetter, selectLetters } from '../letters/letter-records';
import { clickLinks, editionMetrics } from '../tracking/edition-metrics';
import { activityOf, idParam, parseParams, routePattern } from './route-params';

// Edition metrics of a letter's scheduled send (spec 1 §7 GET channels/{id}/letters/{id}/metrics
// and /metrics/clicks, and the same two by channelSlug and uniqueId): for members of the
// letter's brand, like the other letter calls.

const Params = z.object({ channelId: idParam, id: idParam });
const byChannelId = { 1: ':channelId', 2: ':id' };
const SlugParams = z.object({ slug: z.string().min(1), uniqueId: z.string().min(1).max(200) });

const docs = {
  metrics: routeDocs({
    summary: "A letter's edition metrics",
    params: Params,
    querystring: ActivityQuerySchema,
    response: { 200: EditionMetricsResponseSchema },
  }),
  clicks: routeDocs({
    summary: "A letter's tracked links with their clicks",
    params: Params,
    querystring: ActivityQuerySchema,
    response: { 200: ClickLinksResponseSchema },
  }),
  editionMetrics: routeDocs({
    summary: "A letter's edition metrics, by channel slug and uniqueId",
    params: SlugParams,
    querystring: ActivityQuerySchema,
    response: { 200: EditionMetricsResponseSchema },
  }),
  editionClicks: routeDocs({
    summary: "A letter's tracked links with their clicks, by channel slug and uniqueId",
    params: SlugParams,
    querystring: ActivityQuerySchema,
    response: { 200: ClickLinksResponseSchema },
  }),
};

export const letterMetricsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  /** The letter the path names, in a channel the caller may read; 403/404 otherwise. */
  const letterIdOf = async (userId: number, rawParams: unknown): Promise<number> => {
    const params = parseParams(Params, rawParams);
    const { channel } = await channelById(db, userId, params.channelId);
    const letter = await findLetter(db, channel.id, params.id);
    if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    return letter.id;
  };

  /** The letter with this uniqueId in the caller's channels of this slug; 404 otherwise. */
  const letterIdByUniqueId = async (userId: number, rawParams: unknown): Promise<number> => {
    const params = parseParams(SlugParams, rawParams);
    const channels = await channelsBySlug(db, userId, params.slug);
    const letter = await selectLetters(db)
      .where('letters.channelId', 'in', channels.map((access) => access.channel.id))
      .where('letters.uniqueId', '=', params.uniqueId)
      .where('letters.deletedAt', 'is', null)
      .executeTakeFirst();
    if (!letter) throw notFound(LETTER_NOT_FOUND_MESSAGE);
    return letter.id;
  };

  app.get(routePattern(platformPaths.editionMetrics(':slug', ':uniqueId')), { schema: docs.editionMetrics }, async (request, reply) => {
    const letterId = await letterIdByUniqueId(currentUser(request).id, request.params);
    return sendAs(reply, EditionMetricsResponseSchema, { items: [await editionMetrics(db, letterId, activityOf(request.query))] });
  });

  app.get(routePattern(platformPaths.editionMetricsClicks(':slug', ':uniqueId')), { schema: docs.editionClicks }, async (request, reply) => {
    const letterId = await letterIdByUniqueId(currentUser(request).id, request.params);
    return sendAs(reply, ClickLinksResponseSchema, { items: await clickLinks(db, letterId, activityOf(request.query)) });
  });

  app.get(routePattern(platformPaths.letterMetrics(1, 2), byChannelId), { schema: docs.metrics }, async (request, reply) => {
    const letterId = await letterIdOf(currentUser(request).id, request.params);
    return sendAs(reply, EditionMetricsResponseSchema, { items: [await editionMetrics(db, letterId, activityOf(request.query))] });
  });

  app.get(routePattern(platformPaths.letterMetricsClicks(1, 2), byChannelId), { schema: docs.clicks }, async (request, reply) => {
    const letterId = await letterIdOf(currentUser(request).id, request.params);
    return sendAs(reply, ClickLinksResponseSchema, { items: await clickLinks(db, letterId, activityOf(request.query)) });
  });
};
