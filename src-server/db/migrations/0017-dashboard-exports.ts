import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Secrets the platform makes for itself when none is configured (the embedded dashboards'
// signing key, EMBED_DASHBOARD_SECRET): made once, on first use, and shared by every
// instance on this database so a link signed by one opens on another.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw(`CREATE TABLE platform_secrets (
    name text PRIMARY KEY,
    value text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
  )`).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS platform_secrets').execute(db);
}
