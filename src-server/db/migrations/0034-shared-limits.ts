import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Per-caller limits (sign-in failures, public sign-ups, AI calls a minute) counted in the
// database, so several platform instances hold one limit between them (issue 39). One row
// per limited key and window: `hits` so far and when the window ends. Numbered 0034
// because 0032 and 0033 were taken by other branches at the time.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE TABLE rate_limit_hits (
    key text PRIMARY KEY,
    hits integer NOT NULL,
    resets_at timestamptz NOT NULL
  )`.execute(db);
  // The sweep of ended windows reads by end.
  await sql`CREATE INDEX rate_limit_hits_resets_at ON rate_limit_hits (resets_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS rate_limit_hits`.execute(db);
}
