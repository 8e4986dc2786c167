import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  SubscriberImportRequestSchema,
  SubscriberImportResponseSchema,
  SubscriberListQuerySchema,
  SubscriberListResponseSchema,
} from '../../shared/contract/platform-audience';
import type { Subscriber } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { NO_CHANNEL } from '../audience/brand-access';
import { importSubscribers } from '../audience/subscriber-import';
import type { Db } from '../db/database';
import { channelBySlugs } from '../http/access';
import { jsonSchemaOf, routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';

// A channel's subscribers: the paged list (filter by status, search by email or name) and
// the CSV import, sent either as the body (`text/csv`) or as JSON `{ csv }`.

const ChannelParams = z.object({ brand: z.string().min(1), channel: z.string().min(1) });

const listDocs = routeDocs({
  summary: "A channel's subscribers, paged",
  params: ChannelParams,
  querystring: SubscriberListQuerySchema,
  response: { 200: SubscriberListResponseSchema },
});
const importDocs = routeDocs({
  summary: 'Import subscribers from CSV (upsert by email)',
  params: ChannelParams,
  body: {
    content: {
      'application/json': { schema: jsonSchemaOf(SubscriberImportRequestSchema, 'input') },
      'text/csv': { schema: { type: 'string' } },
    },
  },
  response: { 200: SubscriberImportResponseSchema },
});

export const subscriberRoutes: FastifyPluginAsync<{ db: Db }> = async (app, { db }) => {
  // Scoped to this plugin: nowhere else takes a CSV body.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));

  const channelOf = async (params: unknown, userId: number) => {
    const parsed = ChannelParams.safeParse(params);
    if (!parsed.success) throw notFound(NO_CHANNEL);
    return channelBySlugs(db, userId, parsed.data.brand, parsed.data.channel);
  };

  app.get(decodeURIComponent(platformPaths.subscribers(':brand', ':channel')), { schema: listDocs }, async (request, reply) => {
    const user = currentUser(request);
    const { channel } = await channelOf(request.params, user.id);
    const query = parseInput(SubscriberListQuerySchema, request.query);
    let base = db.selectFrom('subscribers').where('channelId', '=', channel.id);
    if (query.status) base = base.where('status', '=', query.status);
    if (query.search) {
      // strpos rather than LIKE, so '%' and '_' typed in a search are plain text.
      const needle = query.search.toLowerCase();
      const contains = (text: string) => sql<boolean>`strpos(lower(${sql.raw(text)}), ${needle}::text) > 0`;
      base = base.where((eb) =>
        eb.or([contains('email'), contains('first_name'), contains('last_name'), contains(`first_name || ' ' || last_name`)]),
      );
    }
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('email')
        .limit(query.itemsPerPage)
        .offset((query.page - 1) * query.itemsPerPage)
        .execute(),
      base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    const items: Subscriber[] = rows.map((row) => ({
      id: row.id,
      uniqueId: row.uniqueId,
      email: row.email,
      firstName: row.firstName,
      lastName: row.lastName,
      status: row.status,
      tags: row.tags,
      customFields: Object.fromEntries(
        Object.entries(row.customFields).map(([key, value]) => [key, typeof value === 'string' ? value : JSON.stringify(value)]),
      ),
      createdAt: row.createdAt.toISOString(),
    }));
    return sendAs(reply, SubscriberListResponseSchema, {
      items,
      total: Number(count.n),
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    });
  });

  app.post(decodeURIComponent(platformPaths.subscribersImport(':brand', ':channel')), { schema: importDocs }, async (request, reply) => {
    const user = currentUser(request);
    const { channel } = await channelOf(request.params, user.id);
    const csv = typeof request.body === 'string' ? request.body : parseInput(SubscriberImportRequestSchema, request.body).csv;
    return sendAs(reply, SubscriberImportResponseSchema, await importSubscribers(db, channel.id, csv));
  });
};
