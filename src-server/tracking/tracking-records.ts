import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { countryOfAddress } from './address-country';
import { letterLinkUrl } from './letter-links';
import { isConfirmedOpen } from './open-classification';

// Writing down opens and clicks as the public tracking routes see them. A token names one
// recipient of one letter; only a recipient the mail server took the email for (status
// 'sent') can open or click, so a token of a refused or still waiting row records nothing.
//
// Each event also keeps the report's rollups (migration 0012) in the same transaction: the
// reader's own row first (opens, first open, clicks...; the triggers on letter_recipients
// count readers from it), then what only the event knows (its hour, its link). Updating the
// reader's row first locks it, so two events of one reader at once queue there and "is
// this their first?" has one answer. Locks are always taken in that order (reader, letter
// counters by the trigger, then link and hour rows), so writers never wait on each other
// in a circle.

/** Tokens are 40 hex digits (migration 0009); anything much longer names nothing. */
const TOKEN = /^[0-9a-f]{16,64}$/;

type Trx = Kysely<Database>;

interface TrackedRecipient {
  letterId: number;
  subscriberId: number;
  sentAt: Date | null;
}

/** Who an event came from: the user agent, and the address only for its country. */
export interface EventSource {
  userAgent: string;
  address?: string | undefined;
}

async function recipientByToken(db: Db, token: string): Promise<TrackedRecipient | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('letterRecipients')
    .select(['letterId', 'subscriberId', 'sentAt'])
    .where('trackingToken', '=', token)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return row ?? null;
}

/**
 * Every first open or click of a letter updates its one counters row (the trigger) and
 * every event its hour row, so events of one letter take turns there. Waiting for the
 * disk at each commit would make each turn as long as a disk flush (about 100 opens a
 * second on this project's test machine); a tracking event commits without waiting for
 * it. A crash can lose the last moment's events, each with its counts (one transaction),
 * never counts without their events.
 */
async function withoutFlushWait(trx: Trx): Promise<void> {
  await sql`SET LOCAL synchronous_commit = off`.execute(trx);
}

async function countInHour(trx: Trx, letterId: number, at: Date, events: { opens: number; clicks: number }): Promise<void> {
  await sql`
    INSERT INTO letter_report_hours AS h (letter_id, hour, opens, clicks)
    VALUES (${letterId}, date_trunc('hour', ${at}::timestamptz), ${events.opens}, ${events.clicks})
    ON CONFLICT (letter_id, hour) DO UPDATE SET opens = h.opens + excluded.opens, clicks = h.clicks + excluded.clicks`.execute(trx);
}

/** Writes one open and the reader's rollup of it; the reader's row is locked from here to commit. */
async function writeOpen(trx: Trx, recipient: TrackedRecipient, openedAt: Date, confirmed: boolean, source: EventSource) {
  const { letterId, subscriberId } = recipient;
  const country = countryOfAddress(source.address);
  // SET reads the row as it was: the country follows the earliest open, whichever commits first.
  await sql`
    UPDATE letter_recipients SET
      opens = opens + 1,
      open_country = CASE WHEN first_opened_at IS NULL OR first_opened_at > ${openedAt} THEN ${country}::text ELSE open_country END,
      first_opened_at = least(first_opened_at, ${openedAt}),
      first_confirmed_open_at = CASE WHEN ${confirmed} THEN least(first_confirmed_open_at, ${openedAt}) ELSE first_confirmed_open_at END
    WHERE letter_id = ${letterId} AND subscriber_id = ${subscriberId}`.execute(trx);
  await trx
    .insertInto('recipientOpens')
    .values({ letterId, subscriberId, openedAt, confirmed, userAgent: source.userAgent, country })
    .execute();
}

/** Records one load of the open pixel; false when the token names no one (nothing written). */
export async function recordOpen(db: Db, token: string, source: EventSource, openedAt = new Date()): Promise<boolean> {
  const recipient = await recipientByToken(db, token);
  if (!recipient) return false;
  const confirmed = isConfirmedOpen(source.userAgent, openedAt, recipient.sentAt);
  await db.transaction().execute(async (trx) => {
    await withoutFlushWait(trx);
    await writeOpen(trx, recipient, openedAt, confirmed, source);
    await countInHour(trx, recipient.letterId, openedAt, { opens: 1, clicks: 0 });
  });
  return true;
}

/** Where a tracked link leads, and whose it is; null for an unknown token or position. */
export interface ClickTarget extends TrackedRecipient {
  position: number;
  url: string;
}

export async function findClickTarget(db: Db, token: string, position: number): Promise<ClickTarget | null> {
  const recipient = await recipientByToken(db, token);
  if (!recipient) return null;
  const url = await letterLinkUrl(db, recipient.letterId, position);
  return url === null ? null : { ...recipient, position, url };
}

/**
 * Records a click. A reader who clicked has read the email, so a click that passes for a
 * reader's own (the rules of an open: not a scanner, not at once) also writes a confirmed
 * open when the reader has none: their open pixel may have been blocked.
 */
export async function recordClick(db: Db, target: ClickTarget, source: EventSource, clickedAt = new Date()): Promise<void> {
  const { letterId, subscriberId, position } = target;
  const confirmed = isConfirmedOpen(source.userAgent, clickedAt, target.sentAt);
  await db.transaction().execute(async (trx) => {
    await withoutFlushWait(trx);
    const reader = await sql<{ firstConfirmedOpenAt: Date | null }>`
      UPDATE letter_recipients SET
        clicks = clicks + 1,
        first_clicked_at = least(first_clicked_at, ${clickedAt}),
        last_clicked_at = greatest(last_clicked_at, ${clickedAt})
      WHERE letter_id = ${letterId} AND subscriber_id = ${subscriberId}
      RETURNING first_confirmed_open_at`.execute(trx);
    const opensToo = confirmed && reader.rows[0] !== undefined && reader.rows[0].firstConfirmedOpenAt === null;
    if (opensToo) await writeOpen(trx, target, clickedAt, true, source);
    // The reader's row is locked, so no other click of theirs can slip in between.
    const before = await trx
      .selectFrom('recipientClicks')
      .select('id')
      .where('letterId', '=', letterId)
      .where('position', '=', position)
      .where('subscriberId', '=', subscriberId)
      .limit(1)
      .executeTakeFirst();
    await trx.insertInto('recipientClicks').values({ letterId, subscriberId, position, clickedAt }).execute();
    await trx
      .updateTable('letterLinks')
      .set((eb) => ({ total: eb('total', '+', 1), uniques: eb('uniques', '+', before ? 0 : 1) }))
      .where('letterId', '=', letterId)
      .where('position', '=', position)
      .execute();
    await countInHour(trx, letterId, clickedAt, { opens: opensToo ? 1 : 0, clicks: 1 });
  });
}
