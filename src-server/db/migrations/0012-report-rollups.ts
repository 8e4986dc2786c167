import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Report rollups (reports/, tracking/tracking-records.ts): an edition's report answers from
// counters kept as events are written, never from a scan of its events, so a letter sent to
// a million readers reports as fast as one sent to ten.
//
// Two rules decide who keeps what:
// - What a recipient row says (its status, bounced_at, unsubscribed_at and the rollup
//   columns added here) is counted by statement-level triggers on letter_recipients with
//   transition tables: every statement adds its new rows and takes away its old ones, so
//   a single-row update, the send loop's batch update and a bulk backfill are all right,
//   whoever writes them (the send loop, bounces, unsubscribes, the tracking writers).
// - What an event says (which hour it fell in, which link) is counted by its writer in
//   tracking-records.ts, in the transaction that writes the event.
//
// letter_recipients gets each reader's own rollup: opens, first (confirmed) open, the
// country of the first open's address (ISO code, null when unknown; the address itself is
// never stored), clicks, first and last click, and last_activity_at for user activity's
// order. recipient_opens gets the country of each open's address, for the opens CSV.
// bounced_at and unsubscribed_at are the bounces change's columns (migration 0011): either
// may run first.

const rollupColumns = [
  `ALTER TABLE letter_recipients ADD COLUMN IF NOT EXISTS bounced_at timestamptz NULL`,
  `ALTER TABLE letter_recipients ADD COLUMN IF NOT EXISTS unsubscribed_at timestamptz NULL`,
  `ALTER TABLE letter_recipients
    ADD COLUMN opens integer NOT NULL DEFAULT 0,
    ADD COLUMN first_opened_at timestamptz,
    ADD COLUMN first_confirmed_open_at timestamptz,
    ADD COLUMN open_country text,
    ADD COLUMN clicks integer NOT NULL DEFAULT 0,
    ADD COLUMN first_clicked_at timestamptz,
    ADD COLUMN last_clicked_at timestamptz,
    ADD COLUMN last_activity_at timestamptz GENERATED ALWAYS AS (coalesce(last_clicked_at, first_opened_at, sent_at)) STORED`,
  `ALTER TABLE recipient_opens ADD COLUMN country text`,
  `ALTER TABLE letter_links ADD COLUMN uniques integer NOT NULL DEFAULT 0, ADD COLUMN total integer NOT NULL DEFAULT 0`,
];

const rollupTables = [
  `CREATE TABLE letter_report_counters (
    letter_id integer PRIMARY KEY REFERENCES letters (id) ON DELETE CASCADE,
    recipients integer NOT NULL DEFAULT 0,
    accepted integer NOT NULL DEFAULT 0,
    refused integer NOT NULL DEFAULT 0,
    bounced_back integer NOT NULL DEFAULT 0,
    opened integer NOT NULL DEFAULT 0,
    opened_confirmed integer NOT NULL DEFAULT 0,
    clicked integer NOT NULL DEFAULT 0,
    unsubscribed integer NOT NULL DEFAULT 0,
    first_sent_at timestamptz
  )`,
  // Events per hour (kept by the writers) and readers whose first open / click fell in it (the trigger).
  `CREATE TABLE letter_report_hours (
    letter_id integer NOT NULL REFERENCES letters (id) ON DELETE CASCADE,
    hour timestamptz NOT NULL,
    opens integer NOT NULL DEFAULT 0,
    clicks integer NOT NULL DEFAULT 0,
    unique_opens integer NOT NULL DEFAULT 0,
    unique_clicks integer NOT NULL DEFAULT 0,
    PRIMARY KEY (letter_id, hour)
  )`,
  // '' stands for no country (a key cannot be null).
  `CREATE TABLE letter_report_countries (
    letter_id integer NOT NULL REFERENCES letters (id) ON DELETE CASCADE,
    country_code text NOT NULL,
    readers integer NOT NULL DEFAULT 0,
    PRIMARY KEY (letter_id, country_code)
  )`,
  // User activity pages through these in its own order instead of sorting a letter's
  // readers per request: one per filter (partial), each carrying the subscriber id so a
  // page is found in the index alone and only its rows are read.
  ...Object.entries({
    all: '',
    opened: 'WHERE first_opened_at IS NOT NULL',
    clicked: 'WHERE first_clicked_at IS NOT NULL',
    not_opened: `WHERE status = 'sent' AND first_opened_at IS NULL`,
    bounced: `WHERE status = 'refused' OR bounced_at IS NOT NULL`,
    unsubscribed: 'WHERE unsubscribed_at IS NOT NULL',
  }).map(
    ([name, where]) =>
      `CREATE INDEX letter_recipients_activity_${name} ON letter_recipients
        (letter_id, last_activity_at DESC NULLS LAST, email) INCLUDE (subscriber_id) ${where}`,
  ),
  // User activity's search (part of an address or name) by trigrams, where the database
  // has pg_trgm (a trusted extension, in the embedded PostgreSQL too); without it the
  // search reads the channel's subscribers.
  `DO $$ BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm is not available: user activity search reads every subscriber';
  END $$`,
  `DO $$ BEGIN
    IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
      CREATE INDEX subscribers_search ON subscribers USING gin ((email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
    END IF;
  END $$`,
  // The opens and clicks CSVs read a letter's events in order, a batch at a time.
  `CREATE INDEX recipient_opens_by_letter ON recipient_opens (letter_id, id)`,
  `CREATE INDEX recipient_clicks_by_letter ON recipient_clicks (letter_id, id)`,
];

