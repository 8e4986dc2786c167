import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Answers of requests sent with an Idempotency-Key, so a retried request (its first answer
// lost on the way) is applied once and answered the same way again.

const upStatements = [
  `CREATE TABLE idempotency_keys (
    user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    key text NOT NULL,
    method text NOT NULL,
    path text NOT NULL,
    status integer NOT NULL,
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
  )`,
  `CREATE INDEX idempotency_keys_created_at ON idempotency_keys (created_at)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS idempotency_keys').execute(db);
}
