import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { ADDRESS_NOT_REACHABLE_MESSAGE } from '../../shared/contract/platform-api';
import { PUBLIC_ONLY } from '../integrations/guarded-fetch';
import { PRIVATE_ALLOWED } from '../testing/fetch-guard-fixtures';
import { PNG_3X2 } from '../testing/image-fixtures';
import { startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';
import { checkImageUrl, fetchImage } from './fetch-image';

// The limits that the route tests cannot reach cheaply: the time limit, redirect chains,
// and each redirect hop being checked like the first address.

let site: LoopbackServer;

beforeAll(async () => {
  site = await startLoopbackServer((request, response) => {
    if (request.url === '/slow.png') {
      // Headers at once, then the body never finishes.
      response.writeHead(200, { 'content-type': 'image/png' });
      response.write(PNG_3X2.subarray(0, 10));
      return;
    }
    if (request.url === '/loop') return void response.writeHead(302, { location: '/loop' }).end();
    if (request.url === '/to-ftp') return void response.writeHead(301, { location: 'ftp://127.0.0.1/photo.png' }).end();
    if (request.url === '/to-svg') return void response.writeHead(307, { location: '/files/logo.svg' }).end();
    response.writeHead(200, { 'content-type': 'image/png' }).end(PNG_3X2);
  });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => {
  site.requests.length = 0;
});

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof HttpError)) throw new Error(`expected an HttpError, got ${String(error)}`);
  return { status: error.statusCode, message: error.message };
}

describe('fetchImage', () => {
  it('reads the image, its format and size', async () => {
    const image = await fetchImage(`${site.url}/photo.png`, { allowHttp: true, guard: PRIVATE_ALLOWED });
    expect(image.bytes.equals(PNG_3X2)).toBe(true);
    expect(image).toMatchObject({ format: 'png', contentType: 'image/png', size: { width: 3, height: 2 } });
    expect(site.requests[0]!.headers.accept).toBe('image/*');
  });

  it('gives up when the download takes longer than its time limit', async () => {
    const started = Date.now();
    expect(await refusal(fetchImage(`${site.url}/slow.png`, { allowHttp: true, guard: PRIVATE_ALLOWED, timeoutMs: 300 }))).toEqual({
      status: 502,
      message: 'The image took longer than 1 s to download.',
    });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('stops following a redirect loop', async () => {
    expect(await refusal(fetchImage(`${site.url}/loop`, { allowHttp: true, guard: PRIVATE_ALLOWED }))).toEqual({
      status: 502,
      message: `${new URL(site.url).host} redirected too many times.`,
    });
    expect(site.requests).toHaveLength(6);
  });

  it('checks every redirect hop like the first address', async () => {
    expect((await refusal(fetchImage(`${site.url}/to-ftp`, { allowHttp: true, guard: PRIVATE_ALLOWED }))).status).toBe(422);
    expect((await refusal(fetchImage(`${site.url}/to-svg`, { allowHttp: true, guard: PRIVATE_ALLOWED }))).message).toMatch(/^SVG files are not supported/);
    expect(site.requests.map((request) => request.url)).toEqual(['/to-ftp', '/to-svg']);
  });

  it('refuses the loopback site when the platform allows only public addresses, before connecting', async () => {
    const before = site.connections;
    expect(await refusal(fetchImage(`${site.url}/photo.png`, { allowHttp: true, guard: PUBLIC_ONLY }))).toEqual({
      status: 422,
      message: ADDRESS_NOT_REACHABLE_MESSAGE,
    });
    expect(site.connections).toBe(before);
  });

  it('answers 502 when nothing listens there', async () => {
    const closed = await startLoopbackServer();
    await closed.close();
    expect(await refusal(fetchImage(`${closed.url}/photo.png`, { allowHttp: true, guard: PRIVATE_ALLOWED }))).toEqual({
      status: 502,
      message: `The image could not be fetched from ${new URL(closed.url).host}.`,
    });
  });
});

describe('checkImageUrl', () => {
  it('takes https always and http only when allowed', () => {
    expect(checkImageUrl('https://images.example/a.png', false).href).toBe('https://images.example/a.png');
    expect(checkImageUrl('http://images.example/a.png', true).protocol).toBe('http:');
    expect(() => checkImageUrl('http://images.example/a.png', false)).toThrow('Only https addresses can be used for images.');
    expect(() => checkImageUrl('ftp://images.example/a.png', false)).toThrow('Only https addresses can be used for images.');
  });
});
