import { join } from 'node:path';
import { createDb } from '../../../src-server/db/database';
import type { Db } from '../../../src-server/db/database';
import { startEmbeddedPostgres } from '../../../src-server/db/embedded';
import { makeScheduledLettersDue } from '../../../src-server/testing/due-deliveries';
import { PublicationStatus } from '../../../shared/model/publication';
import type { RunningWebHost } from './web-host-process';

/**
 * The web host's own platform database (its embedded PostgreSQL, already running), for what
 * an administrator or the clock would do between the steps a test drives: turn a feature
 * flag on, or bring a scheduled send's time forward.
 */
export async function withPlatformDb<T>(host: RunningWebHost, work: (db: Db) => Promise<T>): Promise<T> {
  const postgres = await startEmbeddedPostgres({ dataDir: join(host.dataDir, 'platform') });
  const db = createDb(postgres.connectionString, { maxConnections: 1 });
  try {
    return await work(db);
  } finally {
    await db.destroy();
  }
}

/**
 * Brings the scheduled letters with these titles forward to now, as the clock would: the
 * platform's minute sweep then sends them (a test schedules through the app's minute-precise
 * picker, minutes ahead, and need not wait those minutes). Answers how many it moved.
 */
export async function sendScheduledNow(host: RunningWebHost, titles: readonly string[]): Promise<number> {
  return withPlatformDb(host, async (db) => {
    const letters = await db
      .selectFrom('letters')
      .select('id')
      .where('title', 'in', [...titles])
      .where('publicationStatus', '=', PublicationStatus.scheduled)
      .execute();
    return (await makeScheduledLettersDue(db, letters.map((letter) => letter.id))).length;
  });
}
