import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { buildApp } from '../app';
import { createS3ImageStorage } from '../integrations/s3-image-storage';
import { imagesDb } from '../media/image-records';
import { PNG_3X2 } from '../testing/image-fixtures';
import { openMediaFixture, type MediaFixture } from '../testing/media-fixture';
import { startS3Server, type TestS3Server } from '../testing/s3-server';

// Two platform instances on one database and one S3 bucket (s3rver on loopback): an image
// uploaded through one is served by the other, and an upload the bucket refuses leaves no row.

let media: MediaFixture;
let s3: TestS3Server;
let first: FastifyInstance;
let second: FastifyInstance;
let broken: FastifyInstance;
let redirecting: FastifyInstance;

beforeAll(async () => {
  media = await openMediaFixture('letterdesk-media-s3-');
  s3 = await startS3Server();
  first = await buildApp({ db: media.t.db, imageStorage: createS3ImageStorage(s3.settings()) });
  second = await buildApp({ db: media.t.db, imageStorage: createS3ImageStorage(s3.settings()) });
  broken = await buildApp({ db: media.t.db, imageStorage: createS3ImageStorage(s3.settings('no-such-bucket')) });
  redirecting = await buildApp({ db: media.t.db, imageStorage: createS3ImageStorage({ ...s3.settings(), publicUrl: 'https://images.example.com/letters' }) });
});
afterAll(async () => {
  for (const app of [first, second, broken, redirecting]) await app?.close();
  await s3?.close();
  await media?.close();
});

const upload = (app: FastifyInstance) =>
  app.inject({
    method: 'POST',
    url: platformPaths.uploadMedia('demo', 'weekly', media.letter.id!),
    headers: { ...media.editor, 'content-type': 'image/png' },
    payload: PNG_3X2,
  });

describe('images in S3, shared by instances', () => {
  it('serves through one instance what was uploaded through the other', async () => {
    const response = await upload(first);
    expect(response.statusCode, response.body).toBe(201);
    const served = await second.inject({ method: 'GET', url: new URL(response.json<{ url: string }>().url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_3X2)).toBe(true);
  });

  it('an upload the bucket refuses answers an error and records nothing', async () => {
    const rows = async () => (await imagesDb(media.t.db).selectFrom('images').select('id').execute()).length;
    const before = await rows();
    const response = await upload(broken);
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(await rows()).toBe(before);
  });

  it('redirects to the public bucket when it has one, and only for images it recorded', async () => {
    const response = await upload(first);
    const key = new URL(response.json<{ url: string }>().url).pathname.split('/').pop()!;
    const served = await redirecting.inject({ method: 'GET', url: `/media/${key}` });
    expect(served.statusCode).toBe(302);
    expect(served.headers.location).toBe(`https://images.example.com/letters/${key}`);
    const unknown = await redirecting.inject({ method: 'GET', url: `/media/${'cd'.repeat(16)}.png` });
    expect(unknown.statusCode).toBe(404);
  });
});
