import { sql } from 'kysely';
import type { Kysely } from 'kysely';

// Every autosave rewrites its letter's row and, since updated_at is in the list index, adds
// an index entry too (no HOT update). A channel's few hundred letters saved every few seconds
// leave thousands of dead entries that the lists' bitmap scans read until a vacuum clears
// them: after the server bench's 12,000 autosaves the list of 200 read 12,200 index entries
// and 330 heap pages for its 200 rows, and ran at two thirds of its rate on a clean table
// (issue 23). PostgreSQL's default waits for dead rows to reach 20 % of the table, so on
// this small, hot table vacuum is asked for after a fixed 500 dead rows instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw('ALTER TABLE letters SET (autovacuum_vacuum_scale_factor = 0, autovacuum_vacuum_threshold = 500, autovacuum_analyze_scale_factor = 0.05)')
    .execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql.raw('ALTER TABLE letters RESET (autovacuum_vacuum_scale_factor, autovacuum_vacuum_threshold, autovacuum_analyze_scale_factor)').execute(db);
}
