import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// 'Preview as' in Chromium, through the real core and the web host's own platform (its demo
// channel has the subscriber Ada Lovelace): a letter greeting "Hi {{ first_name }}" with the
// same tag in its title (the subject), the Preview As… shortcut, 'ada' typed, Ada chosen —
// the preview's frame reads "Hi Ada", the subject shown above it is hers, and her
// unsubscribe link is shown inert; 'Default (no reader)' brings the tag back.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '200' });
const { canvasTypes, palette, typeOverParagraph, openNewLetter } = composerPage(app);

describe('preview as a subscriber', () => {
  it('fills the greeting and the subject with the first name of the subscriber chosen', async () => {
    await openNewLetter();
    await app.page.getByRole('textbox', { name: 'Title' }).fill('Tides for {{ first_name }}');
    await palette('Paragraph').click();
    await expect.poll(canvasTypes).toEqual(['paragraph', 'footer']);
    await typeOverParagraph('Hi {{ first_name }}, the tide turns at six.');

    const frame = app.page.getByTitle('Email preview');
    const shown = async () => (await frame.getAttribute('srcdoc')) ?? '';
    // Preview As… (the registry's shortcut) opens the preview with the cursor in the picker.
    await app.page.keyboard.press('Control+Alt+P');
    const picker = app.page.getByRole('combobox', { name: 'Preview as' });
    const focused = () => app.page.evaluate("document.activeElement && document.activeElement.getAttribute('role')");
    await expect.poll(focused, { timeout: 15_000 }).toBe('combobox');
    expect(await picker.getAttribute('id')).toBe(await app.page.evaluate('document.activeElement.id'));
    await expect.poll(shown, { timeout: 15_000 }).toContain('Hi {{ first_name }}, the tide turns at six.');

    await app.page.keyboard.type('ada');
    const ada = app.page.getByRole('option', { name: 'Ada Lovelace <ada@example.com>' });
    await expect.poll(() => ada.count(), { timeout: 15_000 }).toBe(1);
    await ada.click();

    await expect.poll(shown, { timeout: 20_000 }).toContain('Hi Ada, the tide turns at six.');
    const asReader = app.page.getByLabel('As this reader gets it');
    expect(await asReader.getByText('Subject:').locator('..').textContent()).toBe('Subject: Tides for Ada');
    // Her own unsubscribe link, signed, written as a fragment: shown, and going nowhere.
    expect(await shown()).toMatch(/href="#http:\/\/[^"]+\/unsubscribe\/weekly\/[^"?]+\?l=\d+&amp;s=[\w-]{22}"/);
    await app.page.screenshot({ path: 'test-results/preview-as.png', fullPage: true });

    await picker.click();
    await app.page.getByRole('option', { name: 'Default (no reader)' }).click();
    await expect.poll(shown, { timeout: 15_000 }).toContain('Hi {{ first_name }}, the tide turns at six.');
    expect(await asReader.count()).toBe(0);
  });
});
