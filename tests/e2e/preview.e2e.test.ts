import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { startWebHostProcess, type RunningWebHost } from './support/web-host-process';

// The live preview: the Toggle Preview shortcut shows the letter as subscribers will see
// it, in a sandboxed frame at the desktop or mobile width.

let host: RunningWebHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  host = await startWebHostProcess();
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

describe('the preview', () => {
  it('opens with the shortcut, follows the device toggle, and closes with the shortcut again', async () => {
    await page.goto(host.appUrl);
    await page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await page.getByRole('textbox', { name: 'Title' }).fill('Preview me');

    const frame = page.getByTitle('Email preview');
    expect(await frame.count()).toBe(0);
    await page.keyboard.press('Control+Shift+P');
    await expect.poll(() => frame.count(), { timeout: 15_000 }).toBe(1);
    expect(await frame.getAttribute('sandbox')).toBe('');
    const html = (await frame.getAttribute('srcdoc')) ?? '';
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).toContain('/unsubscribe/weekly/');
    await expect.poll(() => page.getByText(/KB · (Good|Warning)/).count()).toBe(1);

    const desktopWidth = await frame.evaluate((el) => el.getBoundingClientRect().width);
    await page.getByText('Mobile', { exact: true }).click();
    await expect.poll(() => frame.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(desktopWidth);
    expect(Math.round(await frame.evaluate((el) => el.getBoundingClientRect().width))).toBe(322);

    await page.keyboard.press('Control+Shift+P');
    await expect.poll(() => frame.count()).toBe(0);
  });
});
