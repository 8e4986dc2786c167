import { join } from 'node:path';
import { createDb } from '../../../src-server/db/database';
import type { Db } from '../../../src-server/db/database';
import { startEmbeddedPostgres } from '../../../src-server/db/embedded';
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
