import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { rebuildReportRollups as rebuildFromEvents, restoreCounterTriggers } from './0012-report-rollups';

// Machine activity (tracking/click-classification.ts): a click judged a scanner's is kept,
// marked with its reason (recipient_clicks.machine_reason), but the people figures leave it
// out. Every click rollup of migration 0012 keeps counting people only, and gets a twin
// counting every click (`_all`), so both figures are one read:
// - the reader's row: clicks, first/last_clicked_at (people) and clicks_all,
//   first_clicked_at_all (every click);
// - letter_report_counters.clicked (readers with a click of their own) and clicked_all;
// - letter_report_hours.clicks / unique_clicks and clicks_all / unique_clicks_all;
// - letter_links.uniques / total and uniques_all / total_all;
// - recipient_link_clicks (new): each reader's clicks per link, every one and their own,
//   which tell the writer in one statement, whatever else runs at once, whether a click is
//   the reader's first on the link (the link's uniques) without reading the events.
// The click writer keeps the events' counts; the triggers of 0012, replaced here with the
// same body and the two new counts, keep the readers'. A burst found later turns earlier
// clicks into machine ones: the writer takes them out of the people figures then
// (tracking-records.ts), and an open the click wrote as confirmed (recipient_opens.click_id)
// is unconfirmed again. Opens have no new column: a machine's open was already an
// unconfirmed one.
//
// The down keeps the two event columns (machine_reason, click_id): they are facts about
// events that a rollup rebuilt after an up again needs, like 0012's down keeps bounced_at.

const upStatements = [
  `ALTER TABLE recipient_clicks ADD COLUMN IF NOT EXISTS machine_reason text NULL
    CHECK (machine_reason IN ('early', 'agent', 'network', 'burst'))`,
  `ALTER TABLE recipient_opens ADD COLUMN IF NOT EXISTS click_id bigint NULL`,
  // recent_clicks: the reader's clicks of the last BURST_WINDOW_MS as [{p: position, t: ms}],
  // kept under the row's lock by the click writer, which sees a burst in it.
  `ALTER TABLE letter_recipients ADD COLUMN clicks_all integer NOT NULL DEFAULT 0, ADD COLUMN first_clicked_at_all timestamptz,
    ADD COLUMN recent_clicks jsonb NOT NULL DEFAULT '[]'`,
  `ALTER TABLE letter_links ADD COLUMN uniques_all integer NOT NULL DEFAULT 0, ADD COLUMN total_all integer NOT NULL DEFAULT 0`,
  `ALTER TABLE letter_report_counters ADD COLUMN clicked_all integer NOT NULL DEFAULT 0`,
  `ALTER TABLE letter_report_hours ADD COLUMN clicks_all integer NOT NULL DEFAULT 0, ADD COLUMN unique_clicks_all integer NOT NULL DEFAULT 0`,
  `CREATE TABLE recipient_link_clicks (
    letter_id integer NOT NULL,
    subscriber_id integer NOT NULL,
    position integer NOT NULL,
    clicks integer NOT NULL DEFAULT 0,
    people_clicks integer NOT NULL DEFAULT 0,
    PRIMARY KEY (letter_id, subscriber_id, position),
    FOREIGN KEY (letter_id, subscriber_id) REFERENCES letter_recipients (letter_id, subscriber_id) ON DELETE CASCADE
  )`,
];

const signedRows = `
  SELECT 1 AS sign, * FROM new_rows
  UNION ALL
  SELECT -1 AS sign, * FROM old_rows`;

