import { sql } from 'kysely';
import type { z } from 'zod';
import type { LetterListQuerySchema, LetterPageResponse } from '../../shared/contract/platform-letters';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import type { LetterSummary } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import { ALL_ACTIVE_SUBSCRIBERS_NAME, SPECIFIC_EMAILS_NAME } from '../../shared/model/segment';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { notFound } from '../http/errors';
import {
  ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID,
  LETTER_NOT_FOUND_MESSAGE,
  SPECIFIC_EMAILS_SEGMENT_ID,
  selectLetters,
  toLetterSummary,
} from './letter-records';

// Reads beyond a single letter: resolving an id, the filtered and paged channel list, and
// a channel's letters together with the company channel's.

type LetterListQuery = z.output<typeof LetterListQuerySchema>;

const MAX_INT = 2_147_483_647;

function liveLetters(db: Db, channelIds: readonly number[]) {
  return selectLetters(db)
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
    const byId = await liveLetters(db, channelIds).where('letters.id', '=', Number(ref)).executeTakeFirst();
    if (byId) return { id: byId.id, uniqueId: byId.uniqueId };
  }
  const byUniqueId = await liveLetters(db, channelIds).where('letters.uniqueId', '=', ref).executeTakeFirst();
  if (!byUniqueId) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  return { id: byUniqueId.id, uniqueId: byUniqueId.uniqueId };
}

/** The audience's name as the list shows it, for sorting by audience. */
const audienceName = sql<string>`lower(CASE
  WHEN letters.segment_id = ${ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID} THEN ${ALL_ACTIVE_SUBSCRIBERS_NAME}::text
  WHEN letters.segment_id = ${SPECIFIC_EMAILS_SEGMENT_ID} THEN ${SPECIFIC_EMAILS_NAME}::text
  ELSE segments.name END)`;

const sortColumns = {
  audience: audienceName,
  publicationDate: sql<string>`letters.publication_date`,
  title: sql<string>`lower(letters.title)`,
  uniqueId: sql<string>`letters.unique_id`,
  updated_at: sql<string>`letters.updated_at`,
} as const;

export async function pageLetters(db: Db, channelId: number, query: LetterListQuery): Promise<LetterPageResponse> {
  let filtered = liveLetters(db, [channelId]);
  if (query.status !== PublicationStatus.any) filtered = filtered.where('letters.publicationStatus', '=', query.status);
  if (query.templates.length > 0) filtered = filtered.where('letters.publicationStatus', 'in', query.templates);
  const { total } = await filtered
    .clearSelect()
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .executeTakeFirstOrThrow();
  const direction = query.direction;
  const records = await filtered
    // Letters without a value (no date, no audience) go last whichever way the list runs.
    .orderBy(sortColumns[query.sort], (ob) => (direction === 'asc' ? ob.asc() : ob.desc()).nullsLast())
    .orderBy('letters.id', direction)
    .limit(query.perPage)
    .offset((query.page - 1) * query.perPage)
    .execute();
  return { items: records.map(toLetterSummary), total: Number(total), page: query.page, perPage: query.perPage };
}

/**
 * The channel's letters, then the tenant's company-channel letters, each newest first,
 * without the letter being edited. Any member of a brand of the tenant reads the company
 * channel's letters here: it is the tenant's shared channel (DECISIONS).
 */
export async function channelAndCompanyLetters(db: Db, channel: ChannelRow, excludeLetterId: number): Promise<LetterSummary[]> {
  const company = await db
    .selectFrom('channels')
    .select('id')
    .where('tenantId', '=', channel.tenantId)
    .where('slug', '=', COMPANY_CHANNEL_SLUG)
    .executeTakeFirst();
  const channelIds = company && company.id !== channel.id ? [channel.id, company.id] : [channel.id];
  const records = await liveLetters(db, channelIds)
    .where('letters.id', '!=', excludeLetterId)
    .orderBy(sql`letters.channel_id = ${channel.id}`, 'desc')
    .orderBy('letters.updatedAt', 'desc')
    .orderBy('letters.id', 'desc')
    .execute();
  return records.map(toLetterSummary);
}