/**
 * The counters of a set of recipient rows, signed: +1 per new row, -1 per old row, so that
 * (new rows) − (old rows) of one statement is the change it made.
 */
const signedRows = `
  SELECT 1 AS sign, * FROM new_rows
  UNION ALL
  SELECT -1 AS sign, * FROM old_rows`;

const applyRecipientChanges = `
  INSERT INTO letter_report_counters AS c
    (letter_id, recipients, accepted, refused, bounced_back, opened, opened_confirmed, clicked, unsubscribed, first_sent_at)
  SELECT * FROM (
    SELECT letter_id,
      sum(sign) AS recipients,
      coalesce(sum(sign) FILTER (WHERE status = 'sent'), 0) AS accepted,
      coalesce(sum(sign) FILTER (WHERE status = 'refused'), 0) AS refused,
      coalesce(sum(sign) FILTER (WHERE status = 'sent' AND bounced_at IS NOT NULL), 0) AS bounced_back,
      coalesce(sum(sign) FILTER (WHERE first_opened_at IS NOT NULL), 0) AS opened,
      coalesce(sum(sign) FILTER (WHERE first_confirmed_open_at IS NOT NULL), 0) AS opened_confirmed,
      coalesce(sum(sign) FILTER (WHERE first_clicked_at IS NOT NULL), 0) AS clicked,
      coalesce(sum(sign) FILTER (WHERE unsubscribed_at IS NOT NULL), 0) AS unsubscribed,
      min(sent_at) FILTER (WHERE sign = 1) AS first_sent_at
    FROM (${signedRows}) d
    GROUP BY letter_id
  ) change
  -- A second open or click changes no count: leave the letter's row (and its lock) alone.
  WHERE recipients <> 0 OR accepted <> 0 OR refused <> 0 OR bounced_back <> 0 OR opened <> 0
    OR opened_confirmed <> 0 OR clicked <> 0 OR unsubscribed <> 0
  ON CONFLICT (letter_id) DO UPDATE SET
    recipients = c.recipients + excluded.recipients,
    accepted = c.accepted + excluded.accepted,
    refused = c.refused + excluded.refused,
    bounced_back = c.bounced_back + excluded.bounced_back,
    opened = c.opened + excluded.opened,
    opened_confirmed = c.opened_confirmed + excluded.opened_confirmed,
    clicked = c.clicked + excluded.clicked,
    unsubscribed = c.unsubscribed + excluded.unsubscribed,
    first_sent_at = least(c.first_sent_at, excluded.first_sent_at);

  INSERT INTO letter_report_countries AS c (letter_id, country_code, readers)
  SELECT letter_id, coalesce(open_country, ''), sum(sign)
  FROM (${signedRows}) d
  WHERE first_opened_at IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ON CONFLICT (letter_id, country_code) DO UPDATE SET readers = c.readers + excluded.readers;

  INSERT INTO letter_report_hours AS h (letter_id, hour, unique_opens, unique_clicks)
  SELECT letter_id, hour, sum(opened), sum(clicked) FROM (
    SELECT letter_id, date_trunc('hour', first_opened_at) AS hour, sign AS opened, 0 AS clicked
    FROM (${signedRows}) d WHERE first_opened_at IS NOT NULL
    UNION ALL
    SELECT letter_id, date_trunc('hour', first_clicked_at), 0, sign
    FROM (${signedRows}) d WHERE first_clicked_at IS NOT NULL
  ) changes
  GROUP BY 1, 2
  HAVING sum(opened) <> 0 OR sum(clicked) <> 0
  ON CONFLICT (letter_id, hour) DO UPDATE SET
    unique_opens = h.unique_opens + excluded.unique_opens,
    unique_clicks = h.unique_clicks + excluded.unique_clicks;`;

