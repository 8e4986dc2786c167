import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { LetterListMetricsQuerySchema, LetterListMetricsResponseSchema } from '../../shared/contract/platform-letter-list-metrics';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { parseInput, sendAs } from '../http/validation';
import { letterListMetrics } from '../letters/letter-list-metrics';
import { parseParams, routePattern } from './route-params';

// Counts for a page of the letters list (shared/contract/platform-letter-list-metrics.ts).
// 'metrics' is a static segment, so Fastify never reads it as a letter id.

const Params = z.object({ brand: z.string().min(1), channel: z.string().min(1) });
const IDS_KEY = /^ids(\[\d*\])?$/;

const docs = routeDocs({
  summary: 'Recipients, opens and clicks of a page of letters (`ids[]` repeats)',
  params: Params,
  querystring: LetterListMetricsQuerySchema,
  response: { 200: LetterListMetricsResponseSchema },
});

/** `ids[]=1&ids[]=2`, `ids[0]=1` and `ids=1` all add to one list. */
function idsOf(raw: unknown): { ids: unknown[] } {
  const ids: unknown[] = [];
  for (const [key, value] of Object.entries((raw ?? {}) as Record<string, unknown>)) {
    if (IDS_KEY.test(key)) ids.push(...(Array.isArray(value) ? value : [value]));
  }
  return { ids };
}

export const letterListMetricsRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  app.get(routePattern(platformPaths.letterListMetrics(':brand', ':channel')), { schema: docs }, async (request, reply) => {
    const params = parseParams(Params, request.params);
    const { channel } = await channelBySlugs(db, currentUser(request).id, params.brand, params.channel);
    const { ids } = parseInput(LetterListMetricsQuerySchema, idsOf(request.query));
    return sendAs(reply, LetterListMetricsResponseSchema, { items: await letterListMetrics(db, channel.id, ids) });
  });
};
