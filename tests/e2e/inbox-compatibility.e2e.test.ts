import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// The schedule step's CONTENT CHECK in the inboxes, through the real core (caniemail's data
// from node_modules, no network): a block using what Outlook for Windows drops is named
// under that family, and clicking it selects the block, which the canvas shows selected
// after Continue editing.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '200' });
const { canvasTypes, palette, section, settings, openNewLetter } = composerPage(app);
const button = (name: string) => app.page.getByRole('button', { name, exact: true });
const inboxes = () => app.page.getByLabel('Schedule settings').getByRole('group', { name: 'In the inboxes' });

describe('inbox compatibility in the content check', () => {
  it('names the block Outlook for Windows will not show as designed, and selects it on click', async () => {
    await openNewLetter();
    await palette('Paragraph').click();
    await palette('HTML').click();
    await expect.poll(canvasTypes).toEqual(['paragraph', 'html', 'footer']);
    await section('HTML').click();
    await button('Settings').click();
    await settings().getByLabel('HTML code').fill('<div style="border-radius:8px;background:#fde;padding:12px">Rounded note</div>');
    await settings().getByLabel('HTML code').blur();
    await settings().getByRole('button', { name: 'Close block settings' }).click();
    // Nothing selected when the letter moves on, so the click below is what selects it.
    await app.page.getByRole('group', { name: 'Paragraph section', exact: true }).click();

    await expect.poll(() => button('Preview and schedule').isEnabled(), { timeout: 15_000 }).toBe(true);
    await button('Preview and schedule').click();
    await expect.poll(() => button('Schedule').count(), { timeout: 20_000 }).toBe(1);
    // The content check never blocks scheduling: its section starts closed and is opened here.
    await app.page.getByRole('button', { name: /^Content check/ }).click();

    const outlook = inboxes().getByRole('button', { name: /^Outlook for Windows/ });
    await expect.poll(() => outlook.count(), { timeout: 30_000 }).toBe(1);
    expect(await outlook.textContent()).toContain('1 block');
    expect(await inboxes().getByText(/^Shows as designed in Gmail, Apple Mail, Outlook for Mac/).count()).toBe(1);
    await outlook.click();
    const finding = inboxes().getByRole('button', { name: 'HTML (block 2): border-radius — corners show square' });
    await expect.poll(() => finding.count()).toBe(1);
    await finding.click();
    await expect.poll(() => finding.getAttribute('aria-current')).toBe('true');
    await app.page.screenshot({ path: 'test-results/inbox-compatibility.png', fullPage: true });

    expect(await inboxes().getByText('HTML (block 2) is selected: choose Continue editing to change it.').count()).toBe(1);
    await button('Continue editing').click();
    await expect.poll(() => app.page.getByRole('region', { name: 'Canvas' }).count(), { timeout: 20_000 }).toBe(1);
    expect(await section('HTML').getAttribute('aria-current')).toBe('true');
    expect(await app.page.getByRole('group', { name: 'Paragraph section', exact: true }).getAttribute('aria-current')).toBeNull();
  });
});
