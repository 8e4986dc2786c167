import { sql } from 'kysely';
import type { Kysely, RawBuilder } from 'kysely';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { countryOfAddress } from './address-country';
import { BURST_MIN_LINKS, BURST_WINDOW_MS, MACHINE_CLICK_WINDOW_MS, isBurst, senderReasonOf } from './click-classification';
import type { MachineReason } from './click-classification';
import { PREFETCH_WINDOW_MS, isMachineAgent } from './open-classification';

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
function openColumns(openedAt: Date, confirmed: RawBuilder<boolean>, country: string | null) {
  return sql`
      opens = opens + 1,
      open_country = CASE WHEN first_opened_at IS NULL OR first_opened_at > ${openedAt} THEN ${country}::text ELSE open_country END,
      first_opened_at = least(first_opened_at, ${openedAt}),
      first_confirmed_open_at = CASE WHEN ${confirmed} THEN least(first_confirmed_open_at, ${openedAt}) ELSE first_confirmed_open_at END`;
}

/** isConfirmedOpen over the reader's row: the agent is judged here, the time against the row's sent_at. */
function confirmedOpenOf(userAgent: string, openedAt: Date): RawBuilder<boolean> {
  const sentBy = new Date(openedAt.getTime() - PREFETCH_WINDOW_MS);
  return sql<boolean>`(${!isMachineAgent(userAgent)} AND (sent_at IS NULL OR sent_at <= ${sentBy}))`;
}

/**
 * Records one load of the open pixel; false when the token names no one (nothing written).
 * One statement, its own transaction, and the token looked up by the update itself (a
 * pixel's every round trip counts under load): the reader's row (locked first), the event,
 * the hour row, then the trigger's counters at the statement's end and the commit at once.
 */
export async function recordOpen(db: Db, token: string, source: EventSource, openedAt = new Date()): Promise<boolean> {
  if (!TOKEN.test(token)) return false;
  const confirmed = confirmedOpenOf(source.userAgent, openedAt);
  const country = countryOfAddress(source.address);
  const recorded = await sql<{ found: boolean }>`
    WITH reader AS (
      UPDATE letter_recipients SET ${openColumns(openedAt, confirmed, country)}
      WHERE tracking_token = ${token} AND status = 'sent'
      RETURNING letter_id, subscriber_id, ${confirmed} AS confirmed
    ), event AS (
      INSERT INTO recipient_opens (letter_id, subscriber_id, opened_at, confirmed, user_agent, country)
      SELECT letter_id, subscriber_id, ${openedAt}, confirmed, ${source.userAgent}, ${country} FROM reader
    ), hour AS (
      INSERT INTO letter_report_hours AS h (letter_id, hour, opens, clicks, clicks_all)
      SELECT letter_id, date_trunc('hour', ${openedAt}::timestamptz), 1, 0, 0 FROM reader
      ON CONFLICT (letter_id, hour) DO UPDATE SET opens = h.opens + excluded.opens
    )
    SELECT ${WITHOUT_FLUSH_WAIT}, EXISTS (SELECT 1 FROM reader) AS found`.execute(db);
  return recorded.rows[0]?.found === true;
}

/** Where a tracked link leads, and whose it is; null for an unknown token or position. */
export interface ClickTarget extends TrackedRecipient {
  position: number;
  url: string;
  /** What the redirect needs of the letter (click-destination.ts). */
  letter: { channelId: number; utmEnabled: boolean; utms: unknown };
}

/** The reader, the link and the letter's UTM settings in one read, recording nothing (HEAD, or a click that could not be recorded). */
export async function findClickTarget(db: Db, token: string, position: number): Promise<ClickTarget | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('letterRecipients as r')
    .innerJoin('letterLinks as k', (join) => join.onRef('k.letterId', '=', 'r.letterId').on('k.position', '=', position))
    .innerJoin('letters as l', 'l.id', 'r.letterId')
    .select(['r.letterId', 'r.subscriberId', 'r.sentAt', 'k.url', 'l.channelId', 'l.utmEnabled', 'l.utms'])
    .where('r.trackingToken', '=', token)
    .where('r.status', '=', 'sent')
    .executeTakeFirst();
  if (!row) return null;
  const { letterId, subscriberId, sentAt, url, channelId, utmEnabled, utms } = row;
  return { letterId, subscriberId, sentAt, position, url, letter: { channelId, utmEnabled, utms } };
}

