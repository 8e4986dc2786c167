import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Scheduled delivery: who a send is for (a snapshot of the audience taken when it starts)
// and what the desktop app hears about it (delivery events, read like the letters feed).
//
// letter_recipients' key is (letter, subscriber), so whatever happens — a retry, a restart
// mid-send, a second instance, the letter paused and scheduled again — a subscriber has one
// row per letter, and a row marked 'sent' is never sent again.
//
// delivery_events are handed out in commit order with the fence of migration 0002: ids
// come from a sequence taken before commit, so two sends finishing together could commit
// out of id order; change_xid (the writing transaction's id) lets the feed hand out a row
// only once every older transaction has finished.

const upStatements = [
  `CREATE TABLE letter_recipients (
    letter_id integer NOT NULL REFERENCES letters (id),
    subscriber_id integer NOT NULL REFERENCES subscribers (id) ON DELETE CASCADE,
    email text NOT NULL,
    variant text CHECK (variant IN ('A', 'B')),
    status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'refused')),
    error text,
    sent_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (letter_id, subscriber_id)
  )`,
  // The send loop's question, "who is still waiting?", stays cheap as a list is worked down.
  `CREATE INDEX letter_recipients_pending ON letter_recipients (letter_id, subscriber_id) WHERE status = 'pending'`,
  `CREATE TABLE delivery_events (
    id bigserial PRIMARY KEY,
    letter_id integer NOT NULL REFERENCES letters (id),
    kind text NOT NULL CHECK (kind IN ('started', 'sent', 'failed')),
    recipients integer NOT NULL,
    delivered integer NOT NULL,
    message text NOT NULL DEFAULT '',
    title text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    change_xid xid8 NOT NULL DEFAULT pg_current_xact_id()
  )`,
  `CREATE INDEX delivery_events_feed ON delivery_events (change_xid, id)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS delivery_events').execute(db);
  await sql.raw('DROP TABLE IF EXISTS letter_recipients').execute(db);
}
