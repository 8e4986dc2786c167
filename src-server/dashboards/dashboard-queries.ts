import { sql } from 'kysely';
import type {
  ActiveSubscribersResponse,
  AudienceDay,
  DashboardLetter,
  DashboardLetterCounts,
  DashboardLettersResponse,
} from '../../shared/contract/platform-dashboards';
import { DASHBOARD_LETTERS_PAGE_SIZE } from '../../shared/contract/platform-dashboards';
import type { Activity } from '../../shared/contract/platform-metrics';
import { dashboardRates } from '../../shared/rules/dashboard-rates';
import type { Db } from '../db/database';

// The dashboards' numbers for a set of channels the caller was allowed (routes/dashboards.ts
// decides which): subscribers from subscriber_days (migration 0015), letters from
// letter_report_counters and audience from letter_report_hours (migration 0012). Every
// query is bounded by its channel ids, so another organization's rows are never read.

export interface Period {
  /** First day, YYYY-MM-DD (UTC), included. */
  from: string;
  /** Last day, included. */
  to: string;
}

const ids = (channelIds: readonly number[]) => sql`${sql.val(channelIds)}::int[]`;
const start = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE 'UTC'`;
const isoDay = (value: unknown) => (value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10));

export async function activeSubscribers(db: Db, channelIds: readonly number[], period: Period): Promise<ActiveSubscribersResponse> {
  const before = await sql<{ active: string | null }>`
    SELECT sum(net) AS active FROM subscriber_days
    WHERE channel_id = ANY(${ids(channelIds)}) AND day < ${period.from}::date`.execute(db);
  const days = await sql<{ day: Date; subscribed: string; unsubscribed: string; bounced: string; net: string }>`
    WITH per_day AS (
      SELECT day, sum(subscribed) AS subscribed, sum(unsubscribed) AS unsubscribed, sum(bounced) AS bounced, sum(net) AS net
      FROM subscriber_days
      WHERE channel_id = ANY(${ids(channelIds)}) AND day >= ${period.from}::date AND day <= ${period.to}::date
      GROUP BY day
    )
    SELECT d.day::date AS day, coalesce(p.subscribed, 0) AS subscribed, coalesce(p.unsubscribed, 0) AS unsubscribed,
      coalesce(p.bounced, 0) AS bounced, coalesce(p.net, 0) AS net
    FROM generate_series(${period.from}::date, ${period.to}::date, interval '1 day') AS d(day)
    LEFT JOIN per_day p ON p.day = d.day::date
    ORDER BY d.day`.execute(db);
  let active = Number(before.rows[0]?.active ?? 0);
  const totals = { active, subscribed: 0, unsubscribed: 0, bounced: 0, netGrowth: 0 };
  const items = days.rows.map((row) => {
    const netGrowth = Number(row.net);
    active += netGrowth;
    const item = {
      day: isoDay(row.day),
      active,
      subscribed: Number(row.subscribed),
      unsubscribed: Number(row.unsubscribed),
      bounced: Number(row.bounced),
      netGrowth,
    };
    totals.subscribed += item.subscribed;
    totals.unsubscribed += item.unsubscribed;
    totals.bounced += item.bounced;
    totals.netGrowth += netGrowth;
    return item;
  });
  totals.active = active;
  return { items, totals };
}

interface LetterPageOptions {
  period?: Period;
  direction: 'asc' | 'desc';
  page: number;
  /** Whose clicks count: people's (the default) or every click. */
  activity?: Activity;
}

interface CountRow {
  sent: number | string | null;
  accepted: number | string | null;
  delivered: number | string | null;
  opens: number | string | null;
  opensConfirmed: number | string | null;
  clicks: number | string | null;
}

function countsOf(row: CountRow | undefined): DashboardLetterCounts {
  const n = (value: number | string | null | undefined) => Number(value ?? 0);
  const counts = {
    sent: n(row?.sent),
    accepted: n(row?.accepted),
    delivered: n(row?.delivered),
    opens: n(row?.opens),
    opensConfirmed: n(row?.opensConfirmed),
    clicks: n(row?.clicks),
  };
  return { ...counts, ...dashboardRates(counts) };
}

/** The sent letters of the channels (in the period, if one), a page by send date, and their totals. */
export async function lettersPage(db: Db, channelIds: readonly number[], options: LetterPageOptions): Promise<DashboardLettersResponse> {
  const inPeriod = options.period
    ? sql`AND c.first_sent_at >= ${start(options.period.from)}
          AND c.first_sent_at < (${options.period.to}::date + 1)::timestamp AT TIME ZONE 'UTC'`
    : sql``;
  const scope = sql`
    FROM letter_report_counters c
    JOIN letters l ON l.id = c.letter_id
    JOIN channels ch ON ch.id = l.channel_id
    JOIN organizations o ON o.id = ch.organization_id
    WHERE l.channel_id = ANY(${ids(channelIds)}) AND c.first_sent_at IS NOT NULL ${inPeriod}`;
  const order = options.direction === 'asc' ? sql`ASC` : sql`DESC`;
  const clicked = options.activity === 'all' ? sql.raw('c.clicked_all') : sql.raw('c.clicked');
  const [totals, rows] = await Promise.all([
    sql<CountRow & { letters: string }>`
      SELECT count(*) AS letters, sum(c.accepted + c.refused) AS sent, sum(c.accepted) AS accepted,
        sum(c.accepted - c.bounced_back) AS delivered, sum(c.opened) AS opens, sum(c.opened_confirmed) AS opens_confirmed,
        sum(${clicked}) AS clicks ${scope}`.execute(db),
    sql<{
      id: number;
      uniqueId: string;
      title: string;
      channelSlug: string;
      organizationSlug: string;
      sentAt: Date;
    } & CountRow>`
      SELECT l.id, l.unique_id, l.title, ch.slug AS channel_slug, o.slug AS organization_slug, c.first_sent_at AS sent_at,
        c.accepted + c.refused AS sent, c.accepted, c.accepted - c.bounced_back AS delivered, c.opened AS opens,
        c.opened_confirmed AS opens_confirmed, ${clicked} AS clicks
      ${scope}
      ORDER BY c.first_sent_at ${order}, l.id ${order}
      LIMIT ${DASHBOARD_LETTERS_PAGE_SIZE} OFFSET ${(options.page - 1) * DASHBOARD_LETTERS_PAGE_SIZE}`.execute(db),
  ]);
  const total = totals.rows[0];
  const items: DashboardLetter[] = rows.rows.map((row) => ({
    id: row.id,
    uniqueId: row.uniqueId,
    title: row.title,
    channelSlug: row.channelSlug,
    organizationSlug: row.organizationSlug,
    sentAt: new Date(row.sentAt).toISOString(),
    ...countsOf(row),
  }));
  return {
    items,
    page: options.page,
    pageSize: DASHBOARD_LETTERS_PAGE_SIZE,
    total: Number(total?.letters ?? 0),
    totals: countsOf(total),
  };
}

/** Opens and clicks per UTC day of the period, over the channels' letters (days without any included). */
export async function audienceDays(db: Db, channelIds: readonly number[], period: Period, activity: Activity = 'people'): Promise<AudienceDay[]> {
  const clicks = activity === 'all' ? sql.raw('h.clicks_all') : sql.raw('h.clicks');
  const uniqueClicks = activity === 'all' ? sql.raw('h.unique_clicks_all') : sql.raw('h.unique_clicks');
  const result = await sql<{ day: Date; opens: string; clicks: string; uniqueOpens: string; uniqueClicks: string }>`
    WITH per_day AS (
      SELECT date_trunc('day', h.hour AT TIME ZONE 'UTC')::date AS day,
        sum(h.opens) AS opens, sum(${clicks}) AS clicks, sum(h.unique_opens) AS unique_opens, sum(${uniqueClicks}) AS unique_clicks
      FROM letter_report_hours h
      JOIN letters l ON l.id = h.letter_id
      WHERE l.channel_id = ANY(${ids(channelIds)})
        AND h.hour >= ${start(period.from)} AND h.hour < (${period.to}::date + 1)::timestamp AT TIME ZONE 'UTC'
      GROUP BY 1
    )
    SELECT d.day::date AS day, coalesce(p.opens, 0) AS opens, coalesce(p.clicks, 0) AS clicks,
      coalesce(p.unique_opens, 0) AS unique_opens, coalesce(p.unique_clicks, 0) AS unique_clicks
    FROM generate_series(${period.from}::date, ${period.to}::date, interval '1 day') AS d(day)
    LEFT JOIN per_day p ON p.day = d.day::date
    ORDER BY d.day`.execute(db);
  return result.rows.map((row) => ({
    day: isoDay(row.day),
    opens: Number(row.opens),
    clicks: Number(row.clicks),
    uniqueOpens: Number(row.uniqueOpens),
    uniqueClicks: Number(row.uniqueClicks),
  }));
}
