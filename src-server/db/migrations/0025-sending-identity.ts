import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Who a channel's emails come from, and the organization's domains they may come from:
// each sending domain has DKIM keys (the private key sealed with the platform's secret key,
// sending/platform-secret.ts), one active at a time, a new one pending while its DNS record
// is published and the old one kept while mail signed with it may still be checked.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sending_domains (
      id serial PRIMARY KEY,
      organization_id integer NOT NULL REFERENCES organizations(id) ON DELETE CASCADE,
      domain text NOT NULL,
      return_path_domain text NOT NULL,
      verified_at timestamptz,
      checked_at timestamptz,
      last_check jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, domain)
    )
  `.execute(db);
  await sql`
    CREATE TABLE dkim_keys (
      id serial PRIMARY KEY,
      sending_domain_id integer NOT NULL REFERENCES sending_domains(id) ON DELETE CASCADE,
      selector text NOT NULL,
      public_key text NOT NULL,
      sealed_private_key text NOT NULL,
      state text NOT NULL CHECK (state IN ('pending', 'active', 'retired')),
      created_at timestamptz NOT NULL DEFAULT now(),
      activated_at timestamptz,
      retired_at timestamptz,
      UNIQUE (sending_domain_id, selector)
    )
  `.execute(db);
  await sql`CREATE UNIQUE INDEX dkim_keys_one_active ON dkim_keys (sending_domain_id) WHERE state = 'active'`.execute(db);
  await sql`
    ALTER TABLE channels
      ADD COLUMN from_name text NOT NULL DEFAULT '',
      ADD COLUMN from_address text NOT NULL DEFAULT '',
      ADD COLUMN reply_to text NOT NULL DEFAULT ''
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE channels DROP COLUMN from_name, DROP COLUMN from_address, DROP COLUMN reply_to`.execute(db);
  await sql`DROP TABLE IF EXISTS dkim_keys`.execute(db);
  await sql`DROP TABLE IF EXISTS sending_domains`.execute(db);
}
