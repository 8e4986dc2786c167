import type { Frame } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// The preview's dark appearances (Apple Mail honours the letter's dark rules, Gmail turns
// its colours over) and the web fonts shipped with the app, loaded in the composer and in
// the preview without any request to Google Fonts.

const app = useAppInBrowser();
const { palette, section, settings: panel, openNewLetter } = composerPage(app);

// The page scripts are text: they run in Chromium, and this file is type-checked without
// the DOM's types (the Node layer's tsconfig).

/** The body background and the unsubscribe link's colour, as the document computes them; null before the link is there. */
const FRAME_COLOURS = `(() => {
  const link = document.querySelector('a[href*="/unsubscribe/"]');
  return link ? { body: getComputedStyle(document.body).backgroundColor, link: getComputedStyle(link).color } : null;
})()`;
/** A face of Lora has been loaded in the document, and the font set says Lora is ready to draw. */
const LORA_LOADED = `(async () => {
  await document.fonts.ready;
  return [...document.fonts].some((face) => face.family.replace(/"/g, '') === 'Lora' && face.status === 'loaded') && document.fonts.check('16px "Lora"');
})()`;

const frame = () => app.page.getByTitle('Email preview');
async function frameDocument(): Promise<Frame> {
  const handle = await frame().elementHandle();
  const content = await handle?.contentFrame();
  if (!content) throw new Error('The preview frame has no document');
  return content;
}
/** The frame's body background and its unsubscribe link's colour, as the frame computes them. */
async function frameColours(): Promise<{ body: string; link: string } | null> {
  try {
    return await (await frameDocument()).evaluate<{ body: string; link: string } | null>(FRAME_COLOURS);
  } catch {
    return null; // the frame is loading its next document
  }
}
const appearanceButton = () => app.page.getByRole('button', { name: /^Preview appearance: / });
async function chooseAppearance(label: string) {
  await appearanceButton().click();
  await app.page.getByRole('menuitem', { name: label, exact: true }).click();
}

describe('the dark-mode preview and the web fonts', () => {
  it('draws the preview as Apple Mail and Gmail show it in dark mode, and keeps the choice for the session', async () => {
    await openNewLetter();
    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(() => frame().count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(frameColours, { timeout: 15_000 }).not.toBeNull();
    const light = (await frameColours())!;
    expect(light.body).toBe('rgb(255, 255, 255)');

    await chooseAppearance('Apple Mail dark');
    await expect.poll(() => frame().getAttribute('data-appearance')).toBe('appleMailDark');
    // The letter's own dark rule darkens the page around it; its column keeps its colours.
    await expect.poll(async () => (await frameColours())?.body).toBe('rgb(18, 18, 18)');
    expect((await frameColours())!.link).toBe(light.link);

    await chooseAppearance('Gmail dark');
    await expect.poll(() => frame().getAttribute('data-appearance')).toBe('gmailDark');
    // White turned over; the link's colour turned over too.
    await expect.poll(async () => (await frameColours())?.body).toBe('rgb(18, 18, 18)');
    expect((await frameColours())!.link).not.toBe(light.link);

    await app.page.getByText('Mobile', { exact: true }).click();
    await expect.poll(() => frame().evaluate((el) => Math.round(el.getBoundingClientRect().width))).toBe(322);
    expect(await frame().getAttribute('data-appearance')).toBe('gmailDark');

    await app.page.reload();
    await expect.poll(() => appearanceButton().getAttribute('aria-label').catch(() => null), { timeout: 15_000 }).toBe('Preview appearance: Gmail dark');
  });

  it('loads a web font chosen for a block in the composer and in the preview, from the files shipped with the app', async () => {
    const fontRequests: string[] = [];
    app.page.on('request', (request) => {
      if (/fonts\.(googleapis|gstatic)\.com|\/web-fonts\//.test(request.url())) fontRequests.push(request.url());
    });
    const loadedLora = () => app.page.evaluate<boolean>(LORA_LOADED);

    await openNewLetter();
    await palette('Paragraph').click();
    // Words to draw: an empty paragraph is left out of the email.
    const text = section('Paragraph').getByRole('textbox', { name: 'Paragraph text' });
    await expect.poll(() => text.getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');
    await text.click();
    await app.page.keyboard.type('The harbour opens early on Sundays.');
    await section('Paragraph').click();
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => panel().count()).toBe(1);
    expect(await loadedLora()).toBe(false);

    await panel().getByRole('button', { name: 'FONT', exact: true }).click();
    const picker = panel().getByLabel('Primary font', { exact: true });
    await picker.click();
    await picker.fill('Lora');
    await app.page.getByRole('option', { name: 'Lora', exact: true }).click();
    await expect.poll(() => panel().getByText(/^Web font: shown in Apple Mail/).count()).toBe(1);

    await expect.poll(loadedLora, { timeout: 15_000 }).toBe(true);
    const box = section('Paragraph').locator('> *').first();
    expect(await box.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).fontFamily)).toMatch(/^Lora, /);

    await panel().getByRole('button', { name: 'Close block settings' }).click();
    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();
    await expect.poll(async () => (await frame().getAttribute('srcdoc')) ?? '', { timeout: 15_000 }).toContain("@font-face{font-family:'Lora'");
    await expect
      .poll(async () => {
        try {
          return await (await frameDocument()).evaluate<boolean>(LORA_LOADED);
        } catch {
          return false;
        }
      }, { timeout: 15_000 })
      .toBe(true);

    expect(fontRequests.some((url) => url.endsWith('/web-fonts/lora-latin-400-normal.woff2'))).toBe(true);
    expect(fontRequests.filter((url) => /fonts\.(googleapis|gstatic)\.com/.test(url))).toEqual([]);
  });
});