/** One trigger function per statement kind: an INSERT has no old rows, a DELETE no new ones. */
function triggerFunction(name: string, newRows: string, oldRows: string): string {
  const body = applyRecipientChanges.replaceAll('new_rows', newRows).replaceAll('old_rows', oldRows);
  return `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${body}
      RETURN NULL;
    END $$`;
}

// An empty set of rows shaped like letter_recipients, for the side a statement has not got.
const NONE = '(SELECT * FROM letter_recipients WHERE false) AS no_rows';

const triggers = [
  triggerFunction('letter_recipients_count_inserted', 'inserted', NONE),
  triggerFunction('letter_recipients_count_updated', 'updated', 'previous'),
  triggerFunction('letter_recipients_count_deleted', NONE, 'deleted'),
  `CREATE TRIGGER letter_recipients_counters_insert AFTER INSERT ON letter_recipients
    REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION letter_recipients_count_inserted()`,
  `CREATE TRIGGER letter_recipients_counters_update AFTER UPDATE ON letter_recipients
    REFERENCING OLD TABLE AS previous NEW TABLE AS updated FOR EACH STATEMENT EXECUTE FUNCTION letter_recipients_count_updated()`,
  `CREATE TRIGGER letter_recipients_counters_delete AFTER DELETE ON letter_recipients
    REFERENCING OLD TABLE AS deleted FOR EACH STATEMENT EXECUTE FUNCTION letter_recipients_count_deleted()`,
];

/** This migration's trigger functions again, over later ones' (a later migration's down). */
export async function restoreCounterTriggers<DB>(db: Kysely<DB>): Promise<void> {
  for (const statement of triggers.filter((text) => text.startsWith('CREATE FUNCTION'))) {
    await sql.raw(statement.replace('CREATE FUNCTION', 'CREATE OR REPLACE FUNCTION')).execute(db);
  }
}

/**
 * Recomputes every rollup of the given letters (all when none) from the rows and events
 * themselves: the migration's backfill, and the benchmark's after seeding events in bulk.
 * Not for a live letter: events written meanwhile could be counted twice or not at all.
 */
