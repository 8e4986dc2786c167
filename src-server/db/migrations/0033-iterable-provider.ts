import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Sending through Iterable (issue 32, "Email service providers behind one interface"):
//   - organization_integrations takes the Iterable API key (kind 'iterable'), sealed with the
//     platform's secret (sending/platform-secret.ts), unlike Evvnt's token;
//   - iterable_sends: one row per Iterable letter, for the send of `publication_at` (a letter
//     stopped and scheduled again starts its row over), holding what Iterable answered at
//     each step (list, template, campaign), so a run after a crash carries on from the step
//     it reached instead of creating a second campaign; `campaign_requested_at` is written
//     before the campaign call, so a run that finds it without a campaign id knows Iterable
//     may already be sending and stops rather than sending twice; then when its events are
//     read next (`next_poll_at`) and until when (`poll_until`), and the instant read up to;
//   - iterable_event_receipts: each Iterable event counted once, however often the export
//     hands it back (its window overlaps the last read's end on purpose).
// 0033, not 0032: another branch (track-batch) holds 0032.

const upStatements = [
  `ALTER TABLE organization_integrations DROP CONSTRAINT organization_integrations_kind_check`,
  `ALTER TABLE organization_integrations ADD CONSTRAINT organization_integrations_kind_check CHECK (kind IN ('evvnt', 'iterable'))`,
  `CREATE TABLE iterable_sends (
    letter_id integer PRIMARY KEY REFERENCES letters (id) ON DELETE CASCADE,
    publication_at timestamptz NOT NULL,
    list_id bigint,
    template_id bigint,
    campaign_requested_at timestamptz,
    campaign_id bigint,
    next_poll_at timestamptz,
    poll_until timestamptz,
    read_to timestamptz
  )`,
  `CREATE INDEX iterable_sends_next_poll ON iterable_sends (next_poll_at) WHERE next_poll_at IS NOT NULL`,
  `CREATE TABLE iterable_event_receipts (
    letter_id integer NOT NULL REFERENCES letters (id) ON DELETE CASCADE,
    event_key text NOT NULL,
    PRIMARY KEY (letter_id, event_key)
  )`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TABLE IF EXISTS iterable_event_receipts').execute(db);
  await sql.raw('DROP TABLE IF EXISTS iterable_sends').execute(db);
  await sql.raw(`DELETE FROM organization_integrations WHERE kind = 'iterable'`).execute(db);
  await sql.raw('ALTER TABLE organization_integrations DROP CONSTRAINT organization_integrations_kind_check').execute(db);
  await sql.raw(`ALTER TABLE organization_integrations ADD CONSTRAINT organization_integrations_kind_check CHECK (kind IN ('evvnt'))`).execute(db);
}
