import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Open and click tracking of scheduled sends (tracking/, routes/tracking.ts) and what the
// edition metrics count (tracking/edition-metrics.ts).
//
// Each recipient gets a tracking token of their own when their row is written: the only key
// of the pixel and the tracked links, so it must not be guessable. gen_random_uuid() is built
// into PostgreSQL 13+ (no pgcrypto); one v4 UUID holds 122 random bits, so the token takes
// the 32 hex digits of one and the first 8 (all random) of another: 154 bits, 40 characters.
// A volatile default is evaluated per row, so rows already written get tokens of their own.
//
// letter_links holds the letter's tracked addresses by position, so a click can only ever
// lead to an address the letter itself linked to (never an open redirect). One position
// per distinct address, kept across runs: a send resumed after an edit reuses the positions
// of the addresses it already had and adds new ones after them.

const upStatements = [
  `ALTER TABLE letter_recipients ADD COLUMN tracking_token text NOT NULL
    DEFAULT substr(replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 1, 40)`,
  `ALTER TABLE letter_recipients ADD CONSTRAINT letter_recipients_tracking_token UNIQUE (tracking_token)`,
  `CREATE TABLE letter_links (
    letter_id integer NOT NULL REFERENCES letters (id),
    position integer NOT NULL CHECK (position > 0),
    url text NOT NULL,
    PRIMARY KEY (letter_id, position),
    UNIQUE (letter_id, url)
  )`,
  // Every open is a row (a reader opening twice is two), so the raw count stays available;
  // the metrics count readers. Rows go with the recipient (a deleted subscriber).
  `CREATE TABLE recipient_opens (
    id bigserial PRIMARY KEY,
    letter_id integer NOT NULL,
    subscriber_id integer NOT NULL,
    opened_at timestamptz NOT NULL DEFAULT now(),
    confirmed boolean NOT NULL,
    user_agent text NOT NULL DEFAULT '',
    FOREIGN KEY (letter_id, subscriber_id) REFERENCES letter_recipients (letter_id, subscriber_id) ON DELETE CASCADE
  )`,
  `CREATE INDEX recipient_opens_by_reader ON recipient_opens (letter_id, subscriber_id, confirmed)`,
  `CREATE TABLE recipient_clicks (
    id bigserial PRIMARY KEY,
    letter_id integer NOT NULL,
    subscriber_id integer NOT NULL,
    position integer NOT NULL,
    clicked_at timestamptz NOT NULL DEFAULT now(),
    FOREIGN KEY (letter_id, subscriber_id) REFERENCES letter_recipients (letter_id, subscriber_id) ON DELETE CASCADE,
    FOREIGN KEY (letter_id, position) REFERENCES letter_links (letter_id, position)
  )`,
  `CREATE INDEX recipient_clicks_by_link ON recipient_clicks (letter_id, position, subscriber_id)`,
  `CREATE INDEX recipient_clicks_by_reader ON recipient_clicks (letter_id, subscriber_id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS recipient_clicks').execute(db);
  await sql.raw('DROP TABLE IF EXISTS recipient_opens').execute(db);
  await sql.raw('DROP TABLE IF EXISTS letter_links').execute(db);
  await sql.raw('ALTER TABLE letter_recipients DROP COLUMN IF EXISTS tracking_token').execute(db);
}
