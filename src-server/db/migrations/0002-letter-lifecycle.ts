import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Soft deletes, claims, poll ids, and the change feed behind GET /api/sync/changes.
//
// Why a transaction id and not only a sequence: a sequence value is taken when the row
// is written, not when its transaction commits, so two writers can commit out of
// sequence order and a reader that moved its cursor past the later number would never
// see the earlier one. Every write stores its transaction's id (xid8, which only grows)
// and a sequence number (to order rows within one transaction); the feed only hands out
// rows whose transaction is older than every transaction still running
// (pg_snapshot_xmin), so nothing can later commit behind a cursor it has given out.

const upStatements = [
  // Deleted letters keep their row: revisions point at it and the sync feed needs a
  // tombstone for clients that still hold the letter.
  `ALTER TABLE letters ADD COLUMN deleted_at timestamptz`,
  // Set while someone holds the editing claim (spec 1 §4 "Claiming"); the claimant column
  // says who.
  `ALTER TABLE letters ADD COLUMN claimed_at timestamptz`,
  `ALTER TABLE letters ADD COLUMN poll_ids jsonb NOT NULL DEFAULT '[]'`,
  `CREATE SEQUENCE letters_change_seq AS bigint`,
  `ALTER TABLE letters ADD COLUMN change_seq bigint`,
  `ALTER TABLE letters ADD COLUMN change_xid xid8`,
  `UPDATE letters SET change_seq = nextval('letters_change_seq'), change_xid = pg_current_xact_id()`,
  `ALTER TABLE letters ALTER COLUMN change_seq SET NOT NULL, ALTER COLUMN change_xid SET NOT NULL`,
  // A trigger rather than each query setting them: no write, present or future, can forget.
  `CREATE FUNCTION letters_track_change() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    NEW.change_seq := nextval('letters_change_seq');
    NEW.change_xid := pg_current_xact_id();
    RETURN NEW;
  END
  $$`,
  `CREATE TRIGGER letters_track_change BEFORE INSERT OR UPDATE ON letters
    FOR EACH ROW EXECUTE FUNCTION letters_track_change()`,
  `CREATE INDEX letters_changes ON letters (change_xid, change_seq)`,
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of upStatements) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('DROP TRIGGER IF EXISTS letters_track_change ON letters').execute(db);
  await sql.raw('DROP FUNCTION IF EXISTS letters_track_change()').execute(db);
  await sql.raw('DROP INDEX IF EXISTS letters_changes').execute(db);
  await sql
    .raw(
      `ALTER TABLE letters DROP COLUMN IF EXISTS change_xid, DROP COLUMN IF EXISTS change_seq,
        DROP COLUMN IF EXISTS poll_ids, DROP COLUMN IF EXISTS claimed_at, DROP COLUMN IF EXISTS deleted_at`,
    )
    .execute(db);
  await sql.raw('DROP SEQUENCE IF EXISTS letters_change_seq').execute(db);
}
