import { describe, expect, it } from 'vitest';
import { platformView } from '../../src-main/core/testing/test-core';
import { useAppInBrowser } from './support/app-in-browser';

// The channel's two lists: cloning from the newsletters list, and the templates list with
// New template.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '500' });

const newslettersTable = () => app.page.getByRole('table', { name: 'Newsletters' });
const templatesTable = () => app.page.getByRole('table', { name: 'Templates' });

async function platformTitles(): Promise<string[]> {
  return (await (await platformView(app.host.platformUrl)).list()).map((letter) => letter.title);
}

async function newLetterTitled(button: 'New letter' | 'New template', title: string) {
  await app.page.getByRole('button', { name: button }).click();
  await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
  const field = app.page.getByRole('textbox', { name: 'Title' });
  await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toMatch(/^Draft \d+$/);
  await field.fill(title);
  await app.page.getByRole('link', { name: 'Newsletters' }).first().click();
}

describe('the letters lists', () => {
  it('clones a letter from its row menu into "Copy of ..."', async () => {
    await app.page.goto(app.host.appUrl);
    await newLetterTitled('New letter', 'Lighthouse letter');
    await expect.poll(() => newslettersTable().getByRole('link', { name: 'Lighthouse letter', exact: true }).count()).toBe(1);

    await newslettersTable().getByRole('button', { name: 'Actions for Lighthouse letter' }).click();
    await app.page.getByRole('menuitem', { name: 'Clone' }).click();
    await expect.poll(() => newslettersTable().getByRole('link', { name: 'Copy of Lighthouse letter' }).count(), { timeout: 10_000 }).toBe(1);
    const copyRow = newslettersTable().getByRole('row').filter({ hasText: 'Copy of Lighthouse letter' });
    expect(await copyRow.getByRole('cell').nth(1).textContent()).toBe('Draft');
    await expect.poll(platformTitles, { timeout: 30_000, interval: 500 }).toContain('Copy of Lighthouse letter');
  });

  it('lists a new template under Templates, and not under Newsletters', async () => {
    await app.page.getByRole('tab', { name: 'Templates' }).click();
    await expect.poll(() => app.page.url()).toMatch(/\/newsletters\/templates$/);
    await expect.poll(() => app.page.getByRole('region', { name: 'No templates yet' }).getByRole('button', { name: 'Make your first template' }).count(), { timeout: 10_000 }).toBe(1);

    await newLetterTitled('New template', 'Welcome series');
    await expect.poll(() => newslettersTable().getByRole('link', { name: 'Lighthouse letter', exact: true }).count(), { timeout: 10_000 }).toBe(1);
    expect(await newslettersTable().getByRole('link', { name: 'Welcome series' }).count()).toBe(0);

    await app.page.getByRole('tab', { name: 'Templates' }).click();
    await expect.poll(() => templatesTable().getByRole('link', { name: 'Welcome series' }).count(), { timeout: 10_000 }).toBe(1);
    const row = templatesTable().getByRole('row').filter({ hasText: 'Welcome series' });
    expect(await row.getByRole('cell').nth(1).textContent()).toBe('Template');
    expect(await templatesTable().getByRole('link', { name: 'Lighthouse letter' }).count()).toBe(0);

    const link = templatesTable().getByRole('link', { name: 'Welcome series' });
    const href = await link.getAttribute('href');
    expect(href).toMatch(/\/newsletters\/\d+$/);
    await link.click();
    await expect.poll(() => new URL(app.page.url()).pathname).toBe(href);
    await expect.poll(() => app.page.getByRole('textbox', { name: 'Title' }).count(), { timeout: 15_000 }).toBe(1);
  });
});
