import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { ImportedImage } from '../../../shared/contract/bridge';
import { SVG_NOT_SUPPORTED_MESSAGE } from '../../../shared/contract/platform-media';
import { newSection, parseSections, serializeSections } from '../../../shared/model';
import type { Letter } from '../../../shared/model/letter';
import { createEventHub, startWebHost } from '../../web/web-host';
import { call, platformView, useTestPlatform, WEEKLY } from '../testing/test-core';
import { localImagesDir } from './local-image-url';
import { SVG_DRAWING, twoTone } from './testing/image-fixtures';

// images.import end to end in the core, against a real platform behind a proxy that can be
// switched off: offline, the image is kept and shown from this computer; once the platform
// is back, the queue uploads every file, the letter's sections take the platform's URLs,
// and the platform serves the same bytes.

const testPlatform = useTestPlatform({ faultyProxy: true });
const { platform, proxy, cleanup, tempDir } = testPlatform;

async function openCore() {
  const dataDir = tempDir();
  const opened = await testPlatform.openCore({}, dataDir);
  await call(opened.core, 'app.session', {});
  return { ...opened, dataDir };
}

async function pngBase64(width: number, height: number) {
  return (await twoTone(width, height, 'png')).toString('base64');
}

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** An image section showing `src`, cut from `originalSrc`. */
function imageBlocks(src: string, originalSrc: string): string {
  const section = newSection('image', 'section-with-image');
  section.blockModel = { ...section.blockModel, src, originalSrc, imageSmartCrop: 'square' };
  return serializeSections([section]);
}

