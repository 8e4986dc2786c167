import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOpenAiCompatibleServer, type OpenAiCompatibleServer } from '../../src-server/testing/openai-compatible-server';
import { useAppInBrowser } from './support/app-in-browser';
import { expectAccessible } from './support/axe';
import { composerPage } from './support/composer-page';

// The AI assistant (spec 2 §4) in Chromium, with the platform's AI pointed at a
// chat-completions server on loopback that streams like OpenAI's: a paragraph's Rewrite
// opens the overlay, every state is walked (an error included), the suggestion is edited
// and saved over the section, the preview shows it, and one undo brings the original back.

let model: OpenAiCompatibleServer;
beforeAll(async () => {
  model = await startOpenAiCompatibleServer();
});
afterAll(async () => {
  await model?.close();
});

const app = useAppInBrowser(() => ({ AI_BASE_URL: model.baseUrl, AI_MODEL: 'e2e-model' }));
const { canvasTypes, palette, section, openNewLetter } = composerPage(app);

describe('the AI assistant', () => {
  it('rewrites a paragraph through NEW, LOADING, DONE and EDIT, saves it in one undo step, and says what went wrong', async () => {
    await openNewLetter();
    await palette('Paragraph').click();
    await expect.poll(canvasTypes).toEqual(['paragraph', 'footer']);
    const paragraph = section('Paragraph');
    const text = paragraph.getByRole('textbox', { name: 'Paragraph text' });
    await expect.poll(() => text.getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');

    // A paragraph without words: the spec's notice, and nothing to press.
    await app.page.getByRole('button', { name: 'Rewrite', exact: true }).click();
    const dialog = app.page.getByRole('dialog', { name: 'AI assistant' });
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('We need some content to rewrite.');
    expect(await dialog.getByRole('button', { name: 'Rewrite', exact: true }).isDisabled()).toBe(true);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await text.click();
    await app.page.keyboard.press('Control+A');
    await app.page.keyboard.type('The harbour opens ');
    await app.page.keyboard.press('Control+B');
    await app.page.keyboard.type('early');
    await app.page.keyboard.press('Control+B');
    await app.page.keyboard.type(' on Sundays, when the boats come in.');
    const original = 'The harbour opens early on Sundays, when the boats come in.';
    await expect.poll(() => text.textContent()).toBe(original);

    // NEW: the six prompts (the text is short), easier to read chosen; Save disabled.
    await app.page.getByRole('button', { name: 'Rewrite', exact: true }).click();
    await expect.poll(() => dialog.getAttribute('aria-modal')).toBe('true');
    const phase = () => dialog.locator('[data-rewrite-phase]').getAttribute('data-rewrite-phase');
    expect(await phase()).toBe('NEW');
    expect(await dialog.getByRole('radio').evaluateAll((radios) => radios.map((radio) => radio.parentElement?.parentElement?.textContent))).toEqual([
      'Easier to read',
      'Shorter',
      'More formal',
      'More casual',
      'More persuasive',
      'More neutral',
    ]);
    expect(await dialog.getByRole('radio', { name: 'Easier to read' }).isChecked()).toBe(true);
    expect(await dialog.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await expectAccessible(app.page, 'AI assistant');

    // A failing model: its reason as an error notice, back to NEW.
    model.reply = () => ({ status: 500, message: 'upstream exploded' });
    await dialog.getByRole('button', { name: 'Rewrite', exact: true }).click();
    await expect.poll(() => dialog.getByRole('alert').textContent()).toBe('The AI service failed (HTTP 500).');
    expect(await phase()).toBe('NEW');

    // LOADING: the suggestion appears as the model writes it; then DONE.
    model.reply = () => ({ text: 'On Sundays the harbour opens **early**. The boats come in.', delayMs: 250 });
    await dialog.getByRole('button', { name: 'Rewrite', exact: true }).click();
    await expect.poll(phase).toBe('LOADING');
    const suggestion = dialog.getByRole('textbox', { name: 'Suggestion' });
    await expect.poll(async () => (await suggestion.count()) > 0 && (await suggestion.textContent())!.length > 0, { timeout: 10_000 }).toBe(true);
    const partial = await suggestion.textContent();
    expect(await phase()).toBe('LOADING');
    expect(partial!.length).toBeLessThan('On Sundays the harbour opens early. The boats come in.'.length);
    await expect.poll(phase, { timeout: 15_000 }).toBe('DONE');
    await expect.poll(() => suggestion.textContent()).toBe('On Sundays the harbour opens early. The boats come in.');
    expect(await suggestion.locator('strong').allTextContents()).toEqual(['early']);
    // The model was given the section with its bold as markup, between the markers.
    expect(model.chats.at(-1)!.messages[1]!.content).toBe('<<<SECTION\nThe harbour opens **early** on Sundays, when the boats come in.\nSECTION>>>');
    await expectAccessible(app.page, 'AI assistant with a suggestion');

    // EDIT: another prompt, loading again while the first suggestion stays until replaced.
    model.reply = () => ({ text: 'Sundays: we open **early**.', delayMs: 250 });
    await dialog.getByRole('radio', { name: 'Shorter' }).check();
    await dialog.getByRole('button', { name: 'Rewrite again' }).click();
    await expect.poll(phase).toBe('EDIT');
    await expect.poll(phase, { timeout: 15_000 }).toBe('DONE');
    await expect.poll(() => suggestion.textContent()).toBe('Sundays: we open early.');

    // DONE lets the editor change the suggestion before saving it.
    await expect.poll(() => suggestion.getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');
    await suggestion.click();
    await app.page.keyboard.press('Control+End');
    await app.page.keyboard.type(' Welcome!');
    await expect.poll(() => suggestion.textContent()).toBe('Sundays: we open early. Welcome!');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    const rewritten = section('Paragraph').getByRole('textbox', { name: 'Paragraph text' });
    await expect.poll(() => rewritten.textContent(), { timeout: 10_000 }).toBe('Sundays: we open early. Welcome!');
    expect(await rewritten.locator('strong').allTextContents()).toEqual(['early']);

    // The preview renders the saved letter: the rewrite, bold kept.
    await app.page.waitForTimeout(1_000);
    await expect.poll(() => app.page.getByRole('status', { name: 'Saving' }).count()).toBe(0);
    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();
    const shown = app.page.frameLocator('iframe[title="Email preview"]');
    await expect.poll(() => shown.getByText('Sundays: we open', { exact: false }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await shown.locator('strong').allTextContents()).toEqual(['early']);
    // The Preview button toggles: back to the canvas alone.
    await app.page.getByRole('button', { name: 'Preview', exact: true }).click();

    // One undo step: the original paragraph is back.
    await app.page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => section('Paragraph').getByRole('textbox', { name: 'Paragraph text' }).textContent(), { timeout: 10_000 }).toBe(original);
  });
});
