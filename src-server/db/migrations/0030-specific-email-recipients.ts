import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// 'Specific emails' recipients are not subscribers (docs/decisions.md "Specific emails
// recipients"). A send row needs a subscriber row, so an address a letter names that is not
// a subscriber gets one with the status 'recipient': no audience, list or count takes it,
// except the 'Specific emails' send of a letter that names it. Its unsubscribe or bounce
// makes it 'unsubscribed' / 'bounced' (the channel's suppression), a real subscribe
// (import, added in the app) makes it 'active'.
//
// The dashboards' history (migration 0015's trigger) counts only what subscribers do: a
// recipient that subscribes joins (+1); one that unsubscribes or bounces never joined, so
// it records nothing; turning an active row into a recipient is only this migration's, which
// rewrites the history of those rows itself.
//
// What the old behaviour made: an address a 'Specific emails' send turned into an active
// subscriber tagged 'Specific emails'. One that still is exactly that — active, tags exactly
// ['Specific emails'], no name or custom field, sent at least one 'Specific emails' letter,
// never opened or clicked anything (machines' clicks included) and never answered a poll —
// becomes a recipient, with the tag dropped and its join taken out of the history.

const TAG = 'Specific emails';
/** The 'Specific emails' audience (shared/model/segment.ts), written here as it was then. */
const SPECIFIC_EMAILS_SEGMENT_ID = 99991;

const recordFunction = (statuses: 'with-recipients' | 'without') => {
  const update =
    statuses === 'with-recipients'
      ? `WHERE n.status <> o.status AND n.status <> 'recipient' AND (o.status <> 'recipient' OR n.status = 'active')`
      : `WHERE n.status <> o.status`;
  return `CREATE OR REPLACE FUNCTION subscriber_events_record() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF TG_OP = 'INSERT' THEN
      INSERT INTO subscriber_events (channel_id, subscriber_id, kind, delta, at)
      SELECT channel_id, id, 'subscribed', 1, now() FROM new_rows WHERE status = 'active';
    ELSIF TG_OP = 'UPDATE' THEN
      INSERT INTO subscriber_events (channel_id, subscriber_id, kind, delta, at)
      SELECT n.channel_id, n.id, CASE WHEN n.status = 'active' THEN 'subscribed' ELSE n.status END,
        CASE WHEN n.status = 'active' THEN 1 WHEN o.status = 'active' THEN -1 ELSE 0 END, now()
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      ${update};
    ELSE
      INSERT INTO subscriber_events (channel_id, subscriber_id, kind, delta, at)
      SELECT o.channel_id, o.id, 'removed', -1, now()
      FROM old_rows o
      WHERE o.status = 'active' AND EXISTS (SELECT 1 FROM channels c WHERE c.id = o.channel_id);
    END IF;
    RETURN NULL;
  END $$`;
};

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE subscribers DROP CONSTRAINT subscribers_status_check`.execute(db);
  await sql`ALTER TABLE subscribers ADD CONSTRAINT subscribers_status_check
    CHECK (status IN ('active', 'unsubscribed', 'bounced', 'recipient'))`.execute(db);
  await sql.raw(recordFunction('with-recipients')).execute(db);

  // One statement, so the rows, their days and their events change together.
  await sql`
    WITH made AS (
      SELECT s.id FROM subscribers s
      WHERE s.status = 'active' AND s.tags = ARRAY[${TAG}]::text[]
        AND s.first_name = '' AND s.last_name = '' AND s.custom_fields = '{}'::jsonb
        AND EXISTS (
          SELECT 1 FROM letter_recipients r JOIN letters l ON l.id = r.letter_id
          WHERE r.subscriber_id = s.id AND l.segment_id = ${SPECIFIC_EMAILS_SEGMENT_ID})
        AND NOT EXISTS (
          SELECT 1 FROM letter_recipients r
          WHERE r.subscriber_id = s.id AND (r.opens > 0 OR r.clicks_all > 0 OR r.first_opened_at IS NOT NULL))
        AND NOT EXISTS (SELECT 1 FROM poll_responses p WHERE p.subscriber_id = s.id)),
    -- Their join never happened: out of the days it was counted in, and out of the events.
    taken AS (
      SELECT e.channel_id, (e.at AT TIME ZONE 'UTC')::date AS day,
        count(*) FILTER (WHERE e.kind = 'subscribed') AS subscribed,
        count(*) FILTER (WHERE e.kind = 'unsubscribed') AS unsubscribed,
        count(*) FILTER (WHERE e.kind = 'bounced') AS bounced,
        sum(e.delta) AS net
      FROM subscriber_events e WHERE e.subscriber_id IN (SELECT id FROM made)
      GROUP BY 1, 2),
    days AS (
      UPDATE subscriber_days d SET
        subscribed = d.subscribed - taken.subscribed, unsubscribed = d.unsubscribed - taken.unsubscribed,
        bounced = d.bounced - taken.bounced, net = d.net - taken.net
      FROM taken WHERE d.channel_id = taken.channel_id AND d.day = taken.day
      RETURNING 1),
    events AS (DELETE FROM subscriber_events WHERE subscriber_id IN (SELECT id FROM made) RETURNING 1)
    UPDATE subscribers SET status = 'recipient', tags = '{}' WHERE id IN (SELECT id FROM made)`.execute(db);
}

/** Back to three statuses: a recipient becomes unsubscribed, so going down never mails anyone it did not before. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`UPDATE subscribers SET status = 'unsubscribed' WHERE status = 'recipient'`.execute(db);
  await sql.raw(recordFunction('without')).execute(db);
  await sql`ALTER TABLE subscribers DROP CONSTRAINT subscribers_status_check`.execute(db);
  await sql`ALTER TABLE subscribers ADD CONSTRAINT subscribers_status_check
    CHECK (status IN ('active', 'unsubscribed', 'bounced'))`.execute(db);
}
