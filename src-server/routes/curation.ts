import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  AGGREGATES_QUERY_LISTS,
  AddFeedRequestSchema,
  AggregatesQuerySchema,
  AggregatesResponseSchema,
  CreateTagRequestSchema,
  FEED_ALREADY_ADDED_MESSAGE,
  FeedListResponseSchema,
  FeedSchema,
  SiteNamesQuerySchema,
  SiteNamesResponseSchema,
  TAG_COMPANY_ONLY_MESSAGE,
  TAXONOMY_LIST_CAP,
  TAXONOMIES,
  TAXONOMY_SEARCH_PAGE_SIZE,
  TaxonomyTermQuerySchema,
  TaxonomyTermRequestSchema,
  TaxonomyItemSchema,
  TaxonomyListResponseSchema,
  TaxonomyQuerySchema,
  UpdateAggregateRequestSchema,
  ValidateFeedRequestSchema,
  ValidateFeedResponseSchema,
} from '../../shared/contract/platform-curation';
import type { Feed, Taxonomy } from '../../shared/contract/platform-curation';
import { queryList, queryScalars } from '../audience/brand-access';
import { queryAggregates } from '../curation/aggregates-query';
import { previewItems, readFeedOrRefuse } from '../curation/feed-reader';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { typeFilterOf } from '../../shared/rules/curation-types';
import { whereCurationTypes } from '../curation/curation-types-filter';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { channelBySlugs } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { forbidden, invalidData, notFound } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { idParam, parseParams, routePattern } from './route-params';

// Curation data (spec 3 §7 "Curation"): a channel's feeds (added once `rss/validate`'s
// check passes; the polling job reads them), its aggregates with the curated flag, and the
// tags, categories and site names the filters offer. Any member of the brand may use them.

/** Told when a feed is added, so its first read need not wait for the polling sweep. */
export interface FeedScheduler {
  feedAdded(feedId: number): Promise<void>;
}

const Params = z.object({ brand: z.string().min(1), channel: z.string().min(1) });
const FeedParams = Params.extend({ feedId: idParam });
const AggregateParams = Params.extend({ aggregateId: idParam });
const FEED_NOT_FOUND = 'This feed does not exist.';
const AGGREGATE_NOT_FOUND = 'This article does not exist.';

const docs = {
  feeds: routeDocs({ summary: "A channel's feeds", params: Params, response: { 200: FeedListResponseSchema } }),
  addFeed: routeDocs({ summary: 'Add a feed to a channel (it must read as a feed)', params: Params, body: AddFeedRequestSchema, response: { 201: FeedSchema } }),
  deleteFeed: routeDocs({ summary: 'Remove a feed (its articles stay)', params: FeedParams, response: { 204: null } }),
  validate: routeDocs({ summary: 'Whether an address is a feed', body: ValidateFeedRequestSchema, response: { 200: ValidateFeedResponseSchema } }),
  aggregates: routeDocs({ summary: "A channel's articles by query", params: Params, response: { 200: AggregatesResponseSchema } }),
  updateAggregate: routeDocs({ summary: "Set an article's curated flag, tags or categories", params: AggregateParams, response: { 200: AggregatesResponseSchema.shape.items.element } }),
  taxonomy: (summary: string) => routeDocs({ summary, response: { 200: TaxonomyListResponseSchema } }),
  createTag: routeDocs({ summary: 'Create a company tag', body: CreateTagRequestSchema, response: { 201: TaxonomyItemSchema } }),
  siteNames: routeDocs({ summary: "The site names of a channel's articles", response: { 200: SiteNamesResponseSchema } }),
};

function toFeed(row: { id: number; uniqueId: string; url: string; title: string; lastFetchedAt: Date | null; lastError: string | null }): Feed {
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    url: row.url,
    title: row.title,
    lastFetchedAt: row.lastFetchedAt ? row.lastFetchedAt.toISOString() : null,
    lastError: row.lastError,
  };
}

/** The tenant's company channels: their tags are the company tags (spec 3 §6). */
async function companyChannelIds(db: Db, channel: ChannelRow): Promise<number[]> {
  const rows = await db.selectFrom('channels').select('id').where('tenantId', '=', channel.tenantId).where('slug', '=', 'company').execute();
  return rows.map((row) => row.id);
}

