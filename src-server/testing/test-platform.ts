import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { startPlatform } from '../start';
import { createTestDatabase } from './test-database';

// A real platform server for tests of other parts (the desktop core's sync): its own
// database with the demo account, listening on a free loopback port.

/** The seeded demo owner of brand `demo` and its channel `weekly`. */
export const TEST_ACCOUNT = { email: DEMO_EMAIL, password: DEMO_PASSWORD } as const;

export interface TestPlatform {
  /** e.g. http://127.0.0.1:43121 */
  url: string;
  /** The test database, for looking behind the API. */
  connectionString: string;
  /** Stops the server and drops its database. */
  close(): Promise<void>;
}

export async function startTestPlatform(): Promise<TestPlatform> {
  const database = await createTestDatabase();
  // Uploaded images go to a folder of this test's own, never the user's data folder.
  const imagesDir = mkdtempSync(join(tmpdir(), 'letterdesk-platform-images-'));
  const removeImages = () => rmSync(imagesDir, { recursive: true, force: true });
  try {
    const platform = await startPlatform({ databaseUrl: database.connectionString, seedDemo: true, port: 0, imagesDir });
    return {
      url: platform.url,
      connectionString: database.connectionString,
      close: async () => {
        await platform.close();
        await database.destroy();
        removeImages();
      },
    };
  } catch (error) {
    await database.destroy();
    removeImages();
    throw error;
  }
}