describe('images.import', () => {
  it('offline: keeps the image on this computer and shows it from there; online: uploads it and rewrites the letter', async () => {
    const { core, events, dataDir } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    expect(letter.id).toBeGreaterThan(0);

    proxy().mode = 'down';
    const image = await call<ImportedImage>(core, 'images.import', {
      letterUniqueId: letter.uniqueId,
      fileName: 'A picnic in the park, summer.png',
      mimeType: 'image/png',
      dataBase64: await pngBase64(2000, 1000),
      purpose: 'block',
    });
    expect(image).toMatchObject({ uploaded: false, width: 1024, height: 512 });
    expect(image.url).toMatch(/^\/local-images\/[0-9a-f]{32}\/original\.png$/);
    expect(Object.keys(image.variants).sort()).toEqual(['3:4', '4:3', 'circle', 'original', 'square']);
    expect(image.variants['4:3']).toMatch(/\/horizontalRectangle\.png$/);

    // The browser host shows it from the core's folder.
    const staticDir = join(tempDir(), 'web');
    mkdirSync(staticDir);
    writeFileSync(join(staticDir, 'index.html'), '<!doctype html>');
    const host = await startWebHost({ port: 0, staticDir, dispatch: core.dispatch, hub: createEventHub(), localImagesDir: localImagesDir(dataDir) });
    cleanup.add(() => host.close());
    const served = await fetch(`${host.url}${image.variants.square}`);
    expect(served.status).toBe(200);
    const localSquare = Buffer.from(await served.arrayBuffer());
    expect(await sharp(localSquare).metadata()).toMatchObject({ width: 600, height: 600, format: 'png' });

    await call(core, 'letters.saveLocal', {
      uniqueId: letter.uniqueId,
      changes: { blocks: imageBlocks(image.variants.square, image.url), openGraphImageUrl: image.variants.original },
    });

    proxy().mode = 'pass';
    const uploaded = await waitFor('the upload', () => events.find((e) => e.event === 'images.uploaded')?.payload as { letterUniqueId: string; urls: Record<string, string> } | undefined);
    expect(uploaded.letterUniqueId).toBe(letter.uniqueId);
    expect(Object.keys(uploaded.urls).sort()).toEqual(Object.values(image.variants).sort());
    const platformSquare = uploaded.urls[image.variants.square]!;
    expect(platformSquare).toMatch(new RegExp(`^${platform().url}/media/[0-9a-f]{32}\\.png$`));

    // The stored letter shows the platform's copies, and sync carries that to the platform.
    const stored = await call<Letter>(core, 'letters.get', { ...WEEKLY, id: letter.uniqueId });
    const [section] = parseSections(stored.blocks);
    expect(section?.type === 'image' && section.blockModel).toMatchObject({ src: platformSquare, originalSrc: uploaded.urls[image.url] });
    expect(stored.openGraphImageUrl).toBe(uploaded.urls[image.variants.original]);
    await call(core, 'sync.now', {});
    const onPlatform = await (await platformView(platform().url)).letter(letter.id!);
    expect(onPlatform?.blocks).toContain(platformSquare);
    expect(onPlatform?.blocks).not.toContain('/local-images/');

    // The platform serves the same bytes, to anyone.
    const fromPlatform = await fetch(platformSquare);
    expect(fromPlatform.status).toBe(200);
    expect(fromPlatform.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await fromPlatform.arrayBuffer()).equals(localSquare)).toBe(true);

    // Its crops are found again by any of its URLs, for re-cropping later.
    const found = await call<ImportedImage | null>(core, 'images.find', { url: uploaded.urls[image.url]! });
    expect(found).toMatchObject({ imageId: image.imageId, uploaded: true, url: uploaded.urls[image.url], variants: { square: platformSquare } });
    expect(await call<ImportedImage | null>(core, 'images.find', { url: image.variants.circle })).toMatchObject({ imageId: image.imageId });
    expect(await call<ImportedImage | null>(core, 'images.find', { url: 'https://elsewhere.example/a.png' })).toBeNull();

    // A new image, online: the core answers the platform's URLs at once.
    const again = await call<ImportedImage>(core, 'images.import', {
      letterUniqueId: letter.uniqueId,
      fileName: 'card.jpg',
      mimeType: 'image/jpeg',
      dataBase64: (await twoTone(1200, 630, 'jpeg')).toString('base64'),
      purpose: 'social',
    });
    expect(again).toMatchObject({ uploaded: true, width: 400, height: 210 });
    expect(again.url).toMatch(new RegExp(`^${platform().url}/media/[0-9a-f]{32}\\.jpg$`));
    expect(new Set(Object.values(again.variants))).toEqual(new Set([again.url]));
  });

  it('online: answers with the platform URLs at once', async () => {
    const { core } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const image = await call<ImportedImage>(core, 'images.import', {
      letterUniqueId: letter.uniqueId,
      fileName: 'small.png',
      mimeType: 'image/png',
      dataBase64: await pngBase64(120, 80),
      purpose: 'block',
    });
    expect(image).toMatchObject({ uploaded: true, width: 120, height: 80 });
    for (const url of Object.values(image.variants)) expect(url).toMatch(new RegExp(`^${platform().url}/media/`));
    const circle = await fetch(image.variants.circle);
    expect(await sharp(Buffer.from(await circle.arrayBuffer())).metadata()).toMatchObject({ width: 600, height: 600, hasAlpha: true });
  });

  it('waits for a letter made offline to reach the platform before uploading its images', async () => {
    const { core, events } = await openCore();
    proxy().mode = 'down';
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    expect(letter.id).toBeNull();
    const image = await call<ImportedImage>(core, 'images.import', {
      letterUniqueId: letter.uniqueId,
      fileName: 'offline.png',
      mimeType: 'image/png',
      dataBase64: await pngBase64(64, 64),
      purpose: 'block',
    });
    expect(image.uploaded).toBe(false);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { blocks: imageBlocks(image.variants.original, image.url) } });
    proxy().mode = 'pass';
    await call(core, 'sync.now', {});
    await waitFor('the upload', () => events.find((e) => e.event === 'images.uploaded'));
    const stored = await call<Letter>(core, 'letters.get', { ...WEEKLY, id: letter.uniqueId });
    expect(stored.blocks).not.toContain('/local-images/');
  });

  it('keeps the queue across a restart: images picked offline upload when the app next runs online', async () => {
    const first = await openCore();
    const letter = await call<Letter>(first.core, 'letters.create', WEEKLY);
    proxy().mode = 'down';
    const image = await call<ImportedImage>(first.core, 'images.import', {
      letterUniqueId: letter.uniqueId,
      fileName: 'train.png',
      mimeType: 'image/png',
      dataBase64: await pngBase64(300, 200),
      purpose: 'block',
    });
    await call(first.core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { blocks: imageBlocks(image.variants.square, image.url) } });
    await first.close();

    proxy().mode = 'pass';
    const second = await testPlatform.openCore({}, first.dataDir);
    const event = await waitFor('the upload after the restart', () => second.events.find((e) => e.event === 'images.uploaded'));
    expect(event.payload).toMatchObject({ letterUniqueId: letter.uniqueId });
    const stored = await call<Letter>(second.core, 'letters.get', { ...WEEKLY, id: letter.uniqueId });
    expect(stored.blocks).not.toContain('/local-images/');
    expect(stored.blocks).toContain(`${platform().url}/media/`);
  });

  it('refuses SVG by name or type and anything that is not an image, storing nothing', async () => {
    const { core, dataDir } = await openCore();
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    const attempt = (fileName: string, mimeType: string, bytes: Buffer) =>
      core.dispatch('images.import', { letterUniqueId: letter.uniqueId, fileName, mimeType, dataBase64: bytes.toString('base64'), purpose: 'block' });
    const png = await twoTone(10, 10, 'png');
    expect(await attempt('logo.svg', 'image/svg+xml', SVG_DRAWING)).toMatchObject({ ok: false, error: { code: 'invalid_input', message: SVG_NOT_SUPPORTED_MESSAGE } });
    // By name alone, even with a PNG's bytes; and by content alone, whatever the name.
    expect(await attempt('LOGO.SVG', '', png)).toMatchObject({ ok: false, error: { message: SVG_NOT_SUPPORTED_MESSAGE } });
    expect(await attempt('logo.png', 'image/png', SVG_DRAWING)).toMatchObject({ ok: false, error: { message: SVG_NOT_SUPPORTED_MESSAGE } });
    expect(await attempt('notes.txt', 'text/plain', Buffer.from('hello'))).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await core.dispatch('images.import', { letterUniqueId: 'no-such-letter', fileName: 'a.png', mimeType: 'image/png', dataBase64: png.toString('base64') })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    const folder = localImagesDir(dataDir);
    expect(existsSync(folder) ? readdirSync(folder) : []).toEqual([]);
  });
});