// Migration 0012's body with clicked_all and unique_clicks_all.
const applyRecipientChanges = `
  INSERT INTO letter_report_counters AS c
    (letter_id, recipients, accepted, refused, bounced_back, opened, opened_confirmed, clicked, clicked_all, unsubscribed, first_sent_at)
  SELECT * FROM (
    SELECT letter_id,
      sum(sign) AS recipients,
      coalesce(sum(sign) FILTER (WHERE status = 'sent'), 0) AS accepted,
      coalesce(sum(sign) FILTER (WHERE status = 'refused'), 0) AS refused,
      coalesce(sum(sign) FILTER (WHERE status = 'sent' AND bounced_at IS NOT NULL), 0) AS bounced_back,
      coalesce(sum(sign) FILTER (WHERE first_opened_at IS NOT NULL), 0) AS opened,
      coalesce(sum(sign) FILTER (WHERE first_confirmed_open_at IS NOT NULL), 0) AS opened_confirmed,
      coalesce(sum(sign) FILTER (WHERE first_clicked_at IS NOT NULL), 0) AS clicked,
      coalesce(sum(sign) FILTER (WHERE first_clicked_at_all IS NOT NULL), 0) AS clicked_all,
      coalesce(sum(sign) FILTER (WHERE unsubscribed_at IS NOT NULL), 0) AS unsubscribed,
      min(sent_at) FILTER (WHERE sign = 1) AS first_sent_at
    FROM (${signedRows}) d
    GROUP BY letter_id
  ) change
  -- A second open or click changes no count: leave the letter's row (and its lock) alone.
  WHERE recipients <> 0 OR accepted <> 0 OR refused <> 0 OR bounced_back <> 0 OR opened <> 0
    OR opened_confirmed <> 0 OR clicked <> 0 OR clicked_all <> 0 OR unsubscribed <> 0
  ON CONFLICT (letter_id) DO UPDATE SET
    recipients = c.recipients + excluded.recipients,
    accepted = c.accepted + excluded.accepted,
    refused = c.refused + excluded.refused,
    bounced_back = c.bounced_back + excluded.bounced_back,
    opened = c.opened + excluded.opened,
    opened_confirmed = c.opened_confirmed + excluded.opened_confirmed,
    clicked = c.clicked + excluded.clicked,
    clicked_all = c.clicked_all + excluded.clicked_all,
    unsubscribed = c.unsubscribed + excluded.unsubscribed,
    first_sent_at = least(c.first_sent_at, excluded.first_sent_at);

  INSERT INTO letter_report_countries AS c (letter_id, country_code, readers)
  SELECT letter_id, coalesce(open_country, ''), sum(sign)
  FROM (${signedRows}) d
  WHERE first_opened_at IS NOT NULL
  GROUP BY 1, 2
  HAVING sum(sign) <> 0
  ON CONFLICT (letter_id, country_code) DO UPDATE SET readers = c.readers + excluded.readers;

  INSERT INTO letter_report_hours AS h (letter_id, hour, unique_opens, unique_clicks, unique_clicks_all)
  SELECT letter_id, hour, sum(opened), sum(clicked), sum(clicked_all) FROM (
    SELECT letter_id, date_trunc('hour', first_opened_at) AS hour, sign AS opened, 0 AS clicked, 0 AS clicked_all
    FROM (${signedRows}) d WHERE first_opened_at IS NOT NULL
    UNION ALL
    SELECT letter_id, date_trunc('hour', first_clicked_at), 0, sign, 0
    FROM (${signedRows}) d WHERE first_clicked_at IS NOT NULL
    UNION ALL
    SELECT letter_id, date_trunc('hour', first_clicked_at_all), 0, 0, sign
    FROM (${signedRows}) d WHERE first_clicked_at_all IS NOT NULL
  ) changes
  GROUP BY 1, 2
  HAVING sum(opened) <> 0 OR sum(clicked) <> 0 OR sum(clicked_all) <> 0
  ON CONFLICT (letter_id, hour) DO UPDATE SET
    unique_opens = h.unique_opens + excluded.unique_opens,
    unique_clicks = h.unique_clicks + excluded.unique_clicks,
    unique_clicks_all = h.unique_clicks_all + excluded.unique_clicks_all;`;

const NONE = '(SELECT * FROM letter_recipients WHERE false) AS no_rows';

function triggerFunction(name: string, newRows: string, oldRows: string): string {
  const body = applyRecipientChanges.replaceAll('new_rows', newRows).replaceAll('old_rows', oldRows);
  return `CREATE OR REPLACE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      ${body}
      RETURN NULL;
    END $$`;
}

const triggerFunctions = [
  triggerFunction('letter_recipients_count_inserted', 'inserted', NONE),
  triggerFunction('letter_recipients_count_updated', 'updated', 'previous'),
  triggerFunction('letter_recipients_count_deleted', NONE, 'deleted'),
];

/**
 * Recounts the click rollups of the given letters (all when none) from the click events and
 * their machine_reason, people and all: after 0012's rebuild, which counts every click.
 * Like it, not for a live letter.
 */
