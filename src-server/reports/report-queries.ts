import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type {
  CountryOpens,
  EditionReport,
  HourPerformanceRow,
  RecipientActivity,
  TopLinksResponse,
  UserActivityFilter,
  UserActivityQuery,
  UserActivityResponse,
} from '../../shared/contract/platform-reports';
import type { Activity } from '../../shared/contract/platform-metrics';
import { LEGACY_CLICKS_BEFORE, UNKNOWN_COUNTRY } from '../../shared/contract/platform-reports';
import { AbTestMetricsSchema } from '../../shared/model/letter';
import type { Db } from '../db/database';
import type { ChannelRow } from '../db/schema';
import type { LetterRecord } from '../letters/letter-records';
import { clickLinks, editionMetrics } from '../tracking/edition-metrics';

// An edition's report (spec 1 §2 "Edition metrics page", §7), each part answered from the
// rollups of migration 0012: counters and hour and country rows of the letter, its links'
// counters, and user activity paged through an index in its own order. None of them reads
// a letter's events, so the time of each is the same for ten readers or a million.

/** Hours shown at most, from the first send on (contract: 14 days). */
const MAX_HOURS = 14 * 24;

const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });

export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/** The public letter page ({host}/{channelSlug}/{letterId}); a private letter has none. */
export function publicLetterUrl(publicUrl: string, letter: Pick<LetterRecord, 'id' | 'private' | 'channelSlug'>): string | null {
  if (letter.private) return null;
  return `${publicUrl.replace(/\/+$/, '')}/${encodeURIComponent(letter.channelSlug)}/${letter.id}`;
}

export async function editionReport(
  db: Db,
  letter: LetterRecord,
  channel: ChannelRow,
  publicUrl: string,
  activity: Activity = 'people',
): Promise<EditionReport> {
  const [metrics, counters] = await Promise.all([
    editionMetrics(db, letter.id, activity),
    db.selectFrom('letterReportCounters').select('firstSentAt').where('letterId', '=', letter.id).executeTakeFirst(),
  ]);
  // Stored by the A/B send as it goes; anything else stored there is not the A/B results.
  const abTest = letter.hasAbTest ? AbTestMetricsSchema.safeParse(letter.abTestMetrics) : null;
  return {
    metrics,
    abTestMetrics: abTest?.success ? abTest.data : null,
    letter: {
      id: letter.id,
      uniqueId: letter.uniqueId,
      title: letter.title,
      subjectB: letter.subjectB,
      hasAbTest: letter.hasAbTest,
      publicationStatus: letter.publicationStatus,
      sentAt: counters?.firstSentAt ? counters.firstSentAt.toISOString() : null,
      esp: letter.esp,
      publicUrl: publicLetterUrl(publicUrl, letter),
      timezone: channel.timezone,
    },
  };
}

/** Clicks count people's only, or every click with activity 'all'; opens are the same either way. */
export async function hourPerformance(db: Db, letterId: number, activity: Activity = 'people'): Promise<HourPerformanceRow[]> {
  const clicks = activity === 'all' ? sql.raw('clicks_all') : sql.raw('clicks');
  const uniqueClicks = activity === 'all' ? sql.raw('unique_clicks_all') : sql.raw('unique_clicks');
  const { rows } = await sql<{ hour: Date; opens: number; clicks: number; uniqueOpens: number; uniqueClicks: number }>`
    WITH span AS (
      SELECT date_trunc('hour', c.first_sent_at) AS start,
        (SELECT max(hour) FROM letter_report_hours WHERE letter_id = ${letterId}) AS stop
      FROM letter_report_counters c WHERE c.letter_id = ${letterId} AND c.first_sent_at IS NOT NULL
    )
    SELECT g.hour, coalesce(h.opens, 0) AS opens, coalesce(h.${clicks}, 0) AS clicks,
      coalesce(h.unique_opens, 0) AS unique_opens, coalesce(h.${uniqueClicks}, 0) AS unique_clicks
    FROM span,
      generate_series(span.start, least(greatest(span.stop, span.start), span.start + ${MAX_HOURS - 1} * interval '1 hour'), interval '1 hour') AS g(hour)
    LEFT JOIN letter_report_hours h ON h.letter_id = ${letterId} AND h.hour = g.hour
    ORDER BY g.hour`.execute(db);
  return rows.map((row) => ({
    hour: row.hour.toISOString(),
    opens: Number(row.opens),
    clicks: Number(row.clicks),
    uniqueOpens: Number(row.uniqueOpens),
    uniqueClicks: Number(row.uniqueClicks),
  }));
}

