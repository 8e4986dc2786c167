import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { SVG_NOT_SUPPORTED_MESSAGE } from '../../shared/contract/platform-media';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// Images in the composer: an Image section's settings take a file from disk. An SVG is
// refused with the spec's message; a PNG is shrunk, cropped and uploaded by the core, and
// shows in the canvas and in the email preview.

const app = useAppInBrowser();

const files = mkdtempSync(join(tmpdir(), 'letterdesk-e2e-images-'));
afterAll(() => rmSync(files, { recursive: true, force: true }));

const { canvasTypes, palette, section, settings, openNewLetter } = composerPage(app);
const fileInput = () => settings().getByLabel('Image: choose a file');
/** Runs in the page: the width of a loaded image's pixels (0 until it has them). */
const loadedWidth = (img: unknown) => {
  const image = img as { complete: boolean; naturalWidth: number };
  return image.complete ? image.naturalWidth : 0;
};

async function openImageSettings() {
  await openNewLetter();
  await palette('Image').click();
  await expect.poll(canvasTypes).toEqual(['image', 'footer']);
  await section('Image').click();
  await app.page.getByRole('toolbar', { name: 'Section actions' }).getByRole('button', { name: 'Settings', exact: true }).click();
  await expect.poll(() => settings().count()).toBe(1);
}

describe('images in the composer', () => {
  it('refuses an SVG with the spec message, and nothing changes', async () => {
    await openImageSettings();
    const svg = join(files, 'a-rather-long-logo-file-name.svg');
    writeFileSync(svg, '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await fileInput().setInputFiles(svg);
    await expect.poll(() => settings().getByText(SVG_NOT_SUPPORTED_MESSAGE).count()).toBe(1);
    // And as an error toast.
    await expect.poll(() => app.page.getByRole('alert').filter({ hasText: SVG_NOT_SUPPORTED_MESSAGE }).count()).toBeGreaterThan(0);
    expect(await settings().getByTestId('image-file-name').textContent()).toBe('a-rather-long-logo-…');
    expect(await section('Image').locator('img').count()).toBe(0);
  });

  it('uploads a PNG: it shows in the canvas and in the preview, from the platform', async () => {
    await openImageSettings();
    const png = join(files, 'holiday.png');
    await sharp({ create: { width: 1600, height: 900, channels: 3, background: '#3366cc' } }).png().toFile(png);
    await fileInput().setInputFiles(png);

    const canvasImage = section('Image').locator('img');
    await expect.poll(() => canvasImage.count(), { timeout: 20_000 }).toBe(1);
    const src = (await canvasImage.getAttribute('src')) ?? '';
    // Online, the core answers with the platform's copy (the shrunk original: crop 'original').
    expect(src).toMatch(new RegExp(`^${app.host.platformUrl}/media/[0-9a-f]{32}\\.png$`));
    await expect.poll(() => canvasImage.evaluate(loadedWidth), { timeout: 10_000 }).toBe(1024);
    expect(await settings().getByRole('img', { name: 'Image preview' }).getAttribute('src')).toBe(src);

    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();
    const frame = app.page.getByTitle('Email preview');
    await expect.poll(() => frame.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '', { timeout: 15_000 }).toContain(src);
    // The frame's policy lets it load: the image has its pixels inside the preview.
    const previewImage = app.page.frameLocator('iframe[title="Email preview"]').locator(`img[src="${src}"]`);
    await expect.poll(() => previewImage.evaluate(loadedWidth), { timeout: 15_000 }).toBe(1024);
  });
});
