import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { startPlatform } from '../start';
import { DEMO_EMAIL, DEMO_PASSWORD } from './seed-demo';

// The zero-set-up path: no databaseUrl, so startPlatform runs its own PostgreSQL in the
// data directory (as root too: the cluster is handed to the postgres user).

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-embedded-test-'));
afterAll(async () => {
  await fs.rm(dataDir, { recursive: true, force: true });
});

async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

function postmasterPid(): Promise<number> {
  return fs.readFile(path.join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8').then((text) => Number(text.split('\n')[0]));
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

describe('startPlatform with the embedded PostgreSQL', () => {
  it('creates the cluster, seeds the demo account, keeps data across restarts and stops its server', async () => {
    const first = await startPlatform({ dataDir, port: 0 });
    const pid = await postmasterPid();
    let token: string;
    try {
      expect(isAlive(pid)).toBe(true);
      token = await signIn(first.url);
    } finally {
      await first.close();
    }
    expect(isAlive(pid)).toBe(false);
    const password = (await fs.readFile(path.join(dataDir, 'postgres', 'password'), 'utf8')).trim();
    expect(password.length).toBeGreaterThanOrEqual(24);

    const second = await startPlatform({ dataDir, port: 0 });
    try {
      // The token issued before the restart still works: same database, not a reseeded one.
      const me = await fetch(`${second.url}/api/me`, { headers: { authorization: `Bearer ${token}` } });
      expect(me.status).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('refuses connections without the generated password', async () => {
    const platform = await startPlatform({ dataDir, port: 0 });
    try {
      const lines = (await fs.readFile(path.join(dataDir, 'postgres', 'data', 'postmaster.pid'), 'utf8')).split('\n');
      const client = new pg.Client({ host: '127.0.0.1', port: Number(lines[3]), user: 'postgres', password: 'password', database: 'letterdesk' });
      await expect(client.connect()).rejects.toThrow(/password authentication failed/);
      await client.end().catch(() => undefined);
    } finally {
      await platform.close();
    }
  });

  it('uses the server a running instance already started on the same data directory', async () => {
    const owner = await startPlatform({ dataDir, port: 0 });
    const pid = await postmasterPid();
    try {
      const guest = await startPlatform({ dataDir, port: 0 });
      await signIn(guest.url);
      await guest.close();
      // The guest did not start that server, so closing it leaves the owner's running.
      expect(isAlive(pid)).toBe(true);
      await signIn(owner.url);
    } finally {
      await owner.close();
    }
    expect(isAlive(pid)).toBe(false);
  });
});