export async function opensByCountry(db: Db, letterId: number): Promise<CountryOpens[]> {
  const rows = await db
    .selectFrom('letterReportCountries')
    .select(['countryCode', 'readers'])
    .where('letterId', '=', letterId)
    .where('readers', '>', 0)
    .execute();
  return rows
    .map((row) =>
      row.countryCode === ''
        ? { countryCode: null, country: UNKNOWN_COUNTRY, readers: row.readers }
        : { countryCode: row.countryCode, country: countryName(row.countryCode), readers: row.readers },
    )
    .sort((a, b) => b.readers - a.readers || a.country.localeCompare(b.country));
}

/** The day a letter went out, on its own clock ('YYYY-MM-DD'), or null when it has none. */
function publicationDay(letter: Pick<LetterRecord, 'publicationDate' | 'publicationAt'>): string | null {
  if (letter.publicationDate) return String(letter.publicationDate).slice(0, 10);
  return letter.publicationAt ? new Date(letter.publicationAt).toISOString().slice(0, 10) : null;
}

/** Letters published before LEGACY_CLICKS_BEFORE answer their links in the legacy shape (spec 1 §9). */
export function usesLegacyClicks(letter: Pick<LetterRecord, 'publicationDate' | 'publicationAt'>): boolean {
  const day = publicationDay(letter);
  return day !== null && day < LEGACY_CLICKS_BEFORE;
}

