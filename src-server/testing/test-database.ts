import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type {} from './provided-context';

// A database of its own for a test file, on the cluster the global setup started.

export interface TestDatabase {
  connectionString: string;
  /** Drops the database, closing any connection still open to it. */
  destroy(): Promise<void>;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('pgAdminUrl');
  if (!adminUrl) {
    throw new Error('No test PostgreSQL: run under a vitest config whose globalSetup is src-server/testing/global-setup.ts');
  }
  const name = `letterdesk_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let destroyed = false;
  return {
    connectionString: url.toString(),
    destroy: async () => {
      if (destroyed) return;
      destroyed = true;
      await withAdmin(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
      );
    },
  };
}

async function withAdmin(adminUrl: string, work: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await work(client);
  } finally {
    await client.end();
  }
}