export async function rebuildClickRollups<DB>(db: Kysely<DB>, letterIds?: number[]): Promise<void> {
  const only = (column: string) => (letterIds ? sql` AND ${sql.ref(column)} = ANY(${letterIds}::int[])` : sql``);
  await sql`DELETE FROM recipient_link_clicks WHERE true ${only('letter_id')}`.execute(db);
  await sql`
    INSERT INTO recipient_link_clicks (letter_id, subscriber_id, position, clicks, people_clicks)
    SELECT letter_id, subscriber_id, position, count(*), count(*) FILTER (WHERE machine_reason IS NULL)
    FROM recipient_clicks WHERE true ${only('letter_id')} GROUP BY 1, 2, 3`.execute(db);
  await sql`
    UPDATE letter_recipients r SET
      clicks = coalesce(c.clicks, 0),
      first_clicked_at = c.first_clicked_at,
      last_clicked_at = c.last_clicked_at,
      clicks_all = coalesce(c.clicks_all, 0),
      first_clicked_at_all = c.first_clicked_at_all
    FROM letter_recipients x
    LEFT JOIN (
      SELECT letter_id, subscriber_id,
        count(*) FILTER (WHERE machine_reason IS NULL)::int AS clicks,
        min(clicked_at) FILTER (WHERE machine_reason IS NULL) AS first_clicked_at,
        max(clicked_at) FILTER (WHERE machine_reason IS NULL) AS last_clicked_at,
        count(*)::int AS clicks_all, min(clicked_at) AS first_clicked_at_all
      FROM recipient_clicks WHERE true ${only('letter_id')} GROUP BY 1, 2
    ) c ON c.letter_id = x.letter_id AND c.subscriber_id = x.subscriber_id
    WHERE r.letter_id = x.letter_id AND r.subscriber_id = x.subscriber_id ${only('x.letter_id')}
      AND (c.letter_id IS NOT NULL OR r.clicks <> 0 OR r.clicks_all <> 0)`.execute(db);
  // Absolute counts after the recipients' update, so whatever its trigger added is replaced.
  await sql`
    UPDATE letter_report_counters c SET clicked = x.clicked, clicked_all = x.clicked_all
    FROM (
      SELECT letter_id, count(*) FILTER (WHERE first_clicked_at IS NOT NULL)::int AS clicked,
        count(*) FILTER (WHERE first_clicked_at_all IS NOT NULL)::int AS clicked_all
      FROM letter_recipients WHERE true ${only('letter_id')} GROUP BY 1
    ) x
    WHERE c.letter_id = x.letter_id`.execute(db);
  await sql`UPDATE letter_report_hours SET clicks = 0, unique_clicks = 0, clicks_all = 0, unique_clicks_all = 0 WHERE true ${only('letter_id')}`.execute(
    db,
  );
  await sql`
    INSERT INTO letter_report_hours AS h (letter_id, hour, clicks, unique_clicks, clicks_all, unique_clicks_all)
    SELECT letter_id, hour, sum(clicks), sum(unique_clicks), sum(clicks_all), sum(unique_clicks_all) FROM (
      SELECT letter_id, date_trunc('hour', clicked_at) AS hour, count(*) FILTER (WHERE machine_reason IS NULL) AS clicks,
        0 AS unique_clicks, count(*) AS clicks_all, 0 AS unique_clicks_all
      FROM recipient_clicks WHERE true ${only('letter_id')} GROUP BY 1, 2
      UNION ALL
      SELECT letter_id, date_trunc('hour', first_clicked_at), 0, count(*), 0, 0
      FROM letter_recipients WHERE first_clicked_at IS NOT NULL ${only('letter_id')} GROUP BY 1, 2
      UNION ALL
      SELECT letter_id, date_trunc('hour', first_clicked_at_all), 0, 0, 0, count(*)
      FROM letter_recipients WHERE first_clicked_at_all IS NOT NULL ${only('letter_id')} GROUP BY 1, 2
    ) parts GROUP BY 1, 2
    ON CONFLICT (letter_id, hour) DO UPDATE SET
      clicks = excluded.clicks, unique_clicks = excluded.unique_clicks,
      clicks_all = excluded.clicks_all, unique_clicks_all = excluded.unique_clicks_all`.execute(db);
  await sql`
    UPDATE letter_links l SET uniques = coalesce(c.uniques, 0), total = coalesce(c.total, 0),
      uniques_all = coalesce(c.uniques_all, 0), total_all = coalesce(c.total_all, 0)
    FROM letter_links x
    LEFT JOIN (
      SELECT letter_id, position,
        count(DISTINCT subscriber_id) FILTER (WHERE machine_reason IS NULL)::int AS uniques,
        count(*) FILTER (WHERE machine_reason IS NULL)::int AS total,
        count(DISTINCT subscriber_id)::int AS uniques_all, count(*)::int AS total_all
      FROM recipient_clicks WHERE true ${only('letter_id')} GROUP BY 1, 2
    ) c ON c.letter_id = x.letter_id AND c.position = x.position
    WHERE l.letter_id = x.letter_id AND l.position = x.position ${only('x.letter_id')}`.execute(db);
}

/** Every rollup of the letters from the rows and events (0012's rebuild, then the clicks' people and all). */
export async function rebuildReportRollups<DB>(db: Kysely<DB>, letterIds?: number[]): Promise<void> {
  await rebuildFromEvents(db, letterIds);
  await rebuildClickRollups(db, letterIds);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
  for (const statement of triggerFunctions) await sql.raw(statement).execute(db);
  await rebuildClickRollups(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // 0012's trigger bodies first: the ones above read the columns dropped next.
  await restoreCounterTriggers(db);
  await sql.raw('DROP TABLE IF EXISTS recipient_link_clicks').execute(db);
  await sql.raw('ALTER TABLE letter_report_hours DROP COLUMN IF EXISTS clicks_all, DROP COLUMN IF EXISTS unique_clicks_all').execute(db);
  await sql.raw('ALTER TABLE letter_report_counters DROP COLUMN IF EXISTS clicked_all').execute(db);
  await sql.raw('ALTER TABLE letter_links DROP COLUMN IF EXISTS uniques_all, DROP COLUMN IF EXISTS total_all').execute(db);
  await sql
    .raw('ALTER TABLE letter_recipients DROP COLUMN IF EXISTS clicks_all, DROP COLUMN IF EXISTS first_clicked_at_all, DROP COLUMN IF EXISTS recent_clicks')
    .execute(db);
  // Every click counted again, as before this migration.
  await rebuildFromEvents(db);
}