export async function topLinks(db: Db, letter: LetterRecord, activity: Activity = 'people'): Promise<TopLinksResponse> {
  const links = await clickLinks(db, letter.id, activity);
  if (!usesLegacyClicks(letter)) return { legacy: false, items: links };
  const items = links.map((link) => ({ url: link.url, clicks: link.total }));
  items.sort((a, b) => b.clicks - a.clicks || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
  return { legacy: true, items };
}

/**
 * Which recipients a user activity filter keeps. Written out literally (never as
 * parameters) so the planner can match the partial indexes of migration 0012.
 */
export function activityFilter(filter: UserActivityFilter): RawBuilder<unknown> {
  switch (filter) {
    case 'all':
      return sql.raw('true');
    case 'opened':
      return sql.raw('r.first_opened_at IS NOT NULL');
    case 'clicked':
      return sql.raw('r.first_clicked_at IS NOT NULL');
    case 'not-opened':
      return sql.raw(`r.status = 'sent' AND r.first_opened_at IS NULL`);
    case 'bounced':
      return sql.raw(`(r.status = 'refused' OR r.bounced_at IS NOT NULL)`);
    case 'unsubscribed':
      return sql.raw('r.unsubscribed_at IS NOT NULL');
  }
}

/**
 * Recipients whose address or name holds the text, case-insensitive; everyone for ''.
 * One expression over the subscriber's address and names, the one the trigram index of
 * migration 0012 is built on, so a search finds its few subscribers without reading all.
 */
export function activitySearch(search: string, channelId: number): RawBuilder<unknown> {
  if (search === '') return sql`true`;
  const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`r.subscriber_id IN (
    SELECT s.id FROM subscribers s
    WHERE (s.email || ' ' || s.first_name || ' ' || s.last_name) ILIKE ${pattern} AND s.channel_id = ${channelId}
  )`;
}

/** How many recipients a filter keeps, from the counters (no search) or by counting (search). */
async function activityTotal(db: Db, letter: ActivityScope, query: UserActivityQuery): Promise<number> {
  const letterId = letter.letterId;
  if (query.search !== '') {
    const { rows } = await sql<{ total: string }>`
      SELECT count(*) AS total FROM letter_recipients r
      WHERE r.letter_id = ${letterId} AND ${activityFilter(query.filter)} AND ${activitySearch(query.search, letter.channelId)}`.execute(db);
    return Number(rows[0]?.total ?? 0);
  }
  const c = await db.selectFrom('letterReportCounters').selectAll().where('letterId', '=', letterId).executeTakeFirst();
  if (!c) return 0;
  switch (query.filter) {
    case 'all':
      return c.recipients;
    case 'opened':
      return c.opened;
    case 'clicked':
      return c.clicked;
    // Opens come only from accepted recipients.
    case 'not-opened':
      return c.accepted - c.opened;
    case 'bounced':
      return c.refused + c.bouncedBack;
    case 'unsubscribed':
      return c.unsubscribed;
  }
}

interface ActivityRow {
  email: string;
  firstName: string;
  lastName: string;
  variant: 'A' | 'B' | null;
  sentAt: Date | null;
  firstOpenedAt: Date | null;
  lastClickedAt: Date | null;
  opens: number;
  clicks: number;
  bounced: boolean;
  unsubscribed: boolean;
}

const iso = (at: Date | null) => (at ? at.toISOString() : null);

function toActivity(row: ActivityRow): RecipientActivity {
  return {
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    variant: row.variant,
    sentAt: iso(row.sentAt),
    firstOpenedAt: iso(row.firstOpenedAt),
    lastClickedAt: iso(row.lastClickedAt),
    opens: row.opens,
    clicks: row.clicks,
    bounced: row.bounced,
    unsubscribed: row.unsubscribed,
  };
}

/** Which letter's activity, and its channel (whose subscribers a search reads). */
export interface ActivityScope {
  letterId: number;
  channelId: number;
}

/**
 * Most recent activity first (last click, else first open, else sent), then by email: the
 * order of the activity indexes. The page is found in the index first (its subscriber ids
 * only), then just its rows are read.
 */
export async function userActivity(db: Db, letter: ActivityScope, query: UserActivityQuery): Promise<UserActivityResponse> {
  const { letterId } = letter;
  const order = sql`r.last_activity_at DESC NULLS LAST, r.email`;
  const [page, total] = await Promise.all([
    sql<ActivityRow>`
      WITH page AS (
        SELECT r.subscriber_id, row_number() OVER (ORDER BY ${order}) AS n
        FROM (
          SELECT r.subscriber_id, r.last_activity_at, r.email FROM letter_recipients r
          WHERE r.letter_id = ${letterId} AND ${activityFilter(query.filter)} AND ${activitySearch(query.search, letter.channelId)}
          ORDER BY ${order}
          LIMIT ${query.pageSize} OFFSET ${(query.page - 1) * query.pageSize}
        ) r
      )
      SELECT r.email, s.first_name, s.last_name, r.variant, r.sent_at, r.first_opened_at, r.last_clicked_at, r.opens, r.clicks,
        (r.status = 'refused' OR r.bounced_at IS NOT NULL) AS bounced, r.unsubscribed_at IS NOT NULL AS unsubscribed
      FROM page
      JOIN letter_recipients r ON r.letter_id = ${letterId} AND r.subscriber_id = page.subscriber_id
      JOIN subscribers s ON s.id = r.subscriber_id
      ORDER BY page.n`.execute(db),
    activityTotal(db, letter, query),
  ]);
  return { items: page.rows.map(toActivity), page: query.page, pageSize: query.pageSize, total };
}
