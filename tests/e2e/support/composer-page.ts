import { expect } from 'vitest';
import type { AppInBrowser } from './app-in-browser';

// The composer as the end-to-end tests reach it: the Blocks palette, the canvas's sections
// and the block settings panel by their accessible names, and a new letter to work in.

export function composerPage(app: AppInBrowser) {
  /** The canvas's sections, top to bottom, by block type. */
  const canvasTypes = (): Promise<string[]> =>
    app.page
      .getByRole('region', { name: 'Canvas' })
      .locator('[data-section-type]')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-section-type') ?? ''));

  const section = (name: string) => app.page.getByRole('group', { name: `${name} section`, exact: true });
  const paragraphText = () => section('Paragraph').getByRole('textbox', { name: 'Paragraph text' });

  return {
    canvasTypes,
    /** A block's button in the Blocks palette. */
    palette: (name: string) => app.page.getByRole('tabpanel', { name: 'Blocks' }).getByRole('button', { name, exact: true }),
    /** A section on the canvas, e.g. 'Image'. */
    section,
    /** The text of the letter's (one) paragraph section. */
    paragraphText,
    /** Types `words` over the paragraph's text once it is editable (a new one holds the spec's placeholder). */
    async typeOverParagraph(words: string) {
      await expect.poll(() => paragraphText().getAttribute('contenteditable'), { timeout: 10_000 }).toBe('true');
      await paragraphText().click();
      await app.page.keyboard.press('Control+A');
      await app.page.keyboard.type(words);
    },
    /** The block settings panel. */
    settings: () => app.page.getByRole('dialog', { name: 'Block settings' }),
    /** From the app's start page: New letter, then wait for its composer with the footer every new letter has. */
    async openNewLetter() {
      await app.page.goto(app.host.appUrl);
      await app.page.getByRole('button', { name: 'New letter' }).click();
      await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
      await expect.poll(canvasTypes, { timeout: 15_000 }).toEqual(['footer']);
    },
  };
}
