import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Whether an editor chose the letter's private flag (update-private). Until one does, the
// platform sets it when the letter is scheduled, from its audience: a letter to a segment or
// to specific emails is private, one to all active subscribers public (docs/decisions.md
// "Private letters"). Letters already stored keep the flag they have: marked as chosen, so
// scheduling one again never turns a public letter private behind its editor's back.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE letters ADD COLUMN private_chosen boolean NOT NULL DEFAULT false`.execute(db);
  await sql`UPDATE letters SET private_chosen = true`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE letters DROP COLUMN private_chosen`.execute(db);
}
