import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The email each send used (issue 30): the letter rendered once for the send, its promotions
// filled as readers got them, before any reader's merge tags, links or tracking. One row per
// variant of the send — A and B for an A/B subject test, A alone otherwise — keyed by the
// publication instant the send was queued for, so a letter stopped, edited and scheduled
// again keeps what each send carried. Written once per send (INSERT … ON CONFLICT DO
// NOTHING): a retried or resumed run reads the stored copy and sends that
// (delivery/send-snapshots.ts). The public page and the report's preview show the latest send.

const upStatements = [
  `CREATE TABLE letter_send_snapshots (
    letter_id integer NOT NULL REFERENCES letters (id),
    publication_at timestamptz NOT NULL,
    variant text NOT NULL CHECK (variant IN ('A', 'B')),
    subject text NOT NULL,
    html text NOT NULL,
    platform_url text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (letter_id, publication_at, variant)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS letter_send_snapshots').execute(db);
}
