import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';

// The live preview: the Toggle Preview shortcut shows the letter as subscribers will see
// it, in a sandboxed frame at the desktop or mobile width.

const app = useAppInBrowser();

describe('the preview', () => {
  it('opens with the shortcut, follows the device toggle, and closes with the shortcut again', async () => {
    await app.page.goto(app.host.appUrl);
    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await app.page.getByRole('textbox', { name: 'Title' }).fill('Preview me');

    const frame = app.page.getByTitle('Email preview');
    expect(await frame.count()).toBe(0);
    await app.page.keyboard.press('Control+Shift+P');
    await expect.poll(() => frame.count(), { timeout: 15_000 }).toBe(1);
    expect(await frame.getAttribute('sandbox')).toBe('');
    const html = (await frame.getAttribute('srcdoc')) ?? '';
    expect(html).toMatch(/^<!doctype html>/i);
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none';`);
    expect(html).toContain('/unsubscribe/weekly/');
    await expect.poll(() => app.page.getByText(/KB · (Good|Warning)/).count()).toBe(1);

    const desktopWidth = await frame.evaluate((el) => el.getBoundingClientRect().width);
    await app.page.getByText('Mobile', { exact: true }).click();
    await expect.poll(() => frame.evaluate((el) => el.getBoundingClientRect().width)).toBeLessThan(desktopWidth);
    expect(Math.round(await frame.evaluate((el) => el.getBoundingClientRect().width))).toBe(322);

    await app.page.keyboard.press('Control+Shift+P');
    await expect.poll(() => frame.count()).toBe(0);
  });
});
