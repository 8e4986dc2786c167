import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb } from '../db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { startPlatform } from '../start';
import type { StartPlatformOptions } from '../start';
import { makeScheduledLettersDue, waitUntilDelivered } from './due-deliveries';
import { createTestDatabase } from './test-database';

// A real platform server for tests of other parts (the desktop core's sync): its own
// database with the demo account, listening on a free loopback port, with the background
// jobs running (scheduled sends retry at once and workers look for work twice a second).

/** The seeded demo owner of brand `demo` and its channel `weekly`. */
export const TEST_ACCOUNT = { email: DEMO_EMAIL, password: DEMO_PASSWORD } as const;

export interface TestPlatform {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  /** The test database, for looking behind the API. */
  connectionString: string;
  /**
   * Scheduled sends without waiting for their time: moves the publication instant of every
   * scheduled letter (or of `letterIds`) to a second ago — the instant only: the letter's
   * wall-clock publicationDate and its version stay — runs the delivery sweep, and resolves
   * once those letters are published or back in draft (the sends are done). Throws after 20 s.
   */
  runDueDeliveries(letterIds?: number[]): Promise<void>;
  /** Stops the server and drops its database. */
  close(): Promise<void>;
}

/** A platform secret key for tests that start a platform themselves: none writes a key file into the user's data folder. */
export const TEST_SECRET_KEY = randomBytes(32);

export type TestPlatformOptions = Pick<StartPlatformOptions, 'smtpUrl' | 'mailFrom' | 'publicUrl' | 'deliveryJobs' | 'ai' | 'allowPrivateFetch' | 'allowHttpImageFetch' | 'sending'>;

export async function startTestPlatform(options: TestPlatformOptions = {}): Promise<TestPlatform> {
  const database = await createTestDatabase();
  // Uploaded images go to a folder of this test's own, never the user's data folder.
  const imagesDir = mkdtempSync(join(tmpdir(), 'letterdesk-platform-images-'));
  const removeImages = () => rmSync(imagesDir, { recursive: true, force: true });
  const db = createDb(database.connectionString, { maxConnections: 2 });
  try {
    const platform = await startPlatform({
      databaseUrl: database.connectionString,
      seedDemo: true,
      port: 0,
      imagesDir,
      deliveryRetryDelaySeconds: 0,
      jobPollingIntervalSeconds: 0.5,
      // A key of the test's own: without one the platform keeps its key in the user's data folder.
      secretKey: randomBytes(32),
      ...options,
    });
    return {
      url: platform.url,
      connectionString: database.connectionString,
      runDueDeliveries: async (letterIds) => {
        const due = await makeScheduledLettersDue(db, letterIds);
        await platform.sweepDeliveries();
        await waitUntilDelivered(db, due);
      },
      close: async () => {
        await platform.close();
        await db.destroy();
        await database.destroy();
        removeImages();
      },
    };
  } catch (error) {
    await db.destroy();
    await database.destroy();
    removeImages();
    throw error;
  }
}
