import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// What readers see of the platform in a channel's emails, each switchable in the channel
// settings (issue 30): the footer's 'Made with Letterdesk' credit, which links to the
// channel's public archive, and the 'View in browser' link at the top. Both on, as before.

const upStatements = [
  'ALTER TABLE channels ADD COLUMN made_with_credit boolean NOT NULL DEFAULT true',
  'ALTER TABLE channels ADD COLUMN view_in_browser_link boolean NOT NULL DEFAULT true',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE channels DROP COLUMN IF EXISTS view_in_browser_link, DROP COLUMN IF EXISTS made_with_credit').execute(db);
}
