import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import type { BuildAppOptions } from '../app';
import { createDb } from '../db/database';
import type { Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { seedDemo } from '../db/seed-demo';
import { createTestDatabase } from './test-database';

// For the server's own route tests: the app (called with inject), its database handle
// and the demo account, on a fresh database.

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  /** The test database (for a second pool: background jobs, another instance). */
  connectionString: string;
  close(): Promise<void>;
}

export async function createTestApp(options: Omit<BuildAppOptions, 'db'> = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const db = createDb(database.connectionString, { maxConnections: 4 });
  try {
    await migrateToLatest(db);
    await seedDemo(db);
    const app = await buildApp({ ...options, db });
    return {
      app,
      db,
      connectionString: database.connectionString,
      close: async () => {
        await app.close();
        await db.destroy();
        await database.destroy();
      },
    };
  } catch (error) {
    await db.destroy();
    await database.destroy();
    throw error;
  }
}

/** Signs in through the API and returns the bearer header for later calls. */
export async function signIn(app: FastifyInstance, email: string, password: string): Promise<{ authorization: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`Sign-in as ${email} failed: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json<{ token: string }>().token}` };
}
