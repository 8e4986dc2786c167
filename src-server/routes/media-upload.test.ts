import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { IMAGE_MAX_BYTES, IMAGE_TOO_LARGE_MESSAGE, SVG_NOT_SUPPORTED_MESSAGE } from '../../shared/contract/platform-media';
import { NOT_AN_IMAGE_FILE_MESSAGE } from '../../shared/rules/image-upload';
import { buildApp } from '../app';
import { imagesDb } from '../media/image-records';
import { GIF_HEADER, PNG_3X2, SVG_DRAWING } from '../testing/image-fixtures';
import { openMediaFixture, type MediaFixture } from '../testing/media-fixture';

// POST .../letters/{id}/media/upload: the desktop app's image files, sent as the body.

let media: MediaFixture;
let app: FastifyInstance;

beforeAll(async () => {
  media = await openMediaFixture('letterdesk-uploads-');
  app = await buildApp({ db: media.t.db, imageStorage: media.imageStorage });
});
afterAll(async () => {
  await app?.close();
  await media?.close();
});

interface UploadOptions {
  headers?: Record<string, string>;
  on?: FastifyInstance;
  brand?: string;
  letterId?: number;
  type?: string;
  fileName?: string;
}

function upload(body: Buffer, options: UploadOptions = {}) {
  const query = options.fileName === undefined ? '' : `?fileName=${encodeURIComponent(options.fileName)}`;
  return (options.on ?? app).inject({
    method: 'POST',
    url: `${platformPaths.uploadMedia(options.brand ?? 'demo', 'weekly', options.letterId ?? media.letter.id!)}${query}`,
    headers: { ...(options.headers ?? media.editor), 'content-type': options.type ?? 'image/png' },
    payload: body,
  });
}

describe('POST .../letters/{id}/media/upload', () => {
  it('stores the file, records whose it is, and serves the same bytes publicly', async () => {
    const response = await upload(PNG_3X2, { fileName: 'Summer picnic.png' });
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{ id: number; url: string; width: number; height: number }>();
    expect(answer).toMatchObject({ width: 3, height: 2 });
    const key = /^http:\/\/localhost(?::80)?\/media\/([0-9a-f]{32}\.png)$/.exec(answer.url)?.[1];
    expect(key, answer.url).toBeDefined();
    const row = await imagesDb(media.t.db).selectFrom('images').selectAll().where('id', '=', answer.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      channelId: media.letter.channelId,
      letterId: media.letter.id,
      originalUrl: 'Summer picnic.png',
      contentType: 'image/png',
      byteSize: PNG_3X2.length,
      storageKey: key,
    });
    const served = await app.inject({ method: 'GET', url: new URL(answer.url).pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG_3X2)).toBe(true);
  });

  it('answers a retry with the same Idempotency-Key once, storing the image once', async () => {
    const headers = { ...media.editor, 'idempotency-key': 'upload-retry-1' };
    const before = await media.stored();
    const first = await upload(PNG_3X2, { headers });
    const again = await upload(PNG_3X2, { headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await media.stored()).toEqual({ rows: before.rows + 1, files: before.files + 1 });
  });

  it.each([
    ['an SVG by its type', SVG_DRAWING, 'image/svg+xml', SVG_NOT_SUPPORTED_MESSAGE],
    ['an SVG sent as a PNG', SVG_DRAWING, 'image/png', SVG_NOT_SUPPORTED_MESSAGE],
    ['text sent as a PNG', Buffer.from('hello, not an image'), 'image/png', NOT_AN_IMAGE_FILE_MESSAGE],
    ['plain text', Buffer.from('hello'), 'text/plain', NOT_AN_IMAGE_FILE_MESSAGE],
    ['a PNG sent as unknown bytes', PNG_3X2, 'application/octet-stream', NOT_AN_IMAGE_FILE_MESSAGE],
    ['an image type no one accepts', PNG_3X2, 'image/x-portable-pixmap', NOT_AN_IMAGE_FILE_MESSAGE],
    ['a file over 10 MB', Buffer.concat([GIF_HEADER, Buffer.alloc(IMAGE_MAX_BYTES)]), 'image/gif', IMAGE_TOO_LARGE_MESSAGE],
  ])('refuses %s with 422 and stores nothing', async (_case, body, type, message) => {
    const before = await media.stored();
    const response = await upload(body, { type });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message, errors: { file: [message] } });
    expect(await media.stored()).toEqual(before);
  });

  it("refuses another tenant's user, a letter that does not exist, and a missing token, storing nothing", async () => {
    const before = await media.stored();
    const theirs = await upload(PNG_3X2, { headers: media.rival.headers });
    expect(theirs.statusCode, theirs.body).toBe(403);
    // Even an SVG: access is decided before the body is looked at.
    expect((await upload(SVG_DRAWING, { headers: media.rival.headers, type: 'image/svg+xml' })).statusCode).toBe(403);
    const missing = await upload(PNG_3X2, { letterId: 999_999 });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Eep. It doesn’t look like this letter exists.');
    expect((await upload(PNG_3X2, { headers: {} })).statusCode).toBe(401);
    expect(await media.stored()).toEqual(before);
  });

  it('answers 503 on a platform that keeps no images', async () => {
    const response = await upload(PNG_3X2, { on: media.t.app });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Image uploads are not configured on this platform.');
  });
});
