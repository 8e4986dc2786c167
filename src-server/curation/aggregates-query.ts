import { sql } from 'kysely';
import type { z } from 'zod';
import type { Aggregate, AggregatesQuerySchema } from '../../shared/contract/platform-curation';
import { typeFilterOf } from '../../shared/rules/curation-types';
import type { Db } from '../db/database';
import { whereCurationTypes } from './curation-types-filter';

// The aggregates of a channel that a query asks for (the curation screen, and the
// Curations / RSS blocks at load and at send time): newest publication first, dates read
// in the channel's timezone, `skip` items passed over before the page.

type Query = z.output<typeof AggregatesQuerySchema>;

export async function queryAggregates(
  db: Db,
  channel: { id: number; timezone: string },
  query: Query,
  only?: { ids: number[] },
): Promise<{ items: Aggregate[]; total: number }> {
  let base = db.selectFrom('aggregates').where('aggregates.channelId', '=', channel.id);
  if (only) base = base.where('aggregates.id', 'in', only.ids.length ? only.ids : [0]);
  const localDate = (column: 'publicationDate' | 'curatedAt') =>
    sql<string>`(${sql.ref(`aggregates.${column}`)} AT TIME ZONE ${channel.timezone})::date`;
  if (query.keyword) {
    const pattern = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    base = base.where((eb) =>
      eb.or([
        eb('aggregates.title', 'ilike', pattern),
        eb('aggregates.excerpt', 'ilike', pattern),
        eb('aggregates.author', 'ilike', pattern),
        eb('aggregates.siteName', 'ilike', pattern),
      ]),
    );
  }
  if (query.feeds.length > 0) base = base.where('aggregates.feedId', 'in', query.feeds);
  if (query.sites.length > 0) base = base.where('aggregates.siteName', 'in', query.sites);
  const types = typeFilterOf(query.types);
  if (types) base = whereCurationTypes(base, types);
  if (query.tags.length > 0) {
    base = base.where((eb) =>
      eb.exists(eb.selectFrom('aggregateTags').select('aggregateId').whereRef('aggregateTags.aggregateId', '=', 'aggregates.id').where('aggregateTags.tagId', 'in', query.tags)),
    );
  }
  if (query.categories.length > 0) {
    base = base.where((eb) =>
      eb.exists(
        eb
          .selectFrom('aggregateCategories')
          .select('aggregateId')
          .whereRef('aggregateCategories.aggregateId', '=', 'aggregates.id')
          .where('aggregateCategories.categoryId', 'in', query.categories),
      ),
    );
  }
  if (query.from) base = base.where(localDate('publicationDate'), '>=', query.from);
  if (query.to) base = base.where(localDate('publicationDate'), '<=', query.to);
  if (query.curated === 1) base = base.where('aggregates.curated', '=', true);
  if (query.curatedStart) base = base.where(localDate('curatedAt'), '>=', query.curatedStart);
  if (query.curatedEnd) base = base.where(localDate('curatedAt'), '<=', query.curatedEnd);

  const counted = await base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow();
  const total = Math.max(0, Number(counted.count) - query.skip);
  const rows = await base
    .selectAll('aggregates')
    .orderBy(sql`aggregates.publication_date DESC NULLS LAST`)
    .orderBy('aggregates.id', 'desc')
    .offset(query.skip + (query.page - 1) * query.perPage)
    .limit(query.perPage)
    .execute();
  const ids = rows.map((row) => row.id);
  const tags = ids.length
    ? await db
        .selectFrom('aggregateTags')
        .innerJoin('curationTags', 'curationTags.id', 'aggregateTags.tagId')
        .select(['aggregateTags.aggregateId', 'curationTags.id', 'curationTags.name'])
        .where('aggregateTags.aggregateId', 'in', ids)
        .orderBy('curationTags.name')
        .execute()
    : [];
  const categories = ids.length
    ? await db
        .selectFrom('aggregateCategories')
        .innerJoin('curationCategories', 'curationCategories.id', 'aggregateCategories.categoryId')
        .select(['aggregateCategories.aggregateId', 'curationCategories.id', 'curationCategories.name'])
        .where('aggregateCategories.aggregateId', 'in', ids)
        .orderBy('curationCategories.name')
        .execute()
    : [];
  const items = rows.map<Aggregate>((row) => ({
    id: row.id,
    curated: row.curated,
    title: row.title,
    author: row.author,
    excerpt: row.excerpt,
    image: row.image,
    originalUrl: row.originalUrl,
    publicationDate: row.publicationDate ? row.publicationDate.toISOString() : null,
    siteName: row.siteName,
    content: query.withContent === 1 ? row.content : '',
    feedId: row.feedId,
    tags: tags.filter((t) => t.aggregateId === row.id).map(({ id, name }) => ({ id, name })),
    categories: categories.filter((c) => c.aggregateId === row.id).map(({ id, name }) => ({ id, name })),
  }));
  return { items, total };
}
