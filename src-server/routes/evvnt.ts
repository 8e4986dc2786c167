import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  EventCategoriesResponseSchema,
  EventsQuerySchema,
  EventsResponseSchema,
  EvvntIntegrationSchema,
  SaveEvvntIntegrationSchema,
  type EvvntIntegration,
} from '../../shared/contract/platform-link-content';
import { EVENTS_CATEGORY_LIMIT, EVENTS_MESSAGES } from '../../shared/rules/events-block';
import { brandBySlug } from '../audience/brand-access';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { EventsProviderError } from '../integrations/evvnt-provider';
import type { EventsProvider } from '../integrations/evvnt-provider';
import { parseParams, routePattern } from './route-params';

// The Evvnt integration (spec 1 §7 "the events integration … kind 'evvnt'", spec 2 §4, §8):
// the organization's token (kept here, shown back only by its last four characters), and
// the events block's categories and events, asked of Evvnt with that token. A token Evvnt
// refuses (403/404) is answered 403 with the spec's notice, so the app shows it; a missing
// token is 404 with the same notice (spec 1 §7 tolerates that 404).

const BrandParams = z.object({ brand: z.string().min(1) });
const ChannelParams = z.object({ brand: z.string().min(1), channel: z.string().min(1) });
export const EVVNT_NO_TOKEN_MESSAGE = "It seems that you don't have a valid Evvnt token";

async function storedToken(db: Db, organizationId: number): Promise<{ token: string; updatedAt: Date } | undefined> {
  return db
    .selectFrom('organizationIntegrations')
    .select(['token', 'updatedAt'])
    .where('organizationId', '=', organizationId)
    .where('kind', '=', 'evvnt')
    .executeTakeFirst();
}

function shown(row: { token: string; updatedAt: Date } | undefined): EvvntIntegration {
  if (!row) return { kind: 'evvnt', configured: false, tokenEnding: null, updatedAt: null };
  return { kind: 'evvnt', configured: true, tokenEnding: row.token.slice(-4), updatedAt: row.updatedAt.toISOString() };
}

/** Evvnt itself failing or refusing the organization's token. */
const EVVNT_DOWN = { 502: 'Evvnt failed to answer, or refused the token' };

export const evvntRoutes: FastifyPluginAsync<{ db: Db; events: EventsProvider }> = async (app, { db, events }) => {
  const integrationPath = routePattern(platformPaths.evvntIntegration(':brand'));

  app.get(integrationPath, { schema: routeDocs({ summary: "The organization's Evvnt token (its ending only)", params: BrandParams, response: { 200: EvvntIntegrationSchema } }) }, async (request, reply) => {
    const { brand } = parseParams(BrandParams, request.params);
    const { organizationId } = await brandBySlug(db, currentUser(request).id, brand);
    return sendAs(reply, EvvntIntegrationSchema, shown(await storedToken(db, organizationId)));
  });

  app.put(
    integrationPath,
    { schema: routeDocs({ summary: "Set the organization's Evvnt token", params: BrandParams, body: SaveEvvntIntegrationSchema, response: { 200: EvvntIntegrationSchema } }) },
    async (request, reply) => {
      const { brand } = parseParams(BrandParams, request.params);
      const { organizationId } = await brandBySlug(db, currentUser(request).id, brand);
      const { token } = parseInput(SaveEvvntIntegrationSchema, request.body);
      const row = await db
        .insertInto('organizationIntegrations')
        .values({ organizationId, kind: 'evvnt', token })
        .onConflict((conflict) => conflict.columns(['organizationId', 'kind']).doUpdateSet({ token, updatedAt: new Date() }))
        .returning(['token', 'updatedAt'])
        .executeTakeFirstOrThrow();
      return sendAs(reply, EvvntIntegrationSchema, shown(row));
    },
  );

  app.delete(integrationPath, { schema: routeDocs({ summary: "Remove the organization's Evvnt token", params: BrandParams, response: { 200: EvvntIntegrationSchema } }) }, async (request, reply) => {
    const { brand } = parseParams(BrandParams, request.params);
    const { organizationId } = await brandBySlug(db, currentUser(request).id, brand);
    await db.deleteFrom('organizationIntegrations').where('organizationId', '=', organizationId).where('kind', '=', 'evvnt').execute();
    return sendAs(reply, EvvntIntegrationSchema, shown(undefined));
  });

  /** The channel, its organization's token, or 404 (no token: the spec's tolerated 404). */
  async function tokenFor(rawParams: unknown, userId: number) {
    const params = parseParams(ChannelParams, rawParams);
    const { channel } = await channelBySlugs(db, userId, params.brand, params.channel);
    const row = await storedToken(db, channel.organizationId);
    if (!row) throw new HttpError(404, EVVNT_NO_TOKEN_MESSAGE);
    return { channel, token: row.token };
  }

  function providerFailure(error: unknown, message: string): never {
    if (error instanceof EventsProviderError) {
      // Evvnt's own 403/404 says the token is not valid: answered 403 with the spec's notice.
      if (error.invalidToken) throw new HttpError(403, EVVNT_NO_TOKEN_MESSAGE);
      throw new HttpError(502, message);
    }
    throw error;
  }

  app.get(
    routePattern(platformPaths.evvntCategories(':brand', ':channel')),
    { schema: routeDocs({ summary: 'Evvnt categories for the events block (at most 100)', params: ChannelParams, response: { 200: EventCategoriesResponseSchema }, serviceErrors: EVVNT_DOWN }) },
    async (request, reply) => {
      const { token } = await tokenFor(request.params, currentUser(request).id);
      try {
        return sendAs(reply, EventCategoriesResponseSchema, { items: await events.categories(token, EVENTS_CATEGORY_LIMIT) });
      } catch (error) {
        return providerFailure(error, EVENTS_MESSAGES.categoriesFailed);
      }
    },
  );

  app.get(
    routePattern(platformPaths.evvntEvents(':brand', ':channel')),
    { schema: routeDocs({ summary: "Evvnt events of the chosen categories between two days of the channel's clock", params: ChannelParams, querystring: EventsQuerySchema, response: { 200: EventsResponseSchema }, serviceErrors: EVVNT_DOWN }) },
    async (request, reply) => {
      const { channel, token } = await tokenFor(request.params, currentUser(request).id);
      const query = parseInput(EventsQuerySchema, request.query);
      const categories = query.categories.split(',').map((slug) => slug.trim()).filter(Boolean);
      try {
        const items = await events.events(token, { categories, from: query.from, to: query.to, limit: query.limit });
        return sendAs(reply, EventsResponseSchema, { items, timezone: channel.timezone });
      } catch (error) {
        return providerFailure(error, EVENTS_MESSAGES.eventsFailed);
      }
    },
  );
};
