import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { LOCAL_DB_FILE } from './open-store';

// Daily copies of the local cache, made with SQLite's online backup (better-sqlite3's
// `backup()`): a file copy of a database in WAL mode can miss committed pages or catch a
// page half written; the backup API copies a consistent snapshot while the app keeps saving.

export const BACKUP_FOLDER = 'backups';
export const BACKUP_INTERVAL_MS = 24 * 60 * 60 * 1000;
export const BACKUPS_KEPT = 7;

const BACKUP_NAME = /^letterdesk-\d{8}-\d{6}\.sqlite$/;

function stamp(at: Date): string {
  const iso = at.toISOString();
  return `${iso.slice(0, 10).replace(/-/g, '')}-${iso.slice(11, 19).replace(/:/g, '')}`;
}

/** The backups in `dataDir`, newest first. */
export function listBackups(dataDir: string): string[] {
  const folder = join(dataDir, BACKUP_FOLDER);
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names
    .filter((name) => BACKUP_NAME.test(name))
    .sort()
    .reverse()
    .map((name) => join(folder, name));
}

/**
 * Backs the cache up when the newest backup is a day old (or there is none), and keeps
 * the last `kept`. Answers the new file, or null when none was due.
 */
export async function backupIfDue(dataDir: string, now = new Date(), kept = BACKUPS_KEPT): Promise<string | null> {
  const newest = listBackups(dataDir)[0];
  if (newest && now.getTime() - statSync(newest).mtimeMs < BACKUP_INTERVAL_MS) return null;
  mkdirSync(join(dataDir, BACKUP_FOLDER), { recursive: true });
  const target = join(dataDir, BACKUP_FOLDER, `letterdesk-${stamp(now)}.sqlite`);
  // A connection of its own: the backup reads a snapshot without holding up the core's writes.
  const source = new Database(join(dataDir, LOCAL_DB_FILE), { readonly: true, fileMustExist: true });
  try {
    await source.backup(target);
  } finally {
    source.close();
  }
  for (const old of listBackups(dataDir).slice(kept)) rmSync(old, { force: true });
  return target;
}
