import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// The letter lists order by (updated_at DESC, id DESC) within a channel and page by keyset
// on the same pair; this index serves that order to the end, ties included. It replaces
// the (channel_id, updated_at DESC) index rather than adding a second one, because every
// autosave changes updated_at and so writes each index on it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql.raw('CREATE INDEX letters_channel_updated_id ON letters (channel_id, updated_at DESC, id DESC)').execute(db);
  await sql.raw('DROP INDEX IF EXISTS letters_channel_updated').execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('CREATE INDEX IF NOT EXISTS letters_channel_updated ON letters (channel_id, updated_at DESC)').execute(db);
  await sql.raw('DROP INDEX IF EXISTS letters_channel_updated_id').execute(db);
}
