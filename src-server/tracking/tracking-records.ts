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
// Each event also keeps the report's rollups (migrations 0012, 0026) in the same
// transaction: the reader's own row (opens, first open, clicks...; the triggers on
// letter_recipients count readers from it) and what only the event knows (its link, its
// hour). The reader's row is locked first, so two events of one reader at once queue there
// and "is this their first?" has one answer. The letter's own rows are hot (every event of
// a letter updates its hour row, every first open or click its counters row), so they are
// locked last and held as briefly as can be: the link and hour rows in the statement that
// ends the event, the counters by that statement's trigger at its end, and the commit
// follows without a round trip in between where possible. Locks are always taken in that
// order (reader, link, hour, counters), so writers never wait on each other in a circle.

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
 * A tracking event commits without waiting for the disk flush: its letter's hot rows are
 * held until commit, and waiting for the disk there would make each event's turn as long
 * as a flush (about 100 opens a second on this project's test machine). A crash can lose
 * the last moment's events, each with its counts (one transaction), never counts without
 * their events. As set_config(…, true) it lasts to the end of the transaction, the
 * statement's own when it runs alone.
 */
const WITHOUT_FLUSH_WAIT = sql`set_config('synchronous_commit', 'off', true)`;

interface HourCounts {
  opens: number;
  clicks: number;
  clicksAll: number;
}

/** Adds events to the letter's hour row (a statement, or a CTE of one). */
function countInHour(letterId: number, at: Date, events: HourCounts) {
  return sql`
    INSERT INTO letter_report_hours AS h (letter_id, hour, opens, clicks, clicks_all)
    VALUES (${letterId}, date_trunc('hour', ${at}::timestamptz), ${events.opens}, ${events.clicks}, ${events.clicksAll})
    ON CONFLICT (letter_id, hour) DO UPDATE SET
      opens = h.opens + excluded.opens, clicks = h.clicks + excluded.clicks, clicks_all = h.clicks_all + excluded.clicks_all`;
}

/** The reader's open columns for one more open (SET reads the row as it was: the country follows the earliest open, whichever commits first). */
function openColumns(openedAt: Date, confirmed: boolean, country: string | null) {
  return sql`
      opens = opens + 1,
      open_country = CASE WHEN first_opened_at IS NULL OR first_opened_at > ${openedAt} THEN ${country}::text ELSE open_country END,
      first_opened_at = least(first_opened_at, ${openedAt}),
      first_confirmed_open_at = CASE WHEN ${confirmed} THEN least(first_confirmed_open_at, ${openedAt}) ELSE first_confirmed_open_at END`;
}

/**
 * Records one load of the open pixel; false when the token names no one (nothing written).
 * One statement, its own transaction: the reader's row (locked first), the event, the hour
 * row, then the trigger's counters at the statement's end and the commit at once.
 */
export async function recordOpen(db: Db, token: string, source: EventSource, openedAt = new Date()): Promise<boolean> {
  const recipient = await recipientByToken(db, token);
  if (!recipient) return false;
  const { letterId, subscriberId } = recipient;
  const confirmed = isConfirmedOpen(source.userAgent, openedAt, recipient.sentAt);
  const country = countryOfAddress(source.address);
  await sql`
    WITH reader AS (
      UPDATE letter_recipients SET ${openColumns(openedAt, confirmed, country)}
      WHERE letter_id = ${letterId} AND subscriber_id = ${subscriberId}
      RETURNING letter_id
    ), event AS (
      INSERT INTO recipient_opens (letter_id, subscriber_id, opened_at, confirmed, user_agent, country)
      SELECT letter_id, ${subscriberId}, ${openedAt}, ${confirmed}, ${source.userAgent}, ${country} FROM reader
    ), hour AS (${countInHour(letterId, openedAt, { opens: 1, clicks: 0, clicksAll: 0 })})
    SELECT ${WITHOUT_FLUSH_WAIT}`.execute(db);
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

function countOnLink(letterId: number, position: number, change: LinkChange) {
  return sql`
    UPDATE letter_links SET total = total + ${change.total}, uniques = uniques + ${change.uniques},
      total_all = total_all + ${change.totalAll}, uniques_all = uniques_all + ${change.uniquesAll}
    WHERE letter_id = ${letterId} AND position = ${position}`;
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
  const ofReader = sql`letter_id = ${letterId} AND subscriber_id = ${subscriberId}`;
  return db.transaction().execute(async (trx) => {
    // The reader's row first, locked to commit: their other clicks queue here, so the ones
    // read next are all there are, and a burst is seen by the click that completes it.
    const reader = await sql<{ firstConfirmedOpenAt: Date | null }>`
      SELECT first_confirmed_open_at, ${WITHOUT_FLUSH_WAIT} FROM letter_recipients WHERE ${ofReader} FOR UPDATE`.execute(trx);
    if (reader.rows.length === 0) return known;
    const links = await readerClicks(trx, target, clickedAt);
    const nearby = links.flatMap((link) => link.near.map((click) => ({ ...click, position: link.position })));
    const burst = isBurst(position, clickedAt, nearby);
    const reason: MachineReason | null = known ?? (burst ? 'burst' : null);
    const person = reason === null;
    const turned = burst ? nearby.filter((click) => click.people) : [];
    const opensToo = person && reader.rows[0]!.firstConfirmedOpenAt === null;
    const here = links.find((link) => link.position === position);
    const onLink: LinkChange = { total: person ? 1 : 0, uniques: person && !here?.people ? 1 : 0, totalAll: 1, uniquesAll: here ? 0 : 1 };
    const inHour: HourCounts = { opens: opensToo ? 1 : 0, clicks: person ? 1 : 0, clicksAll: 1 };

    // The reader's rollup: every click counts in the _all columns, a reader's in theirs too;
    // clicks turned into machine ones leave the reader's, which are counted again from
    // what remains of theirs (the triggers then move the letter's counters and hours).
    const peopleColumns =
      turned.length > 0
        ? sql`clicks = clicks - ${turned.length},
            first_clicked_at = (SELECT min(clicked_at) FROM recipient_clicks WHERE ${ofReader} AND machine_reason IS NULL),
            last_clicked_at = (SELECT max(clicked_at) FROM recipient_clicks WHERE ${ofReader} AND machine_reason IS NULL)`
        : person
          ? sql`clicks = clicks + 1, first_clicked_at = least(first_clicked_at, ${clickedAt}), last_clicked_at = greatest(last_clicked_at, ${clickedAt})`
          : sql`clicks = clicks`;
    let confirmedOpen = opensToo ? sql`, ${openColumns(clickedAt, true, country)}` : sql``;

    if (turned.length > 0) {
      // A burst (rare): the earlier clicks turn, then every link and hour row they touch, each in ascending order.
      const ids = turned.map((earlier) => earlier.id);
      await sql`UPDATE recipient_clicks SET machine_reason = 'burst' WHERE id = ANY(${ids}::bigint[])`.execute(trx);
      const opens = await sql`UPDATE recipient_opens SET confirmed = false WHERE click_id = ANY(${ids}::bigint[]) AND confirmed`.execute(trx);
      if (Number(opens.numAffectedRows ?? 0) > 0) {
        confirmedOpen = sql`, first_confirmed_open_at = (SELECT min(opened_at) FROM recipient_opens WHERE ${ofReader} AND confirmed)`;
      }
      const changes = new Map<number, LinkChange>([[position, onLink]]);
      for (const earlier of turned) {
        const change = changes.get(earlier.position) ?? { total: 0, uniques: 0, totalAll: 0, uniquesAll: 0 };
        change.total -= 1;
        changes.set(earlier.position, change);
      }
      // A reader no longer counts on a link once every click of theirs on it is a machine's.
      for (const [at, change] of changes) {
        const turnedHere = turned.filter((earlier) => earlier.position === at).length;
        if (turnedHere > 0 && (links.find((link) => link.position === at)?.people ?? 0) === turnedHere) change.uniques -= 1;
      }
      for (const at of [...changes.keys()].sort((a, b) => a - b)) await countOnLink(letterId, at, changes.get(at)!).execute(trx);
      // Keyed by UTC hour; each keeps one of its events' times for date_trunc to place.
      const hours = new Map<number, HourCounts & { at: Date }>([[Math.floor(clickedAt.getTime() / 3_600_000), { at: clickedAt, ...inHour }]]);
      for (const earlier of turned) {
        const key = Math.floor(earlier.clickedAt.getTime() / 3_600_000);
        const counts = hours.get(key) ?? { at: earlier.clickedAt, opens: 0, clicks: 0, clicksAll: 0 };
        counts.clicks -= 1;
        hours.set(key, counts);
      }
      for (const key of [...hours.keys()].sort((a, b) => a - b)) await countInHour(letterId, hours.get(key)!.at, hours.get(key)!).execute(trx);
    }

    // The event, its link and hour (unless a burst counted them above), and last the
    // reader's row, whose trigger takes the letter's counters just before the commit.
    await sql`
      WITH click AS (
        INSERT INTO recipient_clicks (letter_id, subscriber_id, position, clicked_at, machine_reason)
        VALUES (${letterId}, ${subscriberId}, ${position}, ${clickedAt}, ${reason})
        RETURNING id
      ), open AS (
        INSERT INTO recipient_opens (letter_id, subscriber_id, opened_at, confirmed, user_agent, country, click_id)
        SELECT ${letterId}, ${subscriberId}, ${clickedAt}, true, ${source.userAgent}, ${country}, id FROM click WHERE ${opensToo}
      )${turned.length > 0 ? sql`` : sql`, link AS (${countOnLink(letterId, position, onLink)}), hour AS (${countInHour(letterId, clickedAt, inHour)})`}
      UPDATE letter_recipients SET
        clicks_all = clicks_all + 1, first_clicked_at_all = least(first_clicked_at_all, ${clickedAt}),
        ${peopleColumns} ${confirmedOpen}
      WHERE ${ofReader}`.execute(trx);
    return reason;
  });
}