export async function rebuildReportRollups<DB>(db: Kysely<DB>, letterIds?: number[]): Promise<void> {
  const only = (column: string) => (letterIds ? sql` AND ${sql.ref(column)} = ANY(${letterIds}::int[])` : sql``);
  await sql`
    UPDATE letter_recipients r SET
      opens = coalesce(o.opens, 0),
      first_opened_at = o.first_opened_at,
      first_confirmed_open_at = o.first_confirmed_open_at,
      open_country = o.country,
      clicks = coalesce(c.clicks, 0),
      first_clicked_at = c.first_clicked_at,
      last_clicked_at = c.last_clicked_at
    FROM letter_recipients x
    LEFT JOIN (
      SELECT letter_id, subscriber_id, count(*)::int AS opens, min(opened_at) AS first_opened_at,
        min(opened_at) FILTER (WHERE confirmed) AS first_confirmed_open_at,
        (array_agg(country ORDER BY opened_at, id))[1] AS country
      FROM recipient_opens WHERE true ${only('letter_id')} GROUP BY 1, 2
    ) o ON o.letter_id = x.letter_id AND o.subscriber_id = x.subscriber_id
    LEFT JOIN (
      SELECT letter_id, subscriber_id, count(*)::int AS clicks, min(clicked_at) AS first_clicked_at, max(clicked_at) AS last_clicked_at
      FROM recipient_clicks WHERE true ${only('letter_id')} GROUP BY 1, 2
    ) c ON c.letter_id = x.letter_id AND c.subscriber_id = x.subscriber_id
    WHERE r.letter_id = x.letter_id AND r.subscriber_id = x.subscriber_id ${only('x.letter_id')}
      AND (o.letter_id IS NOT NULL OR c.letter_id IS NOT NULL OR r.opens <> 0 OR r.clicks <> 0)`.execute(db);

  for (const table of ['letter_report_counters', 'letter_report_hours', 'letter_report_countries']) {
    await sql`DELETE FROM ${sql.table(table)} WHERE true ${only('letter_id')}`.execute(db);
  }
  await sql`
    INSERT INTO letter_report_counters
      (letter_id, recipients, accepted, refused, bounced_back, opened, opened_confirmed, clicked, unsubscribed, first_sent_at)
    SELECT letter_id, count(*),
      count(*) FILTER (WHERE status = 'sent'),
      count(*) FILTER (WHERE status = 'refused'),
      count(*) FILTER (WHERE status = 'sent' AND bounced_at IS NOT NULL),
      count(*) FILTER (WHERE first_opened_at IS NOT NULL),
      count(*) FILTER (WHERE first_confirmed_open_at IS NOT NULL),
      count(*) FILTER (WHERE first_clicked_at IS NOT NULL),
      count(*) FILTER (WHERE unsubscribed_at IS NOT NULL),
      min(sent_at)
    FROM letter_recipients WHERE true ${only('letter_id')} GROUP BY letter_id`.execute(db);
  await sql`
    INSERT INTO letter_report_countries (letter_id, country_code, readers)
    SELECT letter_id, coalesce(open_country, ''), count(*)
    FROM letter_recipients WHERE first_opened_at IS NOT NULL ${only('letter_id')} GROUP BY 1, 2`.execute(db);
  await sql`
    INSERT INTO letter_report_hours (letter_id, hour, opens, clicks, unique_opens, unique_clicks)
    SELECT letter_id, hour, sum(opens), sum(clicks), sum(unique_opens), sum(unique_clicks) FROM (
      SELECT letter_id, date_trunc('hour', opened_at) AS hour, count(*) AS opens, 0 AS clicks, 0 AS unique_opens, 0 AS unique_clicks
      FROM recipient_opens WHERE true ${only('letter_id')} GROUP BY 1, 2
      UNION ALL
      SELECT letter_id, date_trunc('hour', clicked_at), 0, count(*), 0, 0
      FROM recipient_clicks WHERE true ${only('letter_id')} GROUP BY 1, 2
      UNION ALL
      SELECT letter_id, date_trunc('hour', first_opened_at), 0, 0, count(*), 0
      FROM letter_recipients WHERE first_opened_at IS NOT NULL ${only('letter_id')} GROUP BY 1, 2
      UNION ALL
      SELECT letter_id, date_trunc('hour', first_clicked_at), 0, 0, 0, count(*)
      FROM letter_recipients WHERE first_clicked_at IS NOT NULL ${only('letter_id')} GROUP BY 1, 2
    ) parts GROUP BY 1, 2`.execute(db);
  await sql`
    UPDATE letter_links l SET uniques = coalesce(c.uniques, 0), total = coalesce(c.total, 0)
    FROM letter_links x
    LEFT JOIN (
      SELECT letter_id, position, count(DISTINCT subscriber_id)::int AS uniques, count(*)::int AS total
      FROM recipient_clicks WHERE true ${only('letter_id')} GROUP BY 1, 2
    ) c ON c.letter_id = x.letter_id AND c.position = x.position
    WHERE l.letter_id = x.letter_id AND l.position = x.position ${only('x.letter_id')}`.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of rollupColumns) await sql.raw(statement).execute(db);
  for (const statement of rollupTables) await sql.raw(statement).execute(db);
  // Before the triggers: the backfill counts from scratch, the triggers only changes.
  await rebuildReportRollups(db);
  for (const statement of triggers) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const kind of ['insert', 'update', 'delete']) {
    await sql.raw(`DROP TRIGGER IF EXISTS letter_recipients_counters_${kind} ON letter_recipients`).execute(db);
  }
  for (const kind of ['inserted', 'updated', 'deleted']) {
    await sql.raw(`DROP FUNCTION IF EXISTS letter_recipients_count_${kind}()`).execute(db);
  }
  for (const table of ['letter_report_countries', 'letter_report_hours', 'letter_report_counters']) {
    await sql.raw(`DROP TABLE IF EXISTS ${table}`).execute(db);
  }
  await sql.raw('DROP INDEX IF EXISTS recipient_opens_by_letter').execute(db);
  await sql.raw('DROP INDEX IF EXISTS subscribers_search').execute(db);
  await sql.raw('DROP INDEX IF EXISTS recipient_clicks_by_letter').execute(db);
  await sql.raw('ALTER TABLE letter_links DROP COLUMN IF EXISTS uniques, DROP COLUMN IF EXISTS total').execute(db);
  await sql.raw('ALTER TABLE recipient_opens DROP COLUMN IF EXISTS country').execute(db);
  // bounced_at and unsubscribed_at stay: they are the bounces change's too (migration 0011).
  await sql
    .raw(
      `ALTER TABLE letter_recipients DROP COLUMN IF EXISTS last_activity_at, DROP COLUMN IF EXISTS opens,
        DROP COLUMN IF EXISTS first_opened_at, DROP COLUMN IF EXISTS first_confirmed_open_at, DROP COLUMN IF EXISTS open_country,
        DROP COLUMN IF EXISTS clicks, DROP COLUMN IF EXISTS first_clicked_at, DROP COLUMN IF EXISTS last_clicked_at`,
    )
    .execute(db);
}
