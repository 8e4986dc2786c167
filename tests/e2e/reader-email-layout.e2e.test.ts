import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Poll } from '../../shared/contract/platform-polls';
import { everyBlockSections, everyLayoutSections } from '../../shared/render/every-block-letter';
import type { ReceivedMail } from '../../src-server/testing/smtp-fixture';
import { PUBLIC_URL, hrefsOf, pathOf, startTrackingHarness } from '../../src-server/tracking/tracking-test-support';
import type { TrackingHarness } from '../../src-server/tracking/tracking-test-support';
import { launchBrowser } from './support/browser';

// The email a reader receives, read in Chromium as a phone (375 px) and a desktop (600 px)
// mail client would show it, light and dark: a letter with every block type and every
// layout, sent through the real scheduled send to a loopback SMTP server and parsed with
// mailparser, then every link in it followed on the platform. Nothing leaves the machine:
// every image is answered with a picture made here, every other request the page makes
// (web fonts, stylesheets) is refused before it is sent, and links that lead off the
// platform are only read, never fetched.

/** Narrower than this, a column of text reads a few words a line. */
const COLUMN_MIN_PX = 250;
const PHONE = 375;
const DESKTOP = 600;
const PREVIEW_TEXT = 'Tides, boats and the new pier';

let harness: TrackingHarness;
let received: ReceivedMail;
let browser: Browser;
let html: string;
let picture: Buffer;

beforeAll(async () => {
  harness = await startTrackingHarness({ viewInBrowserLink: true });
  const { segmentId, email } = await harness.audience(['reader']);
  // The poll block answers a poll the organization has, as one chosen in the composer does.
  const made = await harness.app.inject({
    method: 'POST',
    url: platformPaths.polls('demo'),
    headers: harness.editor,
    payload: { title: 'Piers', questionText: 'Which pier do you like best?', pollType: 1, options: [{ title: 'North pier' }, { title: 'South pier' }] },
  });
  expect(made.statusCode, made.body).toBe(201);
  const poll = made.json<Poll>();
  const sections = [...everyBlockSections(), ...everyLayoutSections()];
  const pollBlock = sections.find((section) => section.type === 'poll')!;
  Object.assign(pollBlock.blockModel, { id: poll.id, options: poll.options.map(({ id, title }) => ({ id, title })) });
  // Public, so the email carries its 'View in browser' line (a letter to a segment is private unless made public).
  await harness.sendLetter(segmentId, { subtitle: PREVIEW_TEXT, private: false, blocks: JSON.stringify(sections) });
  received = harness.mailTo(email('reader'));
  html = typeof received.mail.html === 'string' ? received.mail.html : '';
  picture = await sharp({ create: { width: 480, height: 360, channels: 3, background: { r: 70, g: 130, b: 180 } } }).png().toBuffer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await harness?.close();
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

/** The type the reader gets: the paragraph's font stack and the button's weight, as Chromium computes them. */
const TYPE = `(() => {
  const paragraph = [...document.querySelectorAll('div[style*="font-family"]')].find((element) => (element.textContent || '').includes('new pier'));
  const button = [...document.querySelectorAll('a')].find((element) => (element.textContent || '').trim() === 'Read the story');
  return { paragraphFont: getComputedStyle(paragraph).fontFamily, buttonWeight: getComputedStyle(button).fontWeight };
})()`;

const measure = (page: Page): Promise<Measures> => page.evaluate<Measures>(MEASURE);

describe('the received email of a letter with every block type', () => {
  it('has no merge tag left in its subject, preheader, HTML or text', () => {
    expect(html).toContain(PREVIEW_TEXT);
    expect(received.mail.text ?? '').toContain('Harbour news');
    for (const part of [received.mail.subject ?? '', html, received.mail.text ?? '']) expect(part).not.toMatch(/\{\{|\}\}|\{%/);
  });

  it('has links that all lead somewhere: the platform answers each of its own, the others are well-formed', async () => {
    const hrefs = [...new Set(hrefsOf(received))];
    expect(hrefs.length).toBeGreaterThan(15);
    const answers: string[] = [];
    for (const href of hrefs) {
      expect(href, href).not.toMatch(/\{\{|\}\}/);
      if (!href.startsWith(PUBLIC_URL)) {
        expect(['https:', 'http:', 'mailto:'], href).toContain(new URL(href).protocol);
        continue;
      }
      let response = await harness.app.inject({ method: 'GET', url: pathOf(href) });
      // A tracked link leads on; one that leads back to the platform (the credit, the archive) is followed once more.
      if (response.statusCode === 302) {
        const location = String(response.headers.location);
        expect(location, href).not.toMatch(/\{\{|\}\}/);
        expect(['https:', 'http:', 'mailto:'], location).toContain(new URL(location).protocol);
        if (location.startsWith(PUBLIC_URL)) response = await harness.app.inject({ method: 'GET', url: pathOf(location) });
      }
      answers.push(`${response.statusCode} ${href.slice(PUBLIC_URL.length, PUBLIC_URL.length + 40)}`);
    }
    expect(answers.filter((answer) => !/^(200|302) /.test(answer))).toEqual([]);
  });


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

  it("sets its text in the reader's system font (Segoe UI first, for Outlook) and its button in bold", async () => {
    const page = await open(DESKTOP, 'light');
    const type = await page.evaluate<{ paragraphFont: string; buttonWeight: string }>(TYPE);
    expect(type.paragraphFont.replace(/"/g, '')).toMatch(/^Segoe UI, -apple-system, BlinkMacSystemFont, Roboto, .*sans-serif$/);
    expect(Number(type.buttonWeight)).toBeGreaterThanOrEqual(700);
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
