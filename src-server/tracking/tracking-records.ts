import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { countryOfAddress } from './address-country';
import { letterLinkUrl } from './letter-links';
import { BURST_WINDOW_MS, isBurst, machineReasonOf } from './click-classification';
import type { MachineReason } from './click-classification';
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

interface HourCounts {
  opens: number;
  clicks: number;
  clicksAll: number;
}

async function countInHour(trx: Trx, letterId: number, hour: Date, events: HourCounts): Promise<void> {
  await sql`
    INSERT INTO letter_report_hours AS h (letter_id, hour, opens, clicks, clicks_all)
    VALUES (${letterId}, date_trunc('hour', ${hour}::timestamptz), ${events.opens}, ${events.clicks}, ${events.clicksAll})
    ON CONFLICT (letter_id, hour) DO UPDATE SET
      opens = h.opens + excluded.opens, clicks = h.clicks + excluded.clicks, clicks_all = h.clicks_all + excluded.clicks_all`.execute(trx);
}

/** The reader's open columns for one more open (SET reads the row as it was: the country follows the earliest open, whichever commits first). */
function openColumns(openedAt: Date, confirmed: boolean, country: string | null) {
  return sql`
      opens = opens + 1,
      open_country = CASE WHEN first_opened_at IS NULL OR first_opened_at > ${openedAt} THEN ${country}::text ELSE open_country END,
      first_opened_at = least(first_opened_at, ${openedAt}),
      first_confirmed_open_at = CASE WHEN ${confirmed} THEN least(first_confirmed_open_at, ${openedAt}) ELSE first_confirmed_open_at END`;
}

