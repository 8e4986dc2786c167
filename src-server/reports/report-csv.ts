import { sql } from 'kysely';
import type { RawBuilder } from 'kysely';
import type { ReportCsvQuery, ReportCsvType, UserActivityQuery } from '../../shared/contract/platform-reports';
import { UNKNOWN_COUNTRY } from '../../shared/contract/platform-reports';
import type { Db } from '../db/database';
import { CSV_BOM, csvRecord } from './csv-format';
import type { CsvValue } from './csv-format';
import { activityFilter, activitySearch, countryName } from './report-queries';

// The report's CSV downloads (spec 1 §7 .../metrics/download/csv/{type} with from and to,
// and user-activity/download/csv). Streamed: rows are read a batch at a time in key order
// (keyset paging, one short query per batch, no connection held between them), so a
// letter sent to a million readers downloads in constant memory. Times are written on the
// channel's clock, and from/to are days on that clock.

const BATCH = 5_000;

export interface CsvDownload {
  filename: string;
  /** The file, a piece at a time: the header first, then a batch of records per piece. */
  body: AsyncIterable<string>;
}

interface Scope {
  letterId: number;
  channelId: number;
  channelSlug: string;
  timezone: string;
}

/** An instant on the channel's clock, as spreadsheets read dates. */
const onClock = (column: string, timezone: string) =>
  sql`to_char(${sql.ref(column)} AT TIME ZONE ${timezone}, 'YYYY-MM-DD HH24:MI:SS')`;

/** from/to as days on the channel's clock, inclusive. */
function within(column: RawBuilder<unknown>, range: ReportCsvQuery, timezone: string): RawBuilder<unknown> {
  const from = range.from ? sql`${column} >= (${range.from}::date::timestamp AT TIME ZONE ${timezone})` : sql`true`;
  const to = range.to ? sql`${column} < ((${range.to}::date + 1)::timestamp AT TIME ZONE ${timezone})` : sql`true`;
  return sql`${from} AND ${to}`;
}

const country = (code: string | null) => (code ? countryName(code) : UNKNOWN_COUNTRY);

/** Reads batches after a key until one comes back short, and writes each as CSV records. */
async function* keyset<Row extends { key: string | number }>(
  header: readonly string[],
  batch: (after: string | number) => Promise<Row[]>,
  cells: (row: Row) => CsvValue[],
  start: string | number = 0,
): AsyncGenerator<string> {
  yield CSV_BOM + csvRecord(header);
  let after = start;
  for (;;) {
    const rows = await batch(after);
    if (rows.length > 0) yield rows.map((row) => csvRecord(cells(row))).join('');
    if (rows.length < BATCH) return;
    after = rows[rows.length - 1]!.key;
  }
}

interface RecipientRow {
  key: number;
  email: string;
  firstName: string;
  lastName: string;
  variant: string | null;
  status: string;
  sentAt: string | null;
  firstOpenedAt: string | null;
  opens: number;
  lastClickedAt: string | null;
  clicks: number;
  bounced: boolean;
  unsubscribed: boolean;
  openCountry: string | null;
}

function recipients(db: Db, scope: Scope, where: RawBuilder<unknown>): AsyncGenerator<string> {
  const tz = scope.timezone;
  return keyset<RecipientRow>(
    ['Email', 'First name', 'Last name', 'Variant', 'Status', `Sent at (${tz})`, `First opened at (${tz})`, 'Opens', `Last clicked at (${tz})`, 'Clicks', 'Bounced', 'Unsubscribed', 'Country of first open'],
    async (after) =>
      (
        await sql<RecipientRow>`
          SELECT r.subscriber_id AS key, r.email, s.first_name, s.last_name, r.variant, r.status,
            ${onClock('r.sent_at', tz)} AS sent_at, ${onClock('r.first_opened_at', tz)} AS first_opened_at, r.opens,
            ${onClock('r.last_clicked_at', tz)} AS last_clicked_at, r.clicks,
            (r.status = 'refused' OR r.bounced_at IS NOT NULL) AS bounced, r.unsubscribed_at IS NOT NULL AS unsubscribed, r.open_country
          FROM letter_recipients r JOIN subscribers s ON s.id = r.subscriber_id
          WHERE r.letter_id = ${scope.letterId} AND r.subscriber_id > ${after} AND ${where}
          ORDER BY r.subscriber_id LIMIT ${BATCH}`.execute(db)
      ).rows,
    (row) => [
      row.email, row.firstName, row.lastName, row.variant, row.status, row.sentAt, row.firstOpenedAt, row.opens,
      row.lastClickedAt, row.clicks, row.bounced, row.unsubscribed, row.firstOpenedAt ? country(row.openCountry) : null,
    ],
  );
}

interface OpenRow {
  key: string;
  email: string;
  openedAt: string;
  confirmed: boolean;
  country: string | null;
  userAgent: string;
}

function opens(db: Db, scope: Scope, range: ReportCsvQuery): AsyncGenerator<string> {
  const tz = scope.timezone;
  return keyset<OpenRow>(
    ['Email', `Opened at (${tz})`, 'Confirmed', 'Country', 'User agent'],
    async (after) =>
      (
        await sql<OpenRow>`
          SELECT o.id AS key, r.email, ${onClock('o.opened_at', tz)} AS opened_at, o.confirmed, o.country, o.user_agent
          FROM recipient_opens o
          JOIN letter_recipients r ON r.letter_id = o.letter_id AND r.subscriber_id = o.subscriber_id
          WHERE o.letter_id = ${scope.letterId} AND o.id > ${after}::bigint AND ${within(sql.ref('o.opened_at'), range, tz)}
          ORDER BY o.id LIMIT ${BATCH}`.execute(db)
      ).rows,
    (row) => [row.email, row.openedAt, row.confirmed, country(row.country), row.userAgent],
  );
}

