import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { LOGIN_ATTEMPTS_PER_MINUTE, TOO_MANY_SIGN_INS_MESSAGE } from '../http/login-limit';
import { PNG_3X2 } from '../testing/image-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { channelId, createBody } from '../testing/letter-fixtures';
import { createDb, type Db } from '../db/database';
import { startCluster, type LocalCluster } from './local-cluster';

// `npm run cluster` with two instances: Debian's nginx in front, s3rver for images, the
// test PostgreSQL. What one instance is given, the other serves; a limit is one limit;
// an instance stopped leaves the address answering.

let database: TestDatabase;
let dataDir: string;
let cluster: LocalCluster;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-cluster-'));
  cluster = await startCluster({ dataDir, size: 2, databaseUrl: database.connectionString, env: { SEED_DEMO: '1' } });
  db = createDb(database.connectionString, { maxConnections: 1 });
}, 180_000);
afterAll(async () => {
  await cluster?.close();
  await db?.destroy();
  await database?.destroy();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, 120_000);

async function call(base: string, method: string, url: string, options: { token?: string; body?: unknown; raw?: Buffer; type?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.raw) headers['content-type'] = options.type ?? 'application/octet-stream';
  const response = await fetch(`${base}${url}`, { method, headers, body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
  return response;
}

async function signIn(base: string): Promise<string> {
  const response = await call(base, 'POST', platformPaths.login(), { body: { email: DEMO_EMAIL, password: DEMO_PASSWORD } });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

describe('the local cluster', () => {
  it('is ready through nginx, with the database and the bucket answering', async () => {
    const response = await call(cluster.url, 'GET', platformPaths.ready());
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
  });

  it('serves through the other instance, and through nginx, an image uploaded through one', async () => {
    const [first, second] = cluster.instances.map((instance) => instance.url) as [string, string];
    const token = await signIn(first);
    const created = await call(first, 'POST', platformPaths.letters('demo', 'weekly'), {
      token,
      body: createBody(await channelId(db, 'weekly'), { title: 'Cluster' }),
    });
    expect(created.status, await created.clone().text()).toBe(201);
    const letter = (await created.json()) as { id: number };
    const upload = await call(first, 'POST', platformPaths.uploadMedia('demo', 'weekly', letter.id), { token, raw: PNG_3X2, type: 'image/png' });
    expect(upload.status, await upload.clone().text()).toBe(201);
    const mediaPath = new URL(((await upload.json()) as { url: string }).url).pathname;
    for (const base of [second, cluster.url]) {
      const served = await fetch(`${base}${mediaPath}`);
      expect(served.status).toBe(200);
      expect(Buffer.from(await served.arrayBuffer()).equals(PNG_3X2)).toBe(true);
    }
    // Nothing on the instances' disks: the bytes are in the bucket.
    const onDisk = await fs.readdir(path.join(dataDir, 'instance-1'), { recursive: true }).catch(() => []);
    expect(onDisk.filter((name) => String(name).endsWith('.png'))).toEqual([]);
  });

  it('refuses the eleventh failed sign-in within a minute whichever instance answers', async () => {
    const attempt = (base: string, password: string) => call(base, 'POST', platformPaths.login(), { body: { email: 'cluster-guess@example.com', password } });
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await attempt(cluster.url, `wrong ${i}`)).status).toBe(401);
    for (const base of [cluster.url, ...cluster.instances.map((instance) => instance.url)]) {
      const refused = await attempt(base, 'wrong again');
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { message: string }).message).toBe(TOO_MANY_SIGN_INS_MESSAGE);
    }
  });

  it('keeps answering through nginx while one instance stops (SIGTERM)', async () => {
    const stopping = cluster.instances[0]!.process;
    const exited = new Promise<number | null>((resolve) => stopping.once('exit', resolve));
    stopping.kill('SIGTERM');
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await call(cluster.url, 'GET', platformPaths.ready())).status);
    expect(await exited).toBe(0);
    for (let i = 0; i < 10; i++) statuses.push((await call(cluster.url, 'GET', platformPaths.ready())).status);
    expect(statuses).toEqual(statuses.map(() => 200));
  });
});