/** Records one load of the open pixel; false when the token names no one (nothing written). */
export async function recordOpen(db: Db, token: string, source: EventSource, openedAt = new Date()): Promise<boolean> {
  const recipient = await recipientByToken(db, token);
  if (!recipient) return false;
  const { letterId, subscriberId } = recipient;
  const confirmed = isConfirmedOpen(source.userAgent, openedAt, recipient.sentAt);
  const country = countryOfAddress(source.address);
  await db.transaction().execute(async (trx) => {
    await withoutFlushWait(trx);
    // The reader's row first: it is locked from here to commit.
    await sql`UPDATE letter_recipients SET ${openColumns(openedAt, confirmed, country)}
      WHERE letter_id = ${letterId} AND subscriber_id = ${subscriberId}`.execute(trx);
    await trx.insertInto('recipientOpens').values({ letterId, subscriberId, openedAt, confirmed, userAgent: source.userAgent, country }).execute();
    await countInHour(trx, letterId, openedAt, { opens: 1, clicks: 0, clicksAll: 0 });
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

/** The reader's clicks per link: how many are theirs, and those near this one in time (a burst's). */
interface LinkClicks {
  position: number;
  people: number;
  total: number;
  near: Array<{ id: string; clickedAt: Date; people: boolean }>;
}

async function readerClicks(trx: Trx, target: ClickTarget, clickedAt: Date): Promise<LinkClicks[]> {
  const from = new Date(clickedAt.getTime() - BURST_WINDOW_MS);
  const to = new Date(clickedAt.getTime() + BURST_WINDOW_MS);
  const { rows } = await sql<{ position: number; people: number; total: number; near: Array<{ id: string; clickedAt: string; people: boolean }> }>`
    SELECT position, count(*) FILTER (WHERE machine_reason IS NULL)::int AS people, count(*)::int AS total,
      coalesce(json_agg(json_build_object('id', id::text, 'clickedAt', clicked_at, 'people', machine_reason IS NULL))
        FILTER (WHERE clicked_at > ${from} AND clicked_at < ${to}), '[]') AS near
    FROM recipient_clicks
    WHERE letter_id = ${target.letterId} AND subscriber_id = ${target.subscriberId}
    GROUP BY position`.execute(trx);
  return rows.map((row) => ({ ...row, near: row.near.map((click) => ({ ...click, clickedAt: new Date(click.clickedAt) })) }));
}

interface LinkChange {
  total: number;
  uniques: number;
  totalAll: number;
  uniquesAll: number;
}

/**
 * Records a click, judged a reader's or a machine's (click-classification.ts). A reader who
 * clicked has read the email, so a reader's click also writes a confirmed open when they
 * have none: their open pixel may have been blocked. A click that completes a burst turns
 * the reader's clicks of the burst so far into machine ones, and takes them (and an open
 * one of them wrote) out of the people figures.
 */
export async function recordClick(db: Db, target: ClickTarget, source: EventSource, clickedAt = new Date()): Promise<MachineReason | null> {
  const { letterId, subscriberId, position } = target;
  const known = machineReasonOf({ userAgent: source.userAgent, address: source.address, clickedAt, sentAt: target.sentAt });
  const country = countryOfAddress(source.address);
  return db.transaction().execute(async (trx) => {
    await withoutFlushWait(trx);
    // The reader's row first, locked to commit: their other clicks queue here, so the ones
    // read next are all there are, and a burst is seen by the click that completes it.
    const reader = await sql<{ firstConfirmedOpenAt: Date | null }>`
      SELECT first_confirmed_open_at FROM letter_recipients
      WHERE letter_id = ${letterId} AND subscriber_id = ${subscriberId} FOR UPDATE`.execute(trx);
    if (reader.rows.length === 0) return known;
    const links = await readerClicks(trx, target, clickedAt);
    const nearby = links.flatMap((link) => link.near.map((click) => ({ ...click, position: link.position })));
    const burst = isBurst(position, clickedAt, nearby);
    const reason: MachineReason | null = known ?? (burst ? 'burst' : null);
    const person = reason === null;
    const turned = burst ? nearby.filter((click) => click.people) : [];

    const click = await trx
      .insertInto('recipientClicks')
      .values({ letterId, subscriberId, position, clickedAt, machineReason: reason })
      .returning('id')
      .executeTakeFirstOrThrow();
    const opensToo = person && reader.rows[0]!.firstConfirmedOpenAt === null;
    if (opensToo) {
      await trx
        .insertInto('recipientOpens')
        .values({ letterId, subscriberId, openedAt: clickedAt, confirmed: true, userAgent: source.userAgent, country, clickId: click.id })
        .execute();
    }
    let unconfirmed = false;
    if (turned.length > 0) {
      const ids = turned.map((earlier) => earlier.id);
      await sql`UPDATE recipient_clicks SET machine_reason = 'burst' WHERE id = ANY(${ids}::bigint[])`.execute(trx);
      const opens = await sql`UPDATE recipient_opens SET confirmed = false WHERE click_id = ANY(${ids}::bigint[]) AND confirmed`.execute(trx);
      unconfirmed = Number(opens.numAffectedRows ?? 0) > 0;
    }

    // The reader's rollup: every click counts in the _all columns, a reader's in theirs too;
    // clicks turned into machine ones leave the reader's, which are counted again from
    // what remains of theirs (the triggers then move the letter's counters and hours).
    const ofReader = sql`letter_id = ${letterId} AND subscriber_id = ${subscriberId}`;
    const peopleColumns =
      turned.length > 0
        ? sql`clicks = clicks - ${turned.length},
            first_clicked_at = (SELECT min(clicked_at) FROM recipient_clicks WHERE ${ofReader} AND machine_reason IS NULL),
            last_clicked_at = (SELECT max(clicked_at) FROM recipient_clicks WHERE ${ofReader} AND machine_reason IS NULL)`
        : person
          ? sql`clicks = clicks + 1, first_clicked_at = least(first_clicked_at, ${clickedAt}), last_clicked_at = greatest(last_clicked_at, ${clickedAt})`
          : sql`clicks = clicks`;
    const confirmedOpen = unconfirmed
      ? sql`, first_confirmed_open_at = (SELECT min(opened_at) FROM recipient_opens WHERE ${ofReader} AND confirmed)`
      : opensToo
        ? sql`, ${openColumns(clickedAt, true, country)}`
        : sql``;
    await sql`
      UPDATE letter_recipients SET
        clicks_all = clicks_all + 1, first_clicked_at_all = least(first_clicked_at_all, ${clickedAt}),
        ${peopleColumns} ${confirmedOpen}
      WHERE ${ofReader}`.execute(trx);

    // Links, then hours, each in ascending order, so writers lock them in one order.
    const changes = new Map<number, LinkChange>();
    const linkOf = (at: number) => links.find((link) => link.position === at);
    const here = linkOf(position);
    changes.set(position, {
      total: person ? 1 : 0,
      uniques: person && !here?.people ? 1 : 0,
      totalAll: 1,
      uniquesAll: here ? 0 : 1,
    });
    for (const earlier of turned) {
      const change = changes.get(earlier.position) ?? { total: 0, uniques: 0, totalAll: 0, uniquesAll: 0 };
      change.total -= 1;
      changes.set(earlier.position, change);
    }
    // A reader no longer counts on a link once every click of theirs on it is a machine's.
    for (const [at, change] of changes) {
      const turnedHere = turned.filter((earlier) => earlier.position === at).length;
      if (turnedHere > 0 && (linkOf(at)?.people ?? 0) === turnedHere) change.uniques -= 1;
    }
    for (const at of [...changes.keys()].sort((a, b) => a - b)) {
      const change = changes.get(at)!;
      await sql`
        UPDATE letter_links SET total = total + ${change.total}, uniques = uniques + ${change.uniques},
          total_all = total_all + ${change.totalAll}, uniques_all = uniques_all + ${change.uniquesAll}
        WHERE letter_id = ${letterId} AND position = ${at}`.execute(trx);
    }

    // Keyed by UTC hour; each keeps one of its events' times for date_trunc to place.
    const hours = new Map<number, HourCounts & { at: Date }>();
    const hourOf = (at: Date) => Math.floor(at.getTime() / 3_600_000);
    hours.set(hourOf(clickedAt), { at: clickedAt, opens: opensToo ? 1 : 0, clicks: person ? 1 : 0, clicksAll: 1 });
    for (const earlier of turned) {
      const counts = hours.get(hourOf(earlier.clickedAt)) ?? { at: earlier.clickedAt, opens: 0, clicks: 0, clicksAll: 0 };
      counts.clicks -= 1;
      hours.set(hourOf(earlier.clickedAt), counts);
    }
    for (const hour of [...hours.keys()].sort((a, b) => a - b)) {
      const counts = hours.get(hour)!;
      await countInHour(trx, letterId, counts.at, counts);
    }
    return reason;
  });
}
