import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { localMigrations } from './migrations';
import type { LocalDatabase } from './schema';
import { cachedStatements } from './statement-cache';

export const LOCAL_DB_FILE = 'letterdesk.sqlite';

export type LocalDb = Kysely<LocalDatabase>;

/**
 * Opens (creating when missing) the desktop cache in `dataDir` and brings its schema up to
 * date. WAL keeps reads from waiting on writes. synchronous=FULL syncs the WAL at every
 * commit, so a save the UI calls done survives a power cut too, not only a crash; the
 * local-save benchmark measures what that costs (well under a millisecond per save).
 */
export async function openStore(dataDir: string): Promise<LocalDb> {
  mkdirSync(dataDir, { recursive: true });
  const sqlite = new Database(join(dataDir, LOCAL_DB_FILE));
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<LocalDatabase>({ dialect: new SqliteDialect({ database: cachedStatements(sqlite) }) });
  const migrator = new Migrator({ db, provider: { getMigrations: async () => localMigrations } });
  const { error } = await migrator.migrateToLatest();
  if (error) {
    await db.destroy();
    throw error instanceof Error ? error : new Error(String(error));
  }
  return db;
}