export const curationRoutes: FastifyPluginAsync<{ db: Db; feeds: FeedScheduler | null; guard: FetchGuard }> = async (app, { db, feeds: scheduler, guard }) => {
  const feedsPath = routePattern(platformPaths.feeds(':brand', ':channel'));
  const feedPath = routePattern(platformPaths.feed(':brand', ':channel', 1), { 1: ':feedId' });
  const aggregatesPath = routePattern(platformPaths.aggregates(':brand', ':channel'));
  const aggregatePath = routePattern(platformPaths.aggregate(':brand', ':channel', 1), { 1: ':aggregateId' });

  const access = async (request: { params: unknown }, schema: z.ZodType<{ brand: string; channel: string }> = Params) => {
    const params = parseParams(schema, request.params);
    return channelBySlugs(db, currentUser(request as never).id, params.brand, params.channel);
  };
  const accessByQuery = async (request: { query: unknown }, organization: string, channel: string) =>
    channelBySlugs(db, currentUser(request as never).id, organization, channel);

  app.get(feedsPath, { schema: docs.feeds }, async (request, reply) => {
    const { channel } = await access(request);
    const rows = await db.selectFrom('feeds').selectAll().where('channelId', '=', channel.id).orderBy('id').execute();
    return sendAs(reply, FeedListResponseSchema, { items: rows.map(toFeed) });
  });

  app.post(feedsPath, { schema: docs.addFeed }, async (request, reply) => {
    const { channel } = await access(request);
    const { url } = parseInput(AddFeedRequestSchema, request.body);
    const existing = await db.selectFrom('feeds').select('id').where('channelId', '=', channel.id).where('url', '=', url).executeTakeFirst();
    if (existing) throw invalidData({ url: [FEED_ALREADY_ADDED_MESSAGE] }, FEED_ALREADY_ADDED_MESSAGE);
    // The same check as rss/validate: only an address that reads as a feed is kept.
    const parsed = await readFeedOrRefuse(url, guard);
    const row = await db
      .insertInto('feeds')
      .values({ channelId: channel.id, uniqueId: randomUUID(), url, title: parsed.title, etag: null, lastModified: null, lastError: null, lastFetchedAt: null, fetchingUntil: null })
      .onConflict((oc) => oc.columns(['channelId', 'url']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!row) throw invalidData({ url: [FEED_ALREADY_ADDED_MESSAGE] }, FEED_ALREADY_ADDED_MESSAGE);
    await scheduler?.feedAdded(row.id);
    return sendAs(reply, FeedSchema, toFeed(row), 201);
  });

  app.delete(feedPath, { schema: docs.deleteFeed }, async (request, reply) => {
    const { channel } = await access(request, FeedParams);
    const { feedId } = parseParams(FeedParams, request.params);
    const deleted = await db.deleteFrom('feeds').where('id', '=', feedId).where('channelId', '=', channel.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound(FEED_NOT_FOUND);
    return reply.code(204).send();
  });

  // Holds no tenant's data: it reads the address it is given, as adding a feed would.
  app.post(platformPaths.validateFeed(), { schema: docs.validate }, async (request, reply) => {
    currentUser(request);
    const { url } = parseInput(ValidateFeedRequestSchema, request.body);
    const parsed = await readFeedOrRefuse(url, guard);
    return sendAs(reply, ValidateFeedResponseSchema, { success: true, title: parsed.title, format: parsed.format, items: previewItems(parsed) });
  });

  app.get(aggregatesPath, { schema: docs.aggregates }, async (request, reply) => {
    const { channel } = await access(request);
    const query = parseInput(AggregatesQuerySchema, {
      ...queryScalars(request.query, AGGREGATES_QUERY_LISTS),
      ...Object.fromEntries(AGGREGATES_QUERY_LISTS.map((name) => [name, queryList(request.query, name)])),
    });
    return sendAs(reply, AggregatesResponseSchema, await queryAggregates(db, channel, query));
  });

  app.post(aggregatePath, { schema: docs.updateAggregate }, async (request, reply) => {
    const { channel } = await access(request, AggregateParams);
    const { aggregateId } = parseParams(AggregateParams, request.params);
    const body = parseInput(UpdateAggregateRequestSchema, request.body);
    const found = await db.selectFrom('aggregates').select('id').where('id', '=', aggregateId).where('channelId', '=', channel.id).executeTakeFirst();
    if (!found) throw notFound(AGGREGATE_NOT_FOUND);
    const tagChannels = [channel.id, ...(await companyChannelIds(db, channel))];
    if (body.tags?.length) {
      const known = await db.selectFrom('curationTags').select('id').where('id', 'in', body.tags).where('channelId', 'in', tagChannels).execute();
      if (known.length !== new Set(body.tags).size) throw invalidData({ tags: ['Choose tags of this channel or the company.'] });
    }
    if (body.categories?.length) {
      const known = await db.selectFrom('curationCategories').select('id').where('id', 'in', body.categories).where('channelId', '=', channel.id).execute();
      if (known.length !== new Set(body.categories).size) throw invalidData({ categories: ["Choose this channel's categories."] });
    }
    await db.transaction().execute(async (trx) => {
      if (body.curated !== undefined) {
        await trx
          .updateTable('aggregates')
          .set({ curated: body.curated, curatedAt: body.curated ? sql<Date>`coalesce(curated_at, now())` : null })
          .where('id', '=', aggregateId)
          .execute();
      }
      if (body.tags) {
        await trx.deleteFrom('aggregateTags').where('aggregateId', '=', aggregateId).execute();
        if (body.tags.length) await trx.insertInto('aggregateTags').values([...new Set(body.tags)].map((tagId) => ({ aggregateId, tagId }))).execute();
      }
      if (body.categories) {
        await trx.deleteFrom('aggregateCategories').where('aggregateId', '=', aggregateId).execute();
        if (body.categories.length) {
          await trx.insertInto('aggregateCategories').values([...new Set(body.categories)].map((categoryId) => ({ aggregateId, categoryId }))).execute();
        }
      }
    });
    const { items } = await queryAggregates(db, channel, AggregatesQuerySchema.parse({}), { ids: [aggregateId] });
    return sendAs(reply, AggregatesResponseSchema.shape.items.element, items[0]!);
  });

  const taxonomy = (kind: 'tags' | 'categories', channelOnly: boolean) => async (request: { query: unknown }) => {
    const query = parseInput(TaxonomyQuerySchema, request.query);
    const { channel } = await accessByQuery(request, query.organization, query.channel);
    const channels = [channel.id];
    if (kind === 'tags' && !channelOnly && query.includeCompanyTags === 1) channels.push(...(await companyChannelIds(db, channel)));
    // A search answers at most a search page (spec 3 §9); every list at most the cap.
    const perPage = Math.min(query.keyword ? Math.min(query.perPage, TAXONOMY_SEARCH_PAGE_SIZE) : query.perPage, TAXONOMY_LIST_CAP);
    const table = kind === 'tags' ? 'curationTags' : 'curationCategories';
    let base = db.selectFrom(table).where('channelId', 'in', channels);
    if (query.keyword) base = base.where('name', 'ilike', `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    const counted = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
    const items = await base
      .select(['id', 'name'])
      .orderBy('name')
      .orderBy('id')
      .offset((query.page - 1) * perPage)
      .limit(perPage)
      .execute();
    return { items, total: Number(counted.count) };
  };

  app.get(platformPaths.curationAllTags(), { schema: docs.taxonomy('Tags for the filters, with company tags on request') }, async (request, reply) =>
    sendAs(reply, TaxonomyListResponseSchema, await taxonomy('tags', false)(request)),
  );
  app.get(platformPaths.curationAllCategories(), { schema: docs.taxonomy('Categories for the filters') }, async (request, reply) =>
    sendAs(reply, TaxonomyListResponseSchema, await taxonomy('categories', false)(request)),
  );
  app.get(platformPaths.curationTags(), { schema: docs.taxonomy("A channel's own tags") }, async (request, reply) =>
    sendAs(reply, TaxonomyListResponseSchema, await taxonomy('tags', true)(request)),
  );

  app.post(platformPaths.curationTags(), { schema: docs.createTag }, async (request, reply) => {
    const body = parseInput(CreateTagRequestSchema, request.body);
    const { channel } = await accessByQuery(request, body.organization, body.channel);
    if (channel.slug !== 'company') throw forbidden(TAG_COMPANY_ONLY_MESSAGE);
    const row = await db
      .insertInto('curationTags')
      .values({ channelId: channel.id, name: body.name })
      .onConflict((oc) => oc.columns(['channelId', 'name']).doUpdateSet({ name: body.name }))
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    return sendAs(reply, TaxonomyItemSchema, row, 201);
  });

  // Taxonomy terms: a channel's tags (company level only) or categories, created, renamed
  // and deleted by name; the channel is named in the body (or, for DELETE, the query).
  const TermParams = z.object({ taxonomy: z.enum(TAXONOMIES) });
  const OneTermParams = TermParams.extend({ term: idParam });
  const termsPath = routePattern(platformPaths.taxonomyTerms(':taxonomy'));
  const termPath = routePattern(platformPaths.taxonomyTerm(':taxonomy', 1), { 1: ':term' });
  const termTable = (taxonomy: Taxonomy) => (taxonomy === 'tags' ? 'curationTags' : 'curationCategories');
  const termChannel = async (request: { query: unknown }, taxonomy: Taxonomy, organization: string, channelSlug: string) => {
    const { channel } = await accessByQuery(request, organization, channelSlug);
    if (taxonomy === 'tags' && channel.slug !== 'company') throw forbidden(TAG_COMPANY_ONLY_MESSAGE);
    return channel;
  };
  const termDocs = (summary: string, params: z.ZodType) => routeDocs({ summary, params, response: { 200: TaxonomyItemSchema, 201: TaxonomyItemSchema } });

  app.post(termsPath, { schema: termDocs('Create a taxonomy term', TermParams) }, async (request, reply) => {
    const { taxonomy } = parseParams(TermParams, request.params);
    const body = parseInput(TaxonomyTermRequestSchema, request.body);
    const channel = await termChannel(request, taxonomy, body.organization, body.channel);
    const row = await db
      .insertInto(termTable(taxonomy))
      .values({ channelId: channel.id, name: body.name })
      .onConflict((oc) => oc.columns(['channelId', 'name']).doUpdateSet({ name: body.name }))
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    return sendAs(reply, TaxonomyItemSchema, row, 201);
  });

  app.post(termPath, { schema: termDocs('Rename a taxonomy term', OneTermParams) }, async (request, reply) => {
    const { taxonomy, term } = parseParams(OneTermParams, request.params);
    const body = parseInput(TaxonomyTermRequestSchema, request.body);
    const channel = await termChannel(request, taxonomy, body.organization, body.channel);
    const taken = await db.selectFrom(termTable(taxonomy)).select('id').where('channelId', '=', channel.id).where('name', '=', body.name).where('id', '<>', term).executeTakeFirst();
    if (taken) throw invalidData({ name: ['This name is already in use.'] });
    const row = await db
      .updateTable(termTable(taxonomy))
      .set({ name: body.name })
      .where('id', '=', term)
      .where('channelId', '=', channel.id)
      .returning(['id', 'name'])
      .executeTakeFirst();
    if (!row) throw notFound('This term does not exist.');
    return sendAs(reply, TaxonomyItemSchema, row);
  });

  app.delete(termPath, { schema: termDocs('Delete a taxonomy term (it leaves the articles it was on)', OneTermParams) }, async (request, reply) => {
    const { taxonomy, term } = parseParams(OneTermParams, request.params);
    const query = parseInput(TaxonomyTermQuerySchema, request.query);
    const channel = await termChannel(request, taxonomy, query.organization, query.channel);
    const deleted = await db.deleteFrom(termTable(taxonomy)).where('id', '=', term).where('channelId', '=', channel.id).executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound('This term does not exist.');
    return reply.code(204).send();
  });

  app.get(platformPaths.curationSiteNames(), { schema: docs.siteNames }, async (request, reply) => {
    const query = parseInput(SiteNamesQuerySchema, request.query);
    const { channel } = await accessByQuery(request, query.organization, query.channel);
    let sites = db.selectFrom('aggregates').select('aggregates.siteName').distinct().where('aggregates.channelId', '=', channel.id).where('aggregates.siteName', '<>', '');
    const types = typeFilterOf([query.type]);
    if (types) sites = whereCurationTypes(sites, types);
    const rows = await sites.orderBy('aggregates.siteName').limit(TAXONOMY_LIST_CAP).execute();
    return sendAs(reply, SiteNamesResponseSchema, { items: rows.map((row) => row.siteName) });
  });
};
