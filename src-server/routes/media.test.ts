import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  IMAGE_MAX_BYTES,
  IMAGE_TOO_LARGE_MESSAGE,
  NOT_AN_IMAGE_MESSAGE,
  SVG_NOT_SUPPORTED_MESSAGE,
} from '../../shared/contract/platform-media';
import { buildApp } from '../app';
import { DEMO_EMAIL } from '../db/seed-demo';
import { imagesDb } from '../media/image-records';
import { PNG_3X2, SVG_DRAWING } from '../testing/image-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { PRIVATE_ALLOWED } from '../testing/fetch-guard-fixtures';
import { openMediaFixture, type MediaFixture } from '../testing/media-fixture';
import { startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';

// upload-from-url against a site on loopback (so `app` allows http and private addresses), and GET /media.
// Traversal attempts on /media are in media-serve.test.ts.

let media: MediaFixture;
let app: FastifyInstance;
let httpsOnlyApp: FastifyInstance;
let site: LoopbackServer;

beforeAll(async () => {
  media = await openMediaFixture('letterdesk-images-');
  app = await buildApp({ db: media.t.db, imageStorage: media.imageStorage, allowHttpImageFetch: true, fetchGuard: PRIVATE_ALLOWED });
  httpsOnlyApp = await buildApp({ db: media.t.db, imageStorage: media.imageStorage });
  site = await startLoopbackServer((request, response) => {
    const send = (status: number, type: string, body: Buffer) =>
      response.writeHead(status, { 'content-type': type, 'content-length': body.length }).end(body);
    switch (request.url) {
      case '/photo.png': return send(200, 'image/png', PNG_3X2);
      case '/photo-mislabelled': return send(200, 'image/jpeg; charset=binary', PNG_3X2);
      case '/moved': return void response.writeHead(302, { location: '/photo.png' }).end();
      case '/drawing': return send(200, 'image/svg+xml', SVG_DRAWING);
      case '/drawing-disguised': return send(200, 'image/png', SVG_DRAWING);
      case '/page': return send(200, 'text/html; charset=utf-8', Buffer.from('<!doctype html><p>Hello</p>'));
      case '/not-really.png': return send(200, 'image/png', Buffer.from('hello, not an image'));
      case '/octets': return send(200, 'application/octet-stream', PNG_3X2);
      case '/huge-declared':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': IMAGE_MAX_BYTES + 1 });
        return void response.write(PNG_3X2);
      case '/huge-streamed': {
        // No length declared: the platform must count as it reads.
        response.writeHead(200, { 'content-type': 'image/png' });
        response.write(PNG_3X2);
        response.end(Buffer.alloc(IMAGE_MAX_BYTES));
        return;
      }
      default: return send(404, 'text/plain', Buffer.from('not found'));
    }
  });
});
afterAll(async () => {
  await app?.close();
  await httpsOnlyApp?.close();
  await site?.close();
  await media?.close();
});
beforeEach(() => {
  site.requests.length = 0;
});

function upload(url: string, options: { headers?: Headers; on?: FastifyInstance; brand?: string; channel?: string; letterId?: number } = {}) {
  return (options.on ?? app).inject({
    method: 'POST',
    url: platformPaths.uploadFromUrl(options.brand ?? 'demo', options.channel ?? 'weekly', options.letterId ?? media.letter.id!),
    headers: options.headers ?? media.editor,
    payload: { url },
  });
}

describe('POST .../letters/{id}/media/upload-from-url', () => {
  it('copies the image, records it and serves the same bytes publicly at /media/{key}', async () => {
    const original = `${site.url}/photo.png`;
    const response = await upload(original);
    expect(response.statusCode, response.body).toBe(201);
    const answer = response.json<{ id: number; url: string; originalUrl: string }>();
    expect(answer.originalUrl).toBe(original);
    // Absolute, on the address the caller reached the platform at (inject's is localhost:80).
    const key = /^http:\/\/localhost(?::80)?\/media\/([0-9a-f]{32}\.png)$/.exec(answer.url)?.[1];
    expect(key, answer.url).toBeDefined();
    const publicUrl = new URL(answer.url);

    const row = await imagesDb(media.t.db).selectFrom('images').selectAll().where('id', '=', answer.id).executeTakeFirstOrThrow();
    const channel = await media.t.db.selectFrom('channels').selectAll().where('id', '=', media.letter.channelId).executeTakeFirstOrThrow();
    const user = await media.t.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      tenantId: channel.tenantId,
      organizationId: channel.organizationId,
      channelId: channel.id,
      letterId: media.letter.id,
      uploadedByUserId: user.id,
      originalUrl: original,
      contentType: 'image/png',
      byteSize: PNG_3X2.length,
      width: 3,
      height: 2,
      storageKey: key,
    });

    // No token: emails load it from anywhere.
    const served = await app.inject({ method: 'GET', url: publicUrl.pathname });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(served.headers['content-length'])).toBe(PNG_3X2.length);
    expect(served.rawPayload.equals(PNG_3X2)).toBe(true);
  });

  it('follows redirects, and stores what the bytes are rather than what the server claims', async () => {
    const moved = await upload(`${site.url}/moved`);
    expect(moved.statusCode, moved.body).toBe(201);
    expect(site.requests.map((request) => request.url)).toEqual(['/moved', '/photo.png']);
    const mislabelled = await upload(`${site.url}/photo-mislabelled`);
    expect(mislabelled.statusCode, mislabelled.body).toBe(201);
    const served = await app.inject({ method: 'GET', url: new URL(mislabelled.json<{ url: string }>().url).pathname });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['an SVG served as one', '/drawing', SVG_NOT_SUPPORTED_MESSAGE],
    ['an SVG served as a PNG', '/drawing-disguised', SVG_NOT_SUPPORTED_MESSAGE],
    ['a web page', '/page', NOT_AN_IMAGE_MESSAGE],
    ['text served as a PNG', '/not-really.png', NOT_AN_IMAGE_MESSAGE],
    ['an image served without an image type', '/octets', NOT_AN_IMAGE_MESSAGE],
    ['an image declared larger than 10 MB', '/huge-declared', IMAGE_TOO_LARGE_MESSAGE],
    ['an image that turns out larger than 10 MB', '/huge-streamed', IMAGE_TOO_LARGE_MESSAGE],
  ])('refuses %s with 422 and stores nothing', async (_case, route, message) => {
    const before = await media.stored();
    const response = await upload(`${site.url}${route}`);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json()).toEqual({ message, errors: { url: [message] } });
    expect(site.requests).toHaveLength(1);
    expect(await media.stored()).toEqual(before);
  });

  it.each([
    ['a .svg name', 'http://127.0.0.1:9/logo.SVG', SVG_NOT_SUPPORTED_MESSAGE],
    ['a file: address', 'file:///etc/passwd', 'Only http and https addresses can be used for images.'],
    ['an ftp: address', 'ftp://127.0.0.1/photo.png', 'Only http and https addresses can be used for images.'],
    ['a data: address', `data:image/png;base64,${PNG_3X2.toString('base64')}`, 'Only http and https addresses can be used for images.'],
    ['a javascript: address', 'javascript:alert(1)', 'Only http and https addresses can be used for images.'],
    ['words', 'my holiday photo', 'Enter a full web address, starting with https://.'],
    ['an address with a password', 'http://user:secret@127.0.0.1:9/photo.png', 'Addresses with a user name or password cannot be used for images.'],
  ])('refuses %s before fetching anything', async (_case, url, message) => {
    const before = await media.stored();
    const response = await upload(url);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe(message);
    expect(await media.stored()).toEqual(before);
  });

  it('fetches https only unless plain http is allowed', async () => {
    const response = await upload(`${site.url}/photo.png`, { on: httpsOnlyApp });
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().message).toBe('Only https addresses can be used for images.');
    expect(site.requests).toHaveLength(0);
  });

  it("answers 502 when the other server has no such image", async () => {
    const response = await upload(`${site.url}/gone.png`);
    expect(response.statusCode, response.body).toBe(502);
    expect(response.json().message).toBe(`The image could not be fetched: ${new URL(site.url).host} answered 404.`);
  });

  it("refuses another tenant's user before fetching, and stores nothing", async () => {
    const before = await media.stored();
    const theirs = await upload(`${site.url}/photo.png`, { headers: media.rival.headers });
    expect(theirs.statusCode).toBe(403);
    // Their own channel, but our letter's id: no such letter there.
    const ownChannel = await upload(`${site.url}/photo.png`, { headers: media.rival.headers, brand: 'rival', channel: 'daily' });
    expect(ownChannel.statusCode).toBe(404);
    const anonymous = await app.inject({ method: 'POST', url: platformPaths.uploadFromUrl('demo', 'weekly', media.letter.id!), payload: { url: `${site.url}/photo.png` } });
    expect(anonymous.statusCode).toBe(401);
    expect(site.requests).toHaveLength(0);
    expect(await media.stored()).toEqual(before);
  });

  it('leaves no file behind when the row cannot be written', async () => {
    await sql`CREATE FUNCTION test_fail_image() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected fault'; END $$`.execute(media.t.db);
    await sql`CREATE TRIGGER test_fail_image BEFORE INSERT ON images FOR EACH ROW EXECUTE FUNCTION test_fail_image()`.execute(media.t.db);
    try {
      const before = await media.stored();
      const response = await upload(`${site.url}/photo.png`);
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Something went wrong on the platform.' });
      expect(site.requests).toHaveLength(1);
      expect(await media.stored()).toEqual(before);
    } finally {
      await sql`DROP TRIGGER test_fail_image ON images`.execute(media.t.db);
      await sql`DROP FUNCTION test_fail_image()`.execute(media.t.db);
    }
  });

  it('answers 503 on a platform built without image storage, after the access checks', async () => {
    expect((await upload(`${site.url}/photo.png`, { on: media.t.app, headers: media.rival.headers })).statusCode).toBe(403);
    const response = await upload(`${site.url}/photo.png`, { on: media.t.app });
    expect(response.statusCode).toBe(503);
    expect(site.requests).toHaveLength(0);
  });
});