function countOnLink(letterId: number, position: number, change: { total: number; uniques: number }) {
  return sql`
    UPDATE letter_links SET total = total + ${change.total}, uniques = uniques + ${change.uniques}
    WHERE letter_id = ${letterId} AND position = ${position}`;
}

/**
 * Records a click, judged a reader's or a machine's (click-classification.ts: the sender
 * here, the time against the reader's sent_at in the statement), and answers where the link
 * leads; null when the token or position names nothing (nothing written). A reader who
 * clicked has read the email, so a reader's click also writes a confirmed open when they
 * have none: their open pixel may have been blocked. Then, once it is committed, looks
 * whether it made a burst (turnBurst).
 *
 * One statement, its own transaction, the lookup included (a click's every round trip
 * counts under load): the reader's row is locked first (FOR UPDATE answers its latest
 * version, so "has a confirmed open?" has one answer), their clicks on the link next
 * (recipient_link_clicks: whether this is their first there, people's or anyone's), then
 * the link and hour rows, and the letter's counters by the trigger at the end.
 */
export async function recordClick(
  db: Db,
  token: string,
  position: number,
  source: EventSource,
  clickedAt = new Date(),
): Promise<{ target: ClickTarget; reason: MachineReason | null } | null> {
  if (!TOKEN.test(token)) return null;
  const earlyIfSentAfter = new Date(clickedAt.getTime() - MACHINE_CLICK_WINDOW_MS);
  const sender = senderReasonOf(source);
  const country = countryOfAddress(source.address);
  const ofTarget = sql`r.letter_id = t.letter_id AND r.subscriber_id = t.subscriber_id`;
  const person = sql`(t.reason IS NULL)`;
  const own = sql`CASE WHEN t.reason IS NULL THEN 1 ELSE 0 END`;
  const opensToo = sql`(t.reason IS NULL AND t.first_confirmed_open_at IS NULL)`;
  type Recorded = ClickTarget['letter'] & Omit<ClickTarget, 'letter' | 'position'> & { reason: MachineReason | null; recentLinks: number };
  const recorded = await sql<Recorded>`
    WITH t AS (
      SELECT r.letter_id, r.subscriber_id, r.sent_at, r.first_confirmed_open_at, k.url, l.channel_id, l.utm_enabled, l.utms,
        CASE WHEN r.sent_at > ${earlyIfSentAfter} THEN 'early' ELSE ${sender}::text END AS reason
      FROM letter_recipients r
      JOIN letter_links k ON k.letter_id = r.letter_id AND k.position = ${position}
      JOIN letters l ON l.id = r.letter_id
      WHERE r.tracking_token = ${token} AND r.status = 'sent'
      FOR UPDATE OF r
    ), reader AS (
      UPDATE letter_recipients r SET
        clicks_all = clicks_all + 1, first_clicked_at_all = least(first_clicked_at_all, ${clickedAt}),
        clicks = clicks + ${own},
        first_clicked_at = CASE WHEN ${person} THEN least(first_clicked_at, ${clickedAt}) ELSE first_clicked_at END,
        last_clicked_at = CASE WHEN ${person} THEN greatest(last_clicked_at, ${clickedAt}) ELSE last_clicked_at END,
        recent_clicks = (
          SELECT coalesce(jsonb_agg(c), '[]') FROM jsonb_array_elements(r.recent_clicks || ${JSON.stringify([{ p: position, t: clickedAt.getTime() }])}::jsonb) c
          WHERE abs((c->>'t')::bigint - ${clickedAt.getTime()}) < ${BURST_WINDOW_MS}
        ),
        opens = opens + CASE WHEN ${opensToo} THEN 1 ELSE 0 END,
        open_country = CASE WHEN ${opensToo} AND (first_opened_at IS NULL OR first_opened_at > ${clickedAt}) THEN ${country}::text ELSE open_country END,
        first_opened_at = CASE WHEN ${opensToo} THEN least(first_opened_at, ${clickedAt}) ELSE first_opened_at END,
        first_confirmed_open_at = CASE WHEN ${opensToo} THEN ${clickedAt} ELSE r.first_confirmed_open_at END
      FROM t
      WHERE ${ofTarget}
      RETURNING ${opensToo} AS opens_too,
        (SELECT count(DISTINCT c->>'p') FROM jsonb_array_elements(r.recent_clicks) c)::int AS recent_links
    ), on_link AS (
      INSERT INTO recipient_link_clicks AS x (letter_id, subscriber_id, position, clicks, people_clicks)
      SELECT t.letter_id, t.subscriber_id, ${position}, 1, ${own} FROM t, reader
      ON CONFLICT (letter_id, subscriber_id, position) DO UPDATE SET clicks = x.clicks + 1, people_clicks = x.people_clicks + excluded.people_clicks
      RETURNING clicks, people_clicks
    ), link AS (
      UPDATE letter_links k SET
        total_all = total_all + 1, uniques_all = uniques_all + CASE WHEN on_link.clicks = 1 THEN 1 ELSE 0 END,
        total = total + ${own}, uniques = uniques + CASE WHEN ${person} AND on_link.people_clicks = 1 THEN 1 ELSE 0 END
      FROM on_link, t
      WHERE k.letter_id = t.letter_id AND k.position = ${position}
      RETURNING k.letter_id
    ), click AS (
      INSERT INTO recipient_clicks (letter_id, subscriber_id, position, clicked_at, machine_reason)
      SELECT t.letter_id, t.subscriber_id, ${position}, ${clickedAt}, t.reason FROM t, reader
      RETURNING id
    ), open AS (
      INSERT INTO recipient_opens (letter_id, subscriber_id, opened_at, confirmed, user_agent, country, click_id)
      SELECT t.letter_id, t.subscriber_id, ${clickedAt}, true, ${source.userAgent}, ${country}, click.id FROM t, click, reader WHERE reader.opens_too
    ), hour AS (
      INSERT INTO letter_report_hours AS h (letter_id, hour, opens, clicks, clicks_all)
      SELECT t.letter_id, date_trunc('hour', ${clickedAt}::timestamptz), CASE WHEN reader.opens_too THEN 1 ELSE 0 END, ${own}, 1
      FROM t, reader, link
      ON CONFLICT (letter_id, hour) DO UPDATE SET
        opens = h.opens + excluded.opens, clicks = h.clicks + excluded.clicks, clicks_all = h.clicks_all + excluded.clicks_all
    )
    SELECT ${WITHOUT_FLUSH_WAIT}, t.letter_id, t.subscriber_id, t.sent_at, t.url, t.channel_id, t.utm_enabled, t.utms, t.reason,
      (SELECT recent_links FROM reader) AS recent_links
    FROM t`.execute(db);
  const row = recorded.rows[0];
  if (!row) return null;
  const { letterId, subscriberId, sentAt, url, channelId, utmEnabled, utms, reason, recentLinks } = row;
  const target: ClickTarget = { letterId, subscriberId, sentAt, position, url, letter: { channelId, utmEnabled, utms } };
  const burst = (recentLinks ?? 0) >= BURST_MIN_LINKS && (await turnBurst(db, target, clickedAt));
  return { target, reason: reason ?? (burst ? 'burst' : null) };
}

