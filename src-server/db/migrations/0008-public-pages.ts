import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// What the public unsubscribe and opt-out pages (routes/public-unsubscribe.ts,
// routes/public-opt-out.ts) remember about a subscriber.

const upStatements = [
  // The footer's behaviour opt-out: the reader keeps the newsletter but is left out of
  // engagement segments (audience/segment-store.ts `segmentSql`).
  `ALTER TABLE subscribers ADD COLUMN behaviour_opt_out boolean NOT NULL DEFAULT false`,
  // Set when the reader unsubscribed through the email's own link (the page or an RFC 8058
  // one-click). Only such an unsubscribe may be undone from the page: one made by the
  // publisher, or a bounce, never is. No CHECK ties it to the status, so other code that
  // changes a status (bounces, imports) need not know about it; undo checks both.
  `ALTER TABLE subscribers ADD COLUMN unsubscribed_by_link_at timestamptz`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE subscribers DROP COLUMN IF EXISTS unsubscribed_by_link_at').execute(db);
  await sql.raw('ALTER TABLE subscribers DROP COLUMN IF EXISTS behaviour_opt_out').execute(db);
}
