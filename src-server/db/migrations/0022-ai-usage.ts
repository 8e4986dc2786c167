import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Tokens each organization used with the AI service per UTC day, for the daily budget
// (ai/ai-usage.ts). One row per organization and day, added to after every call.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(
      `CREATE TABLE ai_usage (
        organization_id integer NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        day date NOT NULL,
        tokens bigint NOT NULL DEFAULT 0 CHECK (tokens >= 0),
        requests integer NOT NULL DEFAULT 0 CHECK (requests >= 0),
        PRIMARY KEY (organization_id, day)
      )`,
    )
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS ai_usage').execute(db);
}