/**
 * After a click is committed whose reader row saw enough distinct links clicked within
 * BURST_WINDOW_MS (recent_clicks, kept under the row's lock, so of clicks arriving
 * together the last sees them all): every click of the burst still counted as the
 * reader's becomes a machine's ('burst') and leaves the people figures (an open one of
 * them wrote is unconfirmed again). True when this click is part of a burst.
 */
async function turnBurst(db: Db, target: ClickTarget, clickedAt: Date): Promise<boolean> {
  const { letterId, subscriberId } = target;
  const ofReader = sql`letter_id = ${letterId} AND subscriber_id = ${subscriberId}`;
  const window = sql`clicked_at > ${new Date(clickedAt.getTime() - BURST_WINDOW_MS)} AND clicked_at < ${new Date(clickedAt.getTime() + BURST_WINDOW_MS)}`;
  type Near = { id: string; position: number; clickedAt: Date; machineReason: MachineReason | null };
  const nearOf = async (on: Db | Trx) => (await sql<Near>`SELECT id, position, clicked_at, machine_reason FROM recipient_clicks WHERE ${ofReader} AND ${window}`.execute(on)).rows;
  const seen = await nearOf(db);
  if (!isBurst(target.position, clickedAt, seen)) return false;
  if (seen.every((click) => click.machineReason !== null)) return true;
  await db.transaction().execute(async (trx) => {
    // The reader's row first, as every writer: the clicks read next are all there are.
    await sql`SELECT ${WITHOUT_FLUSH_WAIT} FROM letter_recipients WHERE ${ofReader} FOR UPDATE`.execute(trx);
    const turned = (await nearOf(trx)).filter((click) => click.machineReason === null);
    if (turned.length === 0) return;
    const ids = turned.map((click) => click.id);
    await sql`UPDATE recipient_clicks SET machine_reason = 'burst' WHERE id = ANY(${ids}::bigint[])`.execute(trx);
    const opens = await sql`UPDATE recipient_opens SET confirmed = false WHERE click_id = ANY(${ids}::bigint[]) AND confirmed`.execute(trx);
    // Then each link and hour row they touch, in ascending order; a reader no longer counts
    // on a link once every click of theirs on it is a machine's.
    for (const position of [...new Set(turned.map((click) => click.position))].sort((a, b) => a - b)) {
      const count = turned.filter((click) => click.position === position).length;
      const left = await sql<{ peopleClicks: number }>`
        UPDATE recipient_link_clicks SET people_clicks = people_clicks - ${count}
        WHERE ${ofReader} AND position = ${position} RETURNING people_clicks`.execute(trx);
      await countOnLink(letterId, position, { total: -count, uniques: left.rows[0]?.peopleClicks === 0 ? -1 : 0 }).execute(trx);
    }
    // Keyed by UTC hour; each keeps one of its clicks' times for date_trunc to place.
    const hours = new Map<number, { at: Date; clicks: number }>();
    for (const click of turned) {
      const key = Math.floor(click.clickedAt.getTime() / 3_600_000);
      const hour = hours.get(key) ?? { at: click.clickedAt, clicks: 0 };
      hour.clicks -= 1;
      hours.set(key, hour);
    }
    for (const key of [...hours.keys()].sort((a, b) => a - b)) {
      await countInHour(letterId, hours.get(key)!.at, { opens: 0, clicks: hours.get(key)!.clicks, clicksAll: 0 }).execute(trx);
    }
    // Last the reader's row, counted again from what remains theirs; its trigger moves the letter's counters.
    const confirmedOpen =
      Number(opens.numAffectedRows ?? 0) > 0 ? sql`, first_confirmed_open_at = (SELECT min(opened_at) FROM recipient_opens WHERE ${ofReader} AND confirmed)` : sql``;
    await sql`
      UPDATE letter_recipients SET
        clicks = clicks - ${turned.length},
        first_clicked_at = (SELECT min(clicked_at) FROM recipient_clicks WHERE ${ofReader} AND machine_reason IS NULL),
        last_clicked_at = (SELECT max(clicked_at) FROM recipient_clicks WHERE ${ofReader} AND machine_reason IS NULL)
        ${confirmedOpen}
      WHERE ${ofReader}`.execute(trx);
  });
  return true;
}
