import { sql } from 'kysely';
import type { z } from 'zod';
import type { LetterListQuerySchema } from '../../shared/contract/platform-letters';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { notFound } from '../http/errors';
import { LETTER_NOT_FOUND_MESSAGE, fromLetters } from './letter-records';
import { letterSummaryJson, segmentNameSql, summaryListJson } from './letter-summary-json';
import { NULLABLE_SORTS, decodeListCursor, encodeListCursor } from './letter-list-cursor';

// Reads beyond a single letter: resolving an id, the filtered and paged channel list, and
// a channel's letters together with the company channel's.

type LetterListQuery = z.output<typeof LetterListQuerySchema>;

const MAX_INT = 2_147_483_647;

function liveLetters(db: Db, channelIds: readonly number[]) {
  return fromLetters(db)
    .where('letters.channelId', 'in', channelIds.length > 0 ? [...channelIds] : [-1])
    .where('letters.deletedAt', 'is', null);
}

/**
 * A numeric reference is tried as the platform id first, then as a uniqueId (a client may
 * make uniqueIds of digits); anything else is a uniqueId.
 */
export async function resolveLetterId(
  db: Db,
  channelIds: readonly number[],
  ref: string,
): Promise<{ id: number; uniqueId: string }> {
  if (/^\d{1,10}$/.test(ref) && Number(ref) > 0 && Number(ref) <= MAX_INT) {
    const byId = await liveLetters(db, channelIds).select(['letters.id', 'letters.uniqueId']).where('letters.id', '=', Number(ref)).executeTakeFirst();
    if (byId) return { id: byId.id, uniqueId: byId.uniqueId };
  }
  const byUniqueId = await liveLetters(db, channelIds)
    .select(['letters.id', 'letters.uniqueId'])
    .where('letters.uniqueId', '=', ref)
    .executeTakeFirst();
  if (!byUniqueId) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  return { id: byUniqueId.id, uniqueId: byUniqueId.uniqueId };
}

/** The audience's name as the list shows it, for sorting by audience. */
const audienceName = sql<string>`lower(${segmentNameSql})`;

const sortColumns = {
  audience: audienceName,
  publicationDate: sql<string>`letters.publication_date`,
  title: sql<string>`lower(letters.title)`,
  uniqueId: sql<string>`letters.unique_id`,
  updated_at: sql<string>`letters.updated_at`,
} as const;

/** What a cursor's value is cast back to, so it compares as the sort column does. */
const cursorValueType = {
  audience: sql`text`,
  publicationDate: sql`timestamp`,
  title: sql`text`,
  uniqueId: sql`text`,
  updated_at: sql`timestamptz`,
} as const;

/** The page as the answer's JSON text (LetterPageResponseSchema; see letter-summary-json.ts). */
export async function pageLetters(db: Db, channelId: number, query: LetterListQuery): Promise<string> {
  const { sort, direction } = query;
  const cursor = query.cursor === undefined ? null : decodeListCursor(query.cursor, sort, direction);
  let filtered = liveLetters(db, [channelId]);
  if (query.status !== PublicationStatus.any) filtered = filtered.where('letters.publicationStatus', '=', query.status);
  if (query.templates.length > 0) filtered = filtered.where('letters.publicationStatus', 'in', query.templates);
  const { total } = await filtered
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const key = sortColumns[sort];
  const nullable = NULLABLE_SORTS.includes(sort);
  const after = direction === 'asc' ? sql.raw('>') : sql.raw('<');
  let paged = filtered.select(['letters.id', letterSummaryJson.as('summary'), sql<string | null>`(${key})::text`.as('sortKey')]);
  if (cursor) {
    const value = cursor.value === null ? null : sql`CAST(${cursor.value} AS ${cursorValueType[sort]})`;
    // Letters without a value come after every letter with one, in id order among them.
    paged = paged.where(
      value === null
        ? sql<boolean>`(${key} IS NULL AND letters.id ${after} ${cursor.id})`
        : nullable
          ? sql<boolean>`(${key} ${after} ${value} OR (${key} = ${value} AND letters.id ${after} ${cursor.id}) OR ${key} IS NULL)`
          : // A row comparison on a NOT NULL column is a range the list index can serve.
            sql<boolean>`((${key}, letters.id) ${after} (${value}, ${cursor.id}))`,
    );
  }
  const records = await paged
    // Letters without a value (no date, no audience) go last whichever way the list runs;
    // the other sort columns are never null, and a plain order matches the list index.
    .orderBy(key, (ob) => {
      const ordered = direction === 'asc' ? ob.asc() : ob.desc();
      return nullable ? ordered.nullsLast() : ordered;
    })
    .orderBy('letters.id', direction)
    .limit(query.perPage + 1)
    .offset(cursor ? 0 : (query.page - 1) * query.perPage)
    .execute();
  const shown = records.slice(0, query.perPage);
  const last = shown.at(-1);
  const nextCursor =
    records.length > query.perPage && last ? encodeListCursor({ sort, direction, value: last.sortKey, id: last.id }) : null;
  return summaryListJson(shown, { total: Number(total), page: query.page, perPage: query.perPage, nextCursor });
}

/**
 * The channel's letters, then the tenant's company-channel letters, each newest first,
 * without the letter being edited. Any member of a brand of the tenant reads the company
 * channel's letters here: it is the tenant's shared channel (DECISIONS). Answered as JSON
 * text (CompanyLettersResponseSchema; see letter-summary-json.ts).
 */
export async function channelAndCompanyLetters(db: Db, channel: ChannelRow, excludeLetterId: number): Promise<string> {
  const company = await db
    .selectFrom('channels')
    .select('id')
    .where('tenantId', '=', channel.tenantId)
    .where('slug', '=', COMPANY_CHANNEL_SLUG)
    .executeTakeFirst();
  const channelIds = company && company.id !== channel.id ? [channel.id, company.id] : [channel.id];
  const records = await liveLetters(db, channelIds)
    .select(letterSummaryJson.as('summary'))
    .where('letters.id', '!=', excludeLetterId)
    .orderBy(sql`letters.channel_id = ${channel.id}`, 'desc')
    .orderBy('letters.updatedAt', 'desc')
    .orderBy('letters.id', 'desc')
    .execute();
  return summaryListJson(records);
}
