import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDb } from '../db/database';
import { createDiskImageStorage } from '../integrations/image-storage';
import { createS3ImageStorage } from '../integrations/s3-image-storage';
import { startS3Server } from '../testing/s3-server';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/health', () => {
  it('answers ok without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers 401 with the error shape for a call that needs a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Sign in to continue.' });
  });
});

describe('GET /api/health/ready', () => {
  it('answers ready when the database and the storage answer, and says "none" without storage', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-ready-'));
    const app = await buildApp({ db: t.db, imageStorage: createDiskImageStorage(path.join(root, 'images')) });
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toEqual({ status: 'ready', database: 'ok', storage: 'ok' });
      const bare = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(bare.json()).toEqual({ status: 'ready', database: 'ok', storage: 'none' });
    } finally {
      await app.close();
      await fs.rm(root, { recursive: true, force: true });
    }
  });

  it('answers 503 naming the storage when the bucket does not answer', async () => {
    const s3 = await startS3Server();
    const app = await buildApp({ db: t.db, imageStorage: createS3ImageStorage(s3.settings('no-such-bucket')) });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', database: 'ok', storage: 'failing' });
    } finally {
      await app.close();
      await s3.close();
    }
  });

  it('answers 503 naming the database when it does not answer, while /api/health stays ok', async () => {
    const gone = createDb('postgres://nobody:nothing@127.0.0.1:9/none', { maxConnections: 1 });
    const app = await buildApp({ db: gone });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({ status: 'not ready', database: 'failing', storage: 'none' });
      expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    } finally {
      await app.close();
      await gone.destroy();
    }
  });
});
