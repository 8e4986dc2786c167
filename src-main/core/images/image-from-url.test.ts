import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ImportedImage } from '../../../shared/contract/bridge';
import { ADDRESS_NOT_REACHABLE_MESSAGE, EMBEDDED_ACCOUNT } from '../../../shared/contract/platform-api';
import { NOT_AN_IMAGE_MESSAGE } from '../../../shared/contract/platform-media';
import type { Letter } from '../../../shared/model/letter';
import { startLoopbackServer, type LoopbackServer } from '../../../src-server/testing/loopback-server';
import { createPlatformClient } from '../platform/platform-client';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';
import { IMAGE_FROM_URL_OFFLINE_MESSAGE } from './image-service';
import { uploadImageFile } from './image-upload-client';
import { twoTone } from './testing/image-fixtures';

// images.importFromUrl end to end: a real core asks a real platform to copy an image from a
// site on loopback (upload-from-url), reads the copy back from the platform and keeps it with
// every crop, like a picked file. The platform fetches loopback only because these tests
// start it with the explicit test options (allowPrivateFetch, allowHttpImageFetch); with its
// default guard the same address is refused before any connection is made.

let site: LoopbackServer;
let photo: Buffer;

beforeAll(async () => {
  photo = await twoTone(1600, 800, 'png');
  site = await startLoopbackServer((request, response) => {
    if (request.url === '/photos/harbour.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    if (request.url === '/page') return void response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><p>Hello</p>');
    response.writeHead(404).end();
  });
});
afterAll(async () => {
  await site?.close();
});
beforeEach(() => {
  site.requests.length = 0;
  site.connections = 0;
});

const photoUrl = () => `${site.url}/photos/harbour.png`;

describe('images.importFromUrl, the platform allowed to fetch loopback (test options)', () => {
  const testPlatform = useTestPlatform({ faultyProxy: true, allowPrivateFetch: true, platformOptions: () => ({ allowHttpImageFetch: true }) });
  const { platform, proxy } = testPlatform;

  async function openLetter() {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    expect(letter.id).toBeGreaterThan(0);
    return { core, letter };
  }

  it('copies the image through the platform and keeps it with every crop, on the platform', async () => {
    const { core, letter } = await openLetter();
    const image = await call<ImportedImage>(core, 'images.importFromUrl', { letterUniqueId: letter.uniqueId, url: photoUrl() });
    // The site was asked once, by the platform (the core never fetches the address itself).
    expect(site.requests.map((r) => r.url)).toEqual(['/photos/harbour.png']);
    expect(image).toMatchObject({ uploaded: true, width: 1024, height: 512 });
    expect(Object.keys(image.variants).sort()).toEqual(['3:4', '4:3', 'circle', 'original', 'square']);
    for (const url of Object.values(image.variants)) expect(url).toMatch(new RegExp(`^${platform().url}/media/`));
    const square = await fetch(image.variants.square);
    expect(await sharp(Buffer.from(await square.arrayBuffer())).metadata()).toMatchObject({ width: 600, height: 600 });

    // Known from now on by any of its URLs, for re-cropping; asking again asks nobody.
    expect(await call<ImportedImage | null>(core, 'images.find', { url: image.url })).toMatchObject({ imageId: image.imageId });
    expect(await call<ImportedImage>(core, 'images.importFromUrl', { letterUniqueId: letter.uniqueId, url: image.variants.circle })).toMatchObject({ imageId: image.imageId });
    expect(site.requests).toHaveLength(1);
  });

  it("passes on the platform's refusal of what is not an image", async () => {
    const { core, letter } = await openLetter();
    const answer = await core.dispatch('images.importFromUrl', { letterUniqueId: letter.uniqueId, url: `${site.url}/page` });
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_input', message: NOT_AN_IMAGE_MESSAGE } });
  });

  it('says it needs the platform when the platform cannot be reached', async () => {
    const { core, letter } = await openLetter();
    proxy().mode = 'down';
    const answer = await core.dispatch('images.importFromUrl', { letterUniqueId: letter.uniqueId, url: photoUrl() });
    expect(answer).toMatchObject({ ok: false, error: { code: 'offline', message: IMAGE_FROM_URL_OFFLINE_MESSAGE } });
    expect(site.connections).toBe(0);
  });
});

describe('images.importFromUrl, the platform with its default guard', () => {
  // http is allowed so that the refusal below is the address's, not the scheme's.
  const testPlatform = useTestPlatform({ platformOptions: () => ({ allowHttpImageFetch: true }) });

  it('refuses a loopback address before any connection is made', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    for (const url of [photoUrl(), photoUrl().replace('127.0.0.1', 'localhost'), photoUrl().replace('127.0.0.1', '[::ffff:127.0.0.1]')]) {
      const answer = await core.dispatch('images.importFromUrl', { letterUniqueId: letter.uniqueId, url });
      expect({ url, answer }).toMatchObject({ url, answer: { ok: false, error: { code: 'invalid_input', message: ADDRESS_NOT_REACHABLE_MESSAGE } } });
    }
    expect(site.connections).toBe(0);
    expect(site.requests).toEqual([]);
  });

  it('re-crops an image this computer never imported: one on the platform is read from there, with no copy asked for', async () => {
    // An image another computer uploaded. Were the core to ask the platform to copy it, this
    // platform would refuse its own loopback address: the import succeeds only by reading it directly.
    let token: string | null = null;
    const other = createPlatformClient(testPlatform.platform().url, () => token);
    token = (await other.login(EMBEDDED_ACCOUNT)).token;
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const uploaded = await uploadImageFile(testPlatform.platform().url, token, {
      ...WEEKLY,
      letterId: letter.id!,
      fileName: 'harbour.png',
      contentType: 'image/png',
      bytes: photo,
    });
    expect(await call<ImportedImage | null>(core, 'images.find', { url: uploaded.url })).toBeNull();

    const image = await call<ImportedImage>(core, 'images.importFromUrl', { letterUniqueId: letter.uniqueId, url: uploaded.url });
    expect(image).toMatchObject({ width: 1024, height: 512 });
    const circle = await fetch(image.variants.circle);
    expect(await sharp(Buffer.from(await circle.arrayBuffer())).metadata()).toMatchObject({ width: 600, height: 600, hasAlpha: true });
    expect(site.connections).toBe(0);
  });
});
