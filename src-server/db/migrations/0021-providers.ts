import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Tokens of the content providers an organization connects (the Evvnt events block): one
// per organization and kind, set on the integrations settings page and never sent back whole.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE organization_integrations (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('evvnt')),
      token text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, kind)
    )
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE IF EXISTS organization_integrations`.execute(db);
}
