import { utimesSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { newDraftLetter } from '../../../shared/model/new-letter';
import { createCleanup, TEST_CHANNEL, tempDir } from '../testing/test-core';
import { backupIfDue, listBackups } from './backups';
import { createLettersStore } from './letters-store';
import { openStore } from './open-store';

// Backups of a real cache file while it is open and being written.

const cleanup = createCleanup();
afterEach(() => cleanup.run());

const DAY = 24 * 60 * 60 * 1000;

async function cacheWithLetters(count: number) {
  const dataDir = tempDir(cleanup);
  const db = await openStore(dataDir);
  cleanup.add(() => db.destroy());
  const store = createLettersStore(db);
  for (let i = 0; i < count; i++) {
    await store.insertNew(newDraftLetter({ uniqueId: `letter-${i}`, channel: TEST_CHANNEL, author: null, now: new Date().toISOString() }));
  }
  return { dataDir, store };
}

function readBackup(file: string) {
  const copy = new Database(file, { readonly: true });
  try {
    return {
      integrity: copy.pragma('integrity_check', { simple: true }),
      letters: (copy.prepare('select count(*) as n from letters').get() as { n: number }).n,
    };
  } finally {
    copy.close();
  }
}

describe('backups of the local cache', () => {
  it('copies every committed letter into an intact file while the cache stays open', async () => {
    const { dataDir } = await cacheWithLetters(3);
    const file = await backupIfDue(dataDir);
    expect(file).not.toBeNull();
    expect(readBackup(file!)).toEqual({ integrity: 'ok', letters: 3 });
  });

  it('makes one a day and keeps the last seven', async () => {
    const { dataDir, store } = await cacheWithLetters(1);
    const start = Date.now();
    const first = await backupIfDue(dataDir, new Date(start));
    expect(await backupIfDue(dataDir, new Date(start + DAY / 2))).toBeNull();
    for (let day = 1; day <= 8; day++) {
      // The age of a backup is its file time: age the newest one by a day.
      const newest = listBackups(dataDir)[0]!;
      utimesSync(newest, new Date(start + (day - 1) * DAY), new Date(start + (day - 1) * DAY));
      await store.insertNew(newDraftLetter({ uniqueId: `later-${day}`, channel: TEST_CHANNEL, author: null, now: new Date().toISOString() }));
      expect(await backupIfDue(dataDir, new Date(start + day * DAY + 1000))).not.toBeNull();
    }
    const kept = listBackups(dataDir);
    expect(kept).toHaveLength(7);
    expect(kept).not.toContain(first);
    expect(readBackup(kept[0]!)).toEqual({ integrity: 'ok', letters: 9 });
  });
});
