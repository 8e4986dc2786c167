import { z } from 'zod';
import { COMPANY_CHANNEL_SLUG } from '../../shared/model/channel';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { selectLetters, toLetter } from '../letters/letter-records';

// What the public web archive may show: published letters that are not private or deleted,
// of a real channel (the company channel is a tenant's workspace, never a public one).
// Every query asks for exactly that, so a letter that is not public is simply not found,
// and an unknown channel, a draft and a private letter all read the same.

const SLUG = /^[a-z0-9][a-z0-9-]{0,199}$/;

export const ArchiveChannelParams = z.object({ channelSlug: z.string().regex(SLUG) });
export const ArchiveChannelQuery = z.object({ brand: z.string().regex(SLUG).optional() });
export const ArchiveLetterParams = ArchiveChannelParams.extend({
  // A uniqueId as any client makes them, or the numeric id.
  letterRef: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

export interface ArchiveEntry {
  id: number;
  uniqueId: string;
  title: string;
  publicationDate: string | null;
}

/**
 * The channel a slug names. Channel slugs repeat across brands: a slug that several brands
 * use names none of them unless `brand` says which (DECISIONS in docs/decisions.md).
 */
export async function archiveChannel(db: Db, channelSlug: string, brand?: string): Promise<ChannelRow | null> {
  if (channelSlug === COMPANY_CHANNEL_SLUG) return null;
  let query = db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .selectAll('channels')
    .where('channels.slug', '=', channelSlug);
  if (brand !== undefined) query = query.where('organizations.slug', '=', brand);
  const rows = await query.limit(2).execute();
  return rows.length === 1 ? rows[0]! : null;
}

function publicLetters(db: Db) {
  return selectLetters(db)
    .where('letters.publicationStatus', '=', PublicationStatus.published)
    .where('letters.private', '=', false)
    .where('letters.deletedAt', 'is', null)
    .where('channels.slug', '!=', COMPANY_CHANNEL_SLUG);
}

/** The channel's public letters, newest first. */
export async function archiveEntries(db: Db, channelId: number): Promise<ArchiveEntry[]> {
  const rows = await publicLetters(db)
    .where('letters.channelId', '=', channelId)
    .orderBy('letters.publicationAt', (order) => order.desc().nullsLast())
    .orderBy('letters.id', 'desc')
    .execute();
  return rows.map((row) => ({ id: row.id, uniqueId: row.uniqueId, title: row.title, publicationDate: row.publicationDate }));
}

/**
 * The public letter a link names, by uniqueId (what emails link to) or numeric id (the
 * metrics' preview card), with its channel; the slug must be the letter's own channel's.
 */
export async function archiveLetter(db: Db, channelSlug: string, letterRef: string): Promise<{ letter: Letter; channel: ChannelRow } | null> {
  const byId = /^[1-9]\d{0,9}$/.test(letterRef) && Number(letterRef) <= 2_147_483_647;
  const record = await publicLetters(db)
    .where((eb) => (byId ? eb.or([eb('letters.uniqueId', '=', letterRef), eb('letters.id', '=', Number(letterRef))]) : eb('letters.uniqueId', '=', letterRef)))
    .where('channels.slug', '=', channelSlug)
    // A uniqueId that is all digits and another letter's id: the uniqueId wins.
    .orderBy((eb) => eb.case().when('letters.uniqueId', '=', letterRef).then(0).else(1).end())
    .executeTakeFirst();
  if (!record) return null;
  const channel = await db.selectFrom('channels').selectAll().where('id', '=', record.channelId).executeTakeFirstOrThrow();
  return { letter: toLetter(record), channel };
}
