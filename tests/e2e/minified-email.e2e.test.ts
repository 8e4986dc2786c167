import type { Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLetterInput } from '../../shared/render';
import { everyBlockSections, everyLayoutSections } from '../../shared/render/every-block-letter';
import { minifyEmailHtml } from '../../shared/render/minify-email';
import { readerChannel, testContext, testInput } from '../../shared/render/test-support';
import { launchBrowser } from './support/browser';

// The minified email (shared/render/minify-email.ts, what a send and a test send mail) looks
// exactly as MJML's output does: a letter with every block type and every layout, and the
// 'View in browser' line, painted by Chromium as a phone (375 px) and a desktop (600 px)
// mail client would, light and dark, the two screenshots compared pixel for pixel. Every
// image is answered with a picture made here; every other request is refused unsent.

let browser: Browser;
let picture: Buffer;
let original: string;
let minified: string;

beforeAll(async () => {
  const context = testContext();
  const rendered = await renderLetterInput(
    testInput([...everyBlockSections(), ...everyLayoutSections()], { context: { channel: readerChannel(context) }, preview: 'Tides and boats' }),
  );
  original = rendered.html;
  minified = await minifyEmailHtml(original);
  picture = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 70, g: 130, b: 180 } } }).png().toBuffer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function pixels(html: string, width: number, colorScheme: 'light' | 'dark'): Promise<{ data: Buffer; width: number; height: number }> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  try {
    await page.route('**/*', (route) =>
      route.request().resourceType() === 'image' ? route.fulfill({ body: picture, contentType: 'image/png' }) : route.abort(),
    );
    await page.emulateMedia({ colorScheme });
    await page.setContent(html, { waitUntil: 'load' });
    const shot = await page.screenshot({ fullPage: true });
    const { data, info } = await sharp(shot).raw().toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } finally {
    await page.close();
  }
}

describe('the minified email', () => {
  it('is at least a fifth smaller than MJML’s output, and keeps Outlook’s conditional comments', () => {
    expect(minified.length).toBeLessThan(original.length * 0.8);
    const conditionals = (html: string) => html.match(/<!--\[if [^\]]+\]>/g)?.length ?? 0;
    expect(conditionals(minified)).toBe(conditionals(original));
    expect(conditionals(minified)).toBeGreaterThan(0);
  });

  for (const width of [600, 375]) {
    for (const scheme of ['light', 'dark'] as const) {
      it(`paints exactly as the original at ${width} px, ${scheme}`, async () => {
        const before = await pixels(original, width, scheme);
        const after = await pixels(minified, width, scheme);
        expect({ width: after.width, height: after.height }).toEqual({ width: before.width, height: before.height });
        let differing = 0;
        for (let i = 0; i < before.data.length; i++) if (before.data[i] !== after.data[i]) differing++;
        expect(differing).toBe(0);
      });
    }
  }
});
