import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded';
import type {} from './provided-context';

// One embedded PostgreSQL for the whole test run (starting one takes about a second);
// each test file then creates its own database on it (test-database.ts).

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-test-pg-'));
  try {
    const cluster = await startEmbeddedPostgres({
      dataDir,
      // Thrown away after the run: durability only costs time here.
      durable: false,
      settings: { max_connections: '300' },
    });
    project.provide('pgAdminUrl', cluster.adminConnectionString);
    return async () => {
      await cluster.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (!cluster.clusterDir.startsWith(dataDir)) await fs.rm(path.dirname(cluster.clusterDir), { recursive: true, force: true });
    };
  } catch (error) {
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
}
