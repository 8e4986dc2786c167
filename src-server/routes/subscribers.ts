import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import {
  ImportMappingSchema,
  SubscriberBulkTagsRequestSchema,
  SubscriberBulkTagsResponseSchema,
  SubscriberCreateRequestSchema,
  SubscriberDetailSchema,
  SubscriberImportOptionsSchema,
  SubscriberImportProgressSchema,
  SubscriberImportRequestSchema,
  SubscriberImportResponseSchema,
  SubscriberListQuerySchema,
  SubscriberListResponseSchema,
  SubscriberSchema,
  SubscriberUpdateRequestSchema,
} from '../../shared/contract/platform-audience';
import type { Subscriber } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { NO_CHANNEL, queryList, queryScalars } from '../audience/brand-access';
import { finishImportProgress, importProgress, reportImportProgress, startImportProgress } from '../audience/import-progress';
import { importSubscribers } from '../audience/subscriber-import';
import { oweWelcomes } from '../automations/welcomes';
import type { DeliveryScheduler } from '../jobs/job-runner';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { SubscribersTable } from '../db/schema';
import { channelBySlugs } from '../http/access';
import { jsonSchemaOf, otherAnswer, routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError, conflict, invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { CSV_BOM, csvRecord } from '../reports/csv-format';
import type { Selectable } from 'kysely';

// A channel's subscribers: the paged list (status, search by email or name, tags), one
// subscriber with the letters they got, add, edit, unsubscribe, delete, tags in bulk, the
// CSV export, and the CSV import, streamed from the body (`text/csv`) or sent as JSON
// `{ csv }`, with its progress readable while it runs. A 'Specific emails' recipient
// (status 'recipient', migration 0030) is no subscriber: none of these shows it, and adding
// its address makes it an active subscriber.

const ChannelParams = z.object({ brand: z.string().min(1), channel: z.string().min(1) });
const SubscriberParams = ChannelParams.extend({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const ImportParams = ChannelParams.extend({ importId: z.string().min(1).max(100) });
const SUBSCRIBER_NOT_FOUND = 'This subscriber does not exist.';
const IMPORT_NOT_FOUND = 'This import does not exist.';
const EXPORT_PAGE = 5000;

const listDocs = routeDocs({
  summary: "A channel's subscribers, paged",
  params: ChannelParams,
  querystring: SubscriberListQuerySchema,
  response: { 200: SubscriberListResponseSchema },
});
const importDocs = routeDocs({
  summary: 'Import subscribers from CSV (streamed; options in the query string)',
  params: ChannelParams,
  body: {
    content: {
      'application/json': { schema: jsonSchemaOf(SubscriberImportRequestSchema, 'input') },
      'text/csv': { schema: { type: 'string' } },
    },
  },
  response: { 200: SubscriberImportResponseSchema },
});

function toSubscriber(row: Selectable<SubscribersTable>): Subscriber {
  // Every query here leaves recipients out; one reaching this is a bug, not a subscriber.
  if (row.status === 'recipient') throw new Error(`Subscriber ${row.id} is a 'Specific emails' recipient, not a subscriber`);
  return {
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
  };
}

/** Tags without case-insensitive repeats, first spelling kept. */
function uniqueTags(tags: string[]): string[] {
  const kept: string[] = [];
  for (const tag of tags) if (!kept.some((have) => have.toLowerCase() === tag.toLowerCase())) kept.push(tag);
  return kept;
}

function importOptions(query: unknown) {
  const raw = (query ?? {}) as Record<string, unknown>;
  let mapping: unknown = {};
  if (typeof raw.mapping === 'string' && raw.mapping !== '') {
    try {
      mapping = JSON.parse(raw.mapping);
    } catch {
      throw invalidData({ mapping: ['mapping is the JSON of an object: header → target.'] });
    }
  }
  return parseInput(SubscriberImportOptionsSchema, { ...raw, mapping });
}

export const subscriberRoutes: FastifyPluginAsync<{ db: Db; delivery?: DeliveryScheduler | null }> = async (app, { db, delivery = null }) => {
  /** New subscribers may be owed a welcome now (issue 32); the jobs' minute sweep finds it anyway. */
  const tellWelcomes = async () => {
    await delivery?.welcomesOwed?.().catch((error: unknown) => app.log.warn({ err: error }, 'Could not queue welcomes'));
  };

  // Scoped to this plugin: nowhere else takes a CSV body. The body stays a stream, read as
  // the import goes, so the file is never held whole (and the JSON body limit does not apply).
  const importRoute = decodeURIComponent(platformPaths.subscribersImport(':brand', ':channel'));
  app.addContentTypeParser(['text/csv', 'text/plain'], (request, payload, done) => {
    if (request.routeOptions.url !== importRoute) return done(new HttpError(415, 'This call takes JSON.'), undefined);
    done(null, payload);
  });

  const channelOf = async (params: unknown, userId: number) => {
    const parsed = ChannelParams.safeParse(params);
    if (!parsed.success) throw notFound(NO_CHANNEL);
    return channelBySlugs(db, userId, parsed.data.brand, parsed.data.channel);
  };
  const subscriberOf = async (params: unknown, userId: number) => {
    const parsed = SubscriberParams.safeParse(params);
    if (!parsed.success) throw notFound(SUBSCRIBER_NOT_FOUND);
    const { channel } = await channelBySlugs(db, userId, parsed.data.brand, parsed.data.channel);
    const row = await db
      .selectFrom('subscribers')
      .selectAll()
      .where('id', '=', parsed.data.id)
      .where('channelId', '=', channel.id)
      .where('status', '<>', 'recipient')
      .executeTakeFirst();
    if (!row) throw notFound(SUBSCRIBER_NOT_FOUND);
    return { channel, row };
  };
  const base = decodeURIComponent(platformPaths.subscribers(':brand', ':channel'));
  const one = decodeURIComponent(platformPaths.subscriber(':brand', ':channel', 0)).replace(/\/0$/, '/:id');

  app.get(base, { schema: listDocs }, async (request, reply) => {
    const user = currentUser(request);
    const { channel } = await channelOf(request.params, user.id);
    const query = parseInput(SubscriberListQuerySchema, {
      ...queryScalars(request.query, ['tags']),
      tags: queryList(request.query, 'tags'),
    });
    let rows = db.selectFrom('subscribers').where('channelId', '=', channel.id).where('status', '<>', 'recipient');
    if (query.status) rows = rows.where('status', '=', query.status);
    if (query.search) {
      // strpos rather than LIKE, so '%' and '_' typed in a search are plain text.
      const needle = query.search.toLowerCase();
      const contains = (text: string) => sql<boolean>`strpos(lower(${sql.raw(text)}), ${needle}::text) > 0`;
      rows = rows.where((eb) =>
        eb.or([contains('email'), contains('first_name'), contains('last_name'), contains(`first_name || ' ' || last_name`)]),
      );
    }
    for (const tag of query.tags) {
      rows = rows.where(sql<boolean>`EXISTS (SELECT 1 FROM unnest(tags) AS t(tag) WHERE lower(t.tag) = lower(${tag}::text))`);
    }
    const [items, count] = await Promise.all([
      rows
        .selectAll()
        .orderBy('email')
        .limit(query.itemsPerPage)
        .offset((query.page - 1) * query.itemsPerPage)
        .execute(),
      rows.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return sendAs(reply, SubscriberListResponseSchema, {
      items: items.map(toSubscriber),
      total: Number(count.n),
      page: query.page,
      itemsPerPage: query.itemsPerPage,
    });
  });

  app.post(base, { schema: routeDocs({ summary: 'Add one subscriber', params: ChannelParams, body: SubscriberCreateRequestSchema, response: { 201: SubscriberSchema } }) }, async (request, reply) => {
    const user = currentUser(request);
    const { channel } = await channelOf(request.params, user.id);
    const body = parseInput(SubscriberCreateRequestSchema, request.body);
    const row = await db.transaction().execute(async (trx) => {
      const added = await trx
        .insertInto('subscribers')
        .values({
          channelId: channel.id,
          uniqueId: randomUUID(),
          email: body.email,
          firstName: body.firstName,
          lastName: body.lastName,
          status: 'active',
          tags: uniqueTags(body.tags),
          customFields: toJson(body.customFields),
        })
        // A 'Specific emails' recipient of that address subscribes now, keeping its history.
        .onConflict((c) =>
          c
            .columns(['channelId', 'email'])
            .doUpdateSet((eb) => ({
              status: 'active',
              firstName: eb.ref('excluded.firstName'),
              lastName: eb.ref('excluded.lastName'),
              tags: eb.ref('excluded.tags'),
              customFields: eb.ref('excluded.customFields'),
            }))
            .where('subscribers.status', '=', 'recipient'),
        )
        .returningAll()
        .executeTakeFirst();
      // Added in the app: the channel's active welcome templates are owed to them.
      if (added) await oweWelcomes(trx, channel.id, [added.id], new Date());
      return added;
    });
    if (!row) throw invalidData({ email: ['This email is already a subscriber of this channel.'] });
    await tellWelcomes();
    return sendAs(reply, SubscriberSchema, toSubscriber(row), 201);
  });

  app.get(decodeURIComponent(platformPaths.subscribersExport(':brand', ':channel')), {
    schema: routeDocs({
      summary: "The channel's subscribers as CSV, streamed",
      params: ChannelParams,
      response: { 200: otherAnswer('A CSV file (RFC 4180, UTF-8), streamed', 'text/csv') },
    }),
  }, async (request, reply) => {
    const user = currentUser(request);
    const { channel } = await channelOf(request.params, user.id);
    const fields = await sql<{ key: string }>`
      SELECT DISTINCT jsonb_object_keys(custom_fields) AS key FROM subscribers
      WHERE channel_id = ${channel.id} AND status <> 'recipient' ORDER BY key`.execute(db);
    const custom = fields.rows.map((row) => row.key);
    // Keyset pages by id, so a large channel streams without holding its rows.
    async function* lines() {
      yield CSV_BOM + csvRecord(['email', 'first_name', 'last_name', 'status', 'tags', 'created_at', ...custom]);
      let after = 0;
      for (;;) {
        const page = await db
          .selectFrom('subscribers')
          .selectAll()
          .where('channelId', '=', channel.id)
          .where('status', '<>', 'recipient')
          .where('id', '>', after)
          .orderBy('id')
          .limit(EXPORT_PAGE)
          .execute();
        if (page.length === 0) return;
        yield page
          .map((row) => {
            const values = toSubscriber(row);
            return csvRecord([
              values.email,
              values.firstName,
              values.lastName,
              values.status,
              values.tags.join('; '),
              values.createdAt,
              ...custom.map((key) => values.customFields[key] ?? ''),
            ]);
          })
          .join('');
        after = page[page.length - 1]!.id;
      }
    }
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="subscribers-${channel.slug}.csv"`)
      .send(Readable.from(lines()));
  });

  app.post(decodeURIComponent(platformPaths.subscribersBulkTags(':brand', ':channel')), {
    schema: routeDocs({ summary: 'Add and remove tags on many subscribers', params: ChannelParams, body: SubscriberBulkTagsRequestSchema, response: { 200: SubscriberBulkTagsResponseSchema } }),
  }, async (request, reply) => {
    const user = currentUser(request);
    const { channel } = await channelOf(request.params, user.id);
    const body = parseInput(SubscriberBulkTagsRequestSchema, request.body);
    const remove = body.remove.map((tag) => tag.toLowerCase());
    const add = uniqueTags(body.add);
    // One statement: drop the removed tags (any case), then append the added ones not held yet.
    const result = await sql<{ id: number }>`
      UPDATE subscribers SET tags = kept.tags || ARRAY(
        SELECT a FROM unnest(${add}::text[]) AS a WHERE NOT EXISTS (SELECT 1 FROM unnest(kept.tags) AS k WHERE lower(k) = lower(a)))
      FROM (
        SELECT s.id, ARRAY(SELECT t FROM unnest(s.tags) WITH ORDINALITY AS u(t, n) WHERE NOT (lower(t) = ANY(${remove}::text[])) ORDER BY n) AS tags
        FROM subscribers s WHERE s.channel_id = ${channel.id} AND s.status <> 'recipient' AND s.id = ANY(${body.ids}::int[])
      ) kept
      WHERE subscribers.id = kept.id
      RETURNING subscribers.id`.execute(db);
    return sendAs(reply, SubscriberBulkTagsResponseSchema, { updated: result.rows.length });
  });

  app.get(decodeURIComponent(platformPaths.subscribersImportProgress(':brand', ':channel', ':importId')), {
    schema: routeDocs({ summary: 'How far an import is', params: ImportParams, response: { 200: SubscriberImportProgressSchema } }),
  }, async (request, reply) => {
    const user = currentUser(request);
    const parsed = ImportParams.safeParse(request.params);
    if (!parsed.success) throw notFound(IMPORT_NOT_FOUND);
    const { channel } = await channelBySlugs(db, user.id, parsed.data.brand, parsed.data.channel);
    const progress = importProgress(parsed.data.importId, channel.id);
    if (!progress) throw notFound(IMPORT_NOT_FOUND);
    return sendAs(reply, SubscriberImportProgressSchema, {
      importId: parsed.data.importId,
      rowsProcessed: progress.rowsProcessed,
      done: progress.done,
    });
  });

  app.post(importRoute, { schema: importDocs }, async (request, reply) => {
    const user = currentUser(request);
    const { channel } = await channelOf(request.params, user.id);
    const options = importOptions(request.query);
    let source: Readable;
    let existing = options.existing;
    let mapping = options.mapping;
    let sendWelcome = options.sendWelcome;
    if (request.body instanceof Readable) {
      source = request.body;
    } else {
      const body = parseInput(SubscriberImportRequestSchema, request.body);
      source = Readable.from([body.csv]);
      existing = body.existing ?? existing;
      mapping = body.mapping ? ImportMappingSchema.parse(body.mapping) : mapping;
      sendWelcome = body.sendWelcome ?? sendWelcome;
    }
    const importId = options.importId;
    if (importId) {
      if (importProgress(importId, channel.id)) throw conflict('An import with this id has already run.');
      startImportProgress(importId, channel.id);
    }
    try {
      const summary = await importSubscribers(db, {
        channelId: channel.id,
        source,
        existing,
        mapping,
        sendWelcome,
        onProgress: importId ? (rows) => reportImportProgress(importId, rows) : undefined,
      });
      if (sendWelcome && summary.created > 0) await tellWelcomes();
      return sendAs(reply, SubscriberImportResponseSchema, summary);
    } finally {
      if (importId) finishImportProgress(importId);
    }
  });

  app.get(one, { schema: routeDocs({ summary: 'One subscriber with the letters they got', params: SubscriberParams, response: { 200: SubscriberDetailSchema } }) }, async (request, reply) => {
    const user = currentUser(request);
    const { row } = await subscriberOf(request.params, user.id);
    const letters = await db
      .selectFrom('letterRecipients')
      .innerJoin('letters', 'letters.id', 'letterRecipients.letterId')
      .select([
        'letters.id as letterId',
        'letters.title',
        'letterRecipients.sentAt',
        'letterRecipients.status',
        'letterRecipients.opens',
        'letterRecipients.clicks',
        'letterRecipients.bouncedAt',
        'letterRecipients.unsubscribedAt',
      ])
      .where('letterRecipients.subscriberId', '=', row.id)
      .orderBy('letterRecipients.createdAt', 'desc')
      .orderBy('letters.id', 'desc')
      .limit(100)
      .execute();
    return sendAs(reply, SubscriberDetailSchema, {
      ...toSubscriber(row),
      letters: letters.map((letter) => ({
        letterId: letter.letterId,
        title: letter.title,
        sentAt: letter.sentAt ? new Date(letter.sentAt).toISOString() : null,
        status: letter.status,
        opens: letter.opens,
        clicks: letter.clicks,
        bounced: letter.bouncedAt !== null,
        unsubscribed: letter.unsubscribedAt !== null,
      })),
    });
  });

  app.patch(one, { schema: routeDocs({ summary: 'Edit a subscriber', params: SubscriberParams, body: SubscriberUpdateRequestSchema, response: { 200: SubscriberSchema } }) }, async (request, reply) => {
    const user = currentUser(request);
    const { row } = await subscriberOf(request.params, user.id);
    const body = parseInput(SubscriberUpdateRequestSchema, request.body);
    const changes = {
      ...(body.firstName === undefined ? {} : { firstName: body.firstName }),
      ...(body.lastName === undefined ? {} : { lastName: body.lastName }),
      ...(body.tags === undefined ? {} : { tags: uniqueTags(body.tags) }),
      ...(body.customFields === undefined ? {} : { customFields: toJson(body.customFields) }),
    };
    if (Object.keys(changes).length === 0) return sendAs(reply, SubscriberSchema, toSubscriber(row));
    const updated = await db
      .updateTable('subscribers')
      .set(changes)
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return sendAs(reply, SubscriberSchema, toSubscriber(updated));
  });

  app.post(decodeURIComponent(platformPaths.subscriberUnsubscribe(':brand', ':channel', 0)).replace(/\/0\//, '/:id/'), {
    schema: routeDocs({ summary: 'Unsubscribe a subscriber', params: SubscriberParams, response: { 200: SubscriberSchema } }),
  }, async (request, reply) => {
    const user = currentUser(request);
    const { row } = await subscriberOf(request.params, user.id);
    if (row.status !== 'active') return sendAs(reply, SubscriberSchema, toSubscriber(row));
    // The status change is what migration 0015's triggers turn into a subscriber event.
    const updated = await db
      .updateTable('subscribers')
      .set({ status: 'unsubscribed' })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return sendAs(reply, SubscriberSchema, toSubscriber(updated));
  });

  app.delete(one, { schema: routeDocs({ summary: 'Delete a subscriber and what was recorded for them', params: SubscriberParams, response: { 204: null } }) }, async (request, reply) => {
    const user = currentUser(request);
    const { row } = await subscriberOf(request.params, user.id);
    await db.deleteFrom('subscribers').where('id', '=', row.id).execute();
    return reply.code(204).send();
  });
};