interface ClickRow {
  key: string;
  email: string;
  url: string;
  clickedAt: string;
}

function clicks(db: Db, scope: Scope, range: ReportCsvQuery): AsyncGenerator<string> {
  const tz = scope.timezone;
  return keyset<ClickRow>(
    ['Email', 'URL', `Clicked at (${tz})`],
    async (after) =>
      (
        await sql<ClickRow>`
          SELECT c.id AS key, r.email, l.url, ${onClock('c.clicked_at', tz)} AS clicked_at
          FROM recipient_clicks c
          JOIN letter_recipients r ON r.letter_id = c.letter_id AND r.subscriber_id = c.subscriber_id
          JOIN letter_links l ON l.letter_id = c.letter_id AND l.position = c.position
          WHERE c.letter_id = ${scope.letterId} AND c.id > ${after}::bigint AND ${within(sql.ref('c.clicked_at'), range, tz)}
          ORDER BY c.id LIMIT ${BATCH}`.execute(db)
      ).rows,
    (row) => [row.email, row.url, row.clickedAt],
  );
}

interface BounceRow {
  key: number;
  email: string;
  bouncedAt: string;
  refused: boolean;
  reason: string | null;
}

// A refusal at send has no time of its own: it is dated by the send's attempt (sent_at when
// the send loop wrote one, else when the send took the audience).
const bounceTime = sql`coalesce(r.bounced_at, r.sent_at, r.created_at)`;

function bounces(db: Db, scope: Scope, range: ReportCsvQuery): AsyncGenerator<string> {
  const tz = scope.timezone;
  return keyset<BounceRow>(
    ['Email', `Bounced at (${tz})`, 'Kind', 'Reason'],
    async (after) =>
      (
        await sql<BounceRow>`
          SELECT r.subscriber_id AS key, r.email,
            to_char(${bounceTime} AT TIME ZONE ${tz}, 'YYYY-MM-DD HH24:MI:SS') AS bounced_at,
            r.status = 'refused' AS refused, r.error AS reason
          FROM letter_recipients r
          WHERE r.letter_id = ${scope.letterId} AND r.subscriber_id > ${after}
            AND (r.status = 'refused' OR r.bounced_at IS NOT NULL) AND ${within(bounceTime, range, tz)}
          ORDER BY r.subscriber_id LIMIT ${BATCH}`.execute(db)
      ).rows,
    (row) => [row.email, row.bouncedAt, row.refused ? 'Refused at send' : 'Bounced back', row.reason],
  );
}

interface UnsubscribeRow {
  key: number;
  email: string;
  unsubscribedAt: string;
}

function unsubscribes(db: Db, scope: Scope, range: ReportCsvQuery): AsyncGenerator<string> {
  const tz = scope.timezone;
  return keyset<UnsubscribeRow>(
    ['Email', `Unsubscribed at (${tz})`],
    async (after) =>
      (
        await sql<UnsubscribeRow>`
          SELECT r.subscriber_id AS key, r.email, ${onClock('r.unsubscribed_at', tz)} AS unsubscribed_at
          FROM letter_recipients r
          WHERE r.letter_id = ${scope.letterId} AND r.subscriber_id > ${after}
            AND r.unsubscribed_at IS NOT NULL AND ${within(sql.ref('r.unsubscribed_at'), range, tz)}
          ORDER BY r.subscriber_id LIMIT ${BATCH}`.execute(db)
      ).rows,
    (row) => [row.email, row.unsubscribedAt],
  );
}

function filename(scope: Scope, what: string, range: ReportCsvQuery = {}): string {
  const days = range.from || range.to ? `-${range.from ?? 'start'}-to-${range.to ?? 'now'}` : '';
  const slug = scope.channelSlug.replace(/[^A-Za-z0-9_-]/g, '_');
  return `${slug}-letter-${scope.letterId}-${what}${days}.csv`;
}

/** One of the report's CSVs. `recipients` is everyone the send was for, so from/to do not narrow it. */
export function reportCsv(db: Db, scope: Scope, type: ReportCsvType, range: ReportCsvQuery): CsvDownload {
  switch (type) {
    case 'recipients':
      return { filename: filename(scope, type), body: recipients(db, scope, sql`true`) };
    case 'opens':
      return { filename: filename(scope, type, range), body: opens(db, scope, range) };
    case 'clicks':
      return { filename: filename(scope, type, range), body: clicks(db, scope, range) };
    case 'bounces':
      return { filename: filename(scope, type, range), body: bounces(db, scope, range) };
    case 'unsubscribes':
      return { filename: filename(scope, type, range), body: unsubscribes(db, scope, range) };
  }
}

/** User activity as a CSV: every recipient the filter and search keep, not one page. */
export function userActivityCsv(db: Db, scope: Scope, query: Pick<UserActivityQuery, 'filter' | 'search'>): CsvDownload {
  const where = sql`${activityFilter(query.filter)} AND ${activitySearch(query.search, scope.channelId)}`;
  return { filename: filename(scope, 'user-activity'), body: recipients(db, scope, where) };
}
