import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderLetterInput } from '../../shared/render';
import { everyBlockSections, everyLayoutSections } from '../../shared/render/every-block-letter';
import { readerChannel, testInput } from '../../shared/render/test-support';
import { launchBrowser } from './support/browser';

// The email readers get, read in Chromium as a phone (375 px) and a desktop (600 px) mail
// client would show it, light and dark: a letter with every block type and every layout.
// Nothing leaves the machine: every image is answered with a picture made here, and every
// other request (web fonts, stylesheets) is refused before it is sent.

/** Narrower than this, a column of text reads a few words a line. */
const COLUMN_MIN_PX = 250;
const PHONE = 375;
const DESKTOP = 600;

let browser: Browser;
let html: string;
let picture: Buffer;

beforeAll(async () => {
  const input = testInput([...everyBlockSections(), ...everyLayoutSections()], { preview: 'Tides, boats and the new pier', context: { channel: readerChannel() } });
  const rendered = await renderLetterInput(input);
  expect(rendered.errors).toEqual([]);
  html = rendered.html;
  picture = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 70, g: 130, b: 180 } } }).png().toBuffer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function open(width: number, colorScheme: 'light' | 'dark'): Promise<Page> {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.route('**/*', (route) =>
    route.request().resourceType() === 'image' ? route.fulfill({ body: picture, contentType: 'image/png' }) : route.abort(),
  );
  await page.emulateMedia({ colorScheme });
  await page.setContent(html, { waitUntil: 'load' });
  return page;
}

interface Measures {
  scrollWidth: number;
  innerWidth: number;
  widths: { width: number; text: string }[];
}

// The page scripts are text: they run in Chromium, and this file is type-checked without
// the DOM's types (the Node layer's tsconfig).

/** The page's scroll width, and the width of every column (MJML's and the feeds' stacking cells) that holds something. */
const MEASURE = `(() => {
  const widths = [...document.querySelectorAll('div[class*="mj-column"], td.ld-stack')]
    .filter((element) => element.offsetParent !== null && ((element.textContent || '').trim() !== '' || element.querySelector('img') !== null))
    .map((element) => ({ width: Math.round(element.getBoundingClientRect().width), text: (element.textContent || '').trim().slice(0, 40) }));
  return { scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth, widths };
})()`;

/** Colours in dark mode: the page, the 'View in browser' link and a paragraph, each with what is painted behind it. */
const DARK_COLOURS = `(() => {
  const paintedBehind = (element) => {
    for (let at = element; at; at = at.parentElement) {
      const colour = getComputedStyle(at).backgroundColor;
      if (colour !== 'rgba(0, 0, 0, 0)' && colour !== 'transparent') return colour;
    }
    return 'rgb(255, 255, 255)';
  };
  const link = document.querySelector('.ld-view-in-browser a');
  const text = document.querySelector('.mj-column-per-100 div[style*="font-family"]');
  return {
    link: getComputedStyle(link).color,
    linkBehind: paintedBehind(link),
    page: getComputedStyle(document.querySelector('div[role="article"]')).backgroundColor,
    text: getComputedStyle(text).color,
    textBehind: paintedBehind(text),
  };
})()`;

const measure = (page: Page): Promise<Measures> => page.evaluate<Measures>(MEASURE);

describe('a letter with every block type in a mail client', () => {
  for (const scheme of ['light', 'dark'] as const) {
    it(`stacks every column on a ${PHONE} px phone (${scheme}): none narrower than ${COLUMN_MIN_PX} px, no horizontal scroll`, async () => {
      const page = await open(PHONE, scheme);
      const { scrollWidth, innerWidth, widths } = await measure(page);
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(widths.length).toBeGreaterThan(20);
      expect(widths.filter((column) => column.width < COLUMN_MIN_PX)).toEqual([]);
      await page.close();
    });
  }

  it(`keeps two-column layouts side by side at ${DESKTOP} px`, async () => {
    const page = await open(DESKTOP, 'light');
    const { scrollWidth, widths } = await measure(page);
    expect(scrollWidth).toBeLessThanOrEqual(DESKTOP);
    expect(widths.some((column) => column.width < DESKTOP / 2)).toBe(true);
    await page.close();
  });

  it('keeps the page around the letter and its line readable in dark mode', async () => {
    const page = await open(800, 'dark');
    const colours = await page.evaluate<Record<'link' | 'linkBehind' | 'page' | 'text' | 'textBehind', string>>(DARK_COLOURS);
    expect(colours.page).toBe('rgb(18, 18, 18)');
    expect(contrast(colours.link, colours.linkBehind)).toBeGreaterThanOrEqual(4.5);
    // The letter's own column keeps the colours its editor chose, readable together.
    expect(contrast(colours.text, colours.textBehind)).toBeGreaterThanOrEqual(4.5);
    await page.close();
  });
});

/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string): number => {
    const [r, g, bl] = (colour.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map(Number).map((c) => {
      const s = c / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}
