import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Bounces and unsubscribes counted against the letter they belong to (tracking/,
// bounces/, audience/subscriber-links.ts).
//
// letter_recipients.bounced_at: the letter's email came back after the mail server took it
// (a DSN or an ESP's bounce event naming this recipient). unsubscribed_at: the reader left
// through this letter's unsubscribe link. Migration 0012 (report rollups) creates the same
// two columns, so both use IF NOT EXISTS and either may run first.
//
// bounce_events keeps every bounce heard, hard or soft, with where it came from: the
// subscriber's state is derived from it (a hard bounce, or soft bounces of several letters
// in a row, suppress the address), and the raw record explains a suppression later.

const upStatements = [
  `ALTER TABLE letter_recipients ADD COLUMN IF NOT EXISTS bounced_at timestamptz NULL`,
  `ALTER TABLE letter_recipients ADD COLUMN IF NOT EXISTS unsubscribed_at timestamptz NULL`,
  // A subscriber's latest letters: the unsubscribe without a letter, the soft-bounce rule.
  `CREATE INDEX IF NOT EXISTS letter_recipients_by_subscriber ON letter_recipients (subscriber_id, sent_at)`,
  `CREATE TABLE bounce_events (
    id bigserial PRIMARY KEY,
    received_at timestamptz NOT NULL DEFAULT now(),
    source text NOT NULL CHECK (source IN ('dsn', 'webhook')),
    kind text NOT NULL CHECK (kind IN ('hard', 'soft')),
    email text NOT NULL,
    letter_id integer NULL,
    subscriber_id integer NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    reason text NOT NULL DEFAULT '',
    FOREIGN KEY (letter_id, subscriber_id) REFERENCES letter_recipients (letter_id, subscriber_id) ON DELETE CASCADE
  )`,
  `CREATE INDEX bounce_events_by_subscriber ON bounce_events (subscriber_id, kind, letter_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS bounce_events').execute(db);
  await sql.raw('DROP INDEX IF EXISTS letter_recipients_by_subscriber').execute(db);
  await sql.raw('ALTER TABLE letter_recipients DROP COLUMN IF EXISTS unsubscribed_at').execute(db);
  await sql.raw('ALTER TABLE letter_recipients DROP COLUMN IF EXISTS bounced_at').execute(db);
}
