import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';

// The Styles tab: the width rules with the spec's warning, a colour the canvas follows at
// once, the preview drawing the saved styles, and the styles kept across a reload.

const app = useAppInBrowser();

const SMALL = 'We support desktop widths larger than 600px. Because you set yours below that, we reset it to 600px.';

describe('the Styles tab', () => {
  it('resets a narrow desktop width with a warning, colours the canvas, and keeps the styles across a reload', async () => {
    const { page } = app;
    await page.goto(app.host.appUrl);
    await page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await page.getByRole('tab', { name: 'Styles' }).click();
    const styles = page.getByRole('tabpanel', { name: 'Styles' });

    const desktop = styles.getByRole('textbox', { name: 'Desktop width' });
    await expect.poll(() => desktop.inputValue(), { timeout: 15_000 }).toBe('640');
    await desktop.fill('500');
    await expect.poll(() => styles.getByText(SMALL).count()).toBe(1);
    await expect.poll(() => desktop.inputValue()).toBe('600');

    const canvas = page.getByRole('region', { name: 'Canvas' });
    const background = () => canvas.evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(255, 255, 255)');
    const colour = styles.getByRole('textbox', { name: 'Background color' });
    await colour.fill('#112233');
    await expect.poll(background).toBe('rgb(17, 34, 51)');

    // The preview renders the saved letter: its width and background follow.
    await page.getByRole('button', { name: 'Preview', exact: true }).click();
    const frame = page.getByTitle('Email preview');
    await expect.poll(async () => (await frame.getAttribute('srcdoc')) ?? '', { timeout: 15_000 }).toMatch(/#112233/i);
    const html = (await frame.getAttribute('srcdoc')) ?? '';
    expect(html).toMatch(/max-width:600px/);
    expect(html).not.toMatch(/max-width:640px/);

    // Saved locally within 500 ms of the last edit.
    await page.waitForTimeout(1_000);
    await expect.poll(() => page.getByRole('status', { name: 'Saving' }).count()).toBe(0);
    await page.reload();
    await page.getByRole('tab', { name: 'Styles' }).click();
    await expect.poll(() => styles.getByRole('textbox', { name: 'Desktop width' }).inputValue(), { timeout: 15_000 }).toBe('600');
    expect(await styles.getByRole('textbox', { name: 'Background color' }).inputValue()).toBe('#112233');
    await expect.poll(background).toBe('rgb(17, 34, 51)');
    // Opening a letter is not an edit.
    expect(await page.getByRole('button', { name: 'Undo', exact: true }).isDisabled()).toBe(true);
  });
});
