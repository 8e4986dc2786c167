import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLoopbackServer, type LoopbackServer } from '../../src-server/testing/loopback-server';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// An image by its web address (spec 1 §7 upload-from-url): the editor gives the Image
// section an address; the platform copies the picture from a site on loopback (which its
// fetcher reaches only because this host is started with ALLOW_PRIVATE_FETCH and
// ALLOW_HTTP_IMAGE_FETCH), the core crops the copy, and the canvas shows the platform's
// copy — then the square crop of it.

let site: LoopbackServer;
beforeAll(async () => {
  const photo = await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#2f9e44' } }).png().toBuffer();
  site = await startLoopbackServer((request, response) => {
    if (request.url === '/photos/meadow.png') return void response.writeHead(200, { 'content-type': 'image/png' }).end(photo);
    response.writeHead(404).end();
  });
});
afterAll(async () => {
  await site?.close();
});

const app = useAppInBrowser(() => ({ ALLOW_PRIVATE_FETCH: '1', ALLOW_HTTP_IMAGE_FETCH: '1' }));
const { canvasTypes, palette, section, settings, openNewLetter } = composerPage(app);

/** Runs in the page: the width of a loaded image's pixels (0 until it has them). */
const loadedWidth = (img: unknown) => {
  const image = img as { complete: boolean; naturalWidth: number };
  return image.complete ? image.naturalWidth : 0;
};

describe('an image from a web address', () => {
  it('is copied by the platform, shown from there, and cropped', async () => {
    await openNewLetter();
    await palette('Image').click();
    await expect.poll(canvasTypes).toEqual(['image', 'footer']);
    await section('Image').click();
    await app.page.getByRole('toolbar', { name: 'Section actions' }).getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => settings().count()).toBe(1);

    await settings().getByLabel('Image: web address').fill(`${site.url}/photos/meadow.png`);
    await settings().getByRole('button', { name: 'Add', exact: true }).click();

    const canvasImage = section('Image').locator('img');
    await expect.poll(() => canvasImage.count(), { timeout: 30_000 }).toBe(1);
    const original = (await canvasImage.getAttribute('src')) ?? '';
    expect(original).toMatch(new RegExp(`^${app.host.platformUrl}/media/[0-9a-f]{32}\\.png$`));
    await expect.poll(() => canvasImage.evaluate(loadedWidth), { timeout: 10_000 }).toBe(1024);
    expect(site.requests.map((request) => request.url)).toEqual(['/photos/meadow.png']);

    await settings().getByRole('combobox', { name: 'Crop' }).click();
    await app.page.getByRole('option', { name: 'Square' }).click();
    await expect.poll(async () => (await canvasImage.getAttribute('src')) ?? '', { timeout: 10_000 }).not.toBe(original);
    expect((await canvasImage.getAttribute('src')) ?? '').toMatch(new RegExp(`^${app.host.platformUrl}/media/`));
    await expect.poll(() => canvasImage.evaluate(loadedWidth), { timeout: 10_000 }).toBe(600);
  });
});
