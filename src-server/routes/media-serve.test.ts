import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createDiskImageStorage } from '../integrations/image-storage';
import { PNG_3X2 } from '../testing/image-fixtures';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// GET /media/{key} reaches only files the platform stored and recorded: secrets placed
// around and inside the images folder stay out of reach whatever the path says.

let t: TestApp;
let app: FastifyInstance;
let root: string;
let imagesDir: string;
const SECRET = 'do not serve me';
// A well-formed key whose file sits in the folder but has no row.
const UNRECORDED_KEY = `${'ab'.repeat(16)}.png`;

beforeAll(async () => {
  t = await createTestApp();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-media-serve-'));
  imagesDir = path.join(root, 'images');
  await fs.mkdir(path.join(imagesDir, 'ab'), { recursive: true });
  await fs.writeFile(path.join(root, 'secret.png'), SECRET);
  await fs.writeFile(path.join(imagesDir, 'secret.png'), SECRET);
  await fs.writeFile(path.join(imagesDir, 'ab', UNRECORDED_KEY), PNG_3X2);
  app = await buildApp({ db: t.db, imageStorage: createDiskImageStorage(imagesDir) });
});
afterAll(async () => {
  await app?.close();
  await t?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

describe('GET /media/{key}', () => {
  it.each([
    '/media/secret.png',
    '/media/..%2Fsecret.png',
    '/media/%2e%2e%2fsecret.png',
    '/media/..%5Csecret.png',
    '/media/ab%2F..%2F..%2Fsecret.png',
    '/media/%2Fetc%2Fpasswd',
    '/media/',
    `/media/${UNRECORDED_KEY}`,
    `/media/${UNRECORDED_KEY.toUpperCase()}`,
  ])('answers 404 for %s and never the file', async (url) => {
    const response = await app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(SECRET);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });

  // Dot segments are resolved before routing, so these are no longer /media paths at all
  // (401, as for every unknown non-public path); a NUL byte is refused before routing (400).
  it.each(['/media/../secret.png', '/media/../images/secret.png', '/media/..', `/media/${UNRECORDED_KEY}%00.png`])(
    'never serves a file for %s',
    async (url) => {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain(SECRET);
      expect(response.rawPayload.includes(PNG_3X2)).toBe(false);
    },
  );
});
