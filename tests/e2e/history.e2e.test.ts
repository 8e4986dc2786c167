import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// Version history in Chromium, through the real core and the web host's platform: a
// paragraph written twice leaves versions; History (its shortcut, then the more-menu) shows
// the older one beside the current with the paragraph marked as changed; 'Restore this
// version' brings its words back to the canvas, the restore is listed as a version of its
// own, and Ctrl+Z undoes it.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '200' });
const { canvasTypes, palette, paragraphText, typeOverParagraph, openNewLetter } = composerPage(app);
const history = () => app.page.getByRole('dialog', { name: 'Version history' });
async function writeParagraph(words: string) {
  await typeOverParagraph(words);
  await expect.poll(() => paragraphText().textContent()).toBe(words);
}

async function closeHistory() {
  await app.page.keyboard.press('Escape');
  await expect.poll(() => history().count()).toBe(0);
}

describe('version history', () => {
  it('edits, restores an older version and undoes the restore', async () => {
    await openNewLetter();
    await palette('Paragraph').click();
    await expect.poll(canvasTypes).toEqual(['paragraph', 'footer']);
    await writeParagraph('First words of the harbour letter');

    // The shortcut opens History, saving the canvas first: the first words are a version.
    await app.page.keyboard.press('Control+Shift+H');
    await expect.poll(() => history().count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => history().getByRole('list', { name: 'Editing sessions' }).getByRole('button').count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
    await closeHistory();
    await writeParagraph('Second words, rewritten');

    await app.page.getByRole('button', { name: 'More actions' }).click();
    await app.page.getByRole('menuitem', { name: /Version history/ }).click();
    const versions = history().getByRole('list', { name: 'Editing sessions' }).getByRole('button');
    await expect.poll(() => versions.count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(3);
    expect(await history().getByText(/^You · .+ · \d+ edits?$/).count()).toBeGreaterThanOrEqual(1);

    // The newest version is the current one; the first older one holding the first words is chosen.
    const olderPreview = () => history().getByRole('group', { name: 'This version' }).getByTitle('Email preview').getAttribute('srcdoc');
    let found = false;
    for (let i = 0; i < (await versions.count()) && !found; i += 1) {
      await versions.nth(i).click();
      await expect.poll(async () => (await olderPreview()) ?? '', { timeout: 15_000 }).toContain('<');
      found = ((await olderPreview()) ?? '').includes('First words of the harbour letter');
    }
    expect(found).toBe(true);
    const currentPreview = () => history().getByRole('group', { name: 'Current version' }).getByTitle('Email preview').getAttribute('srcdoc');
    await expect.poll(async () => (await currentPreview()) ?? '', { timeout: 15_000 }).toContain('Second words, rewritten');
    const differences = history().getByRole('list', { name: 'Sections that differ' });
    await expect.poll(() => differences.textContent()).toContain('Changed since');
    expect(await differences.textContent()).toContain('Paragraph');
    await app.page.screenshot({ path: 'test-results/history.png', fullPage: true });

    await history().getByRole('button', { name: 'Restore this version' }).click();
    await expect.poll(() => history().count()).toBe(0);
    await expect.poll(() => paragraphText().textContent(), { timeout: 10_000 }).toBe('First words of the harbour letter');

    // The restore is a version of its own, named after the one it brought back.
    await app.page.getByRole('button', { name: 'More actions' }).click();
    await app.page.getByRole('menuitem', { name: /Version history/ }).click();
    await expect.poll(() => history().getByText(/^Restored from /).count(), { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    await closeHistory();

    await app.page.keyboard.press('Control+Z');
    await expect.poll(() => paragraphText().textContent(), { timeout: 10_000 }).toBe('Second words, rewritten');
  });
});
