import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Who is sending each waiting recipient, and until when (issue 39): a send shared by several
// instances claims recipients with a lease (delivery/recipient-claims.ts) instead of holding
// advisory locks on a connection, so the claims of an instance killed mid-send run out on
// their own and any other instance takes them back, without waiting for pg-boss to notice.
// `claimed_by` names one batch of one run; `claimed_until` is on the database's clock, so
// instances whose clocks differ agree on when a lease has run out. Both are cleared when the
// row is recorded. The pending index already answers "who waits"; the few claimed rows among
// them are filtered as they are read.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE letter_recipients ADD COLUMN claimed_by text NULL, ADD COLUMN claimed_until timestamptz NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE letter_recipients DROP COLUMN IF EXISTS claimed_until, DROP COLUMN IF EXISTS claimed_by`.execute(db);
}
