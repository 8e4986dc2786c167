import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src-main/core/platform/platform-client';
import { useAppInBrowser } from './support/app-in-browser';

// What an editor does first: open the app, make a letter, name it, come back to it.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '500' });

async function platformLetterTitle(id: number): Promise<string | null> {
  let token: string | null = null;
  const client = createPlatformClient(app.host.platformUrl, () => token);
  token = (await client.login({ email: 'editor@example.com', password: 'letterdesk' })).token;
  return (await client.getLetter('demo', 'weekly', id))?.title ?? null;
}

describe('a new letter', () => {
  it('is created, titled, kept across a reload, and reaches the platform', async () => {
    await app.page.goto(app.host.appUrl);
    await expect.poll(() => app.page.url()).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);

    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    const id = Number(app.page.url().split('/').pop());
    const title = app.page.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => title.inputValue()).toBe(`Draft ${id}`);

    await title.fill('Spring issue');
    await expect.poll(() => platformLetterTitle(id), { timeout: 30_000, interval: 500 }).toBe('Spring issue');

    await app.page.reload();
    await expect.poll(() => app.page.getByRole('textbox', { name: 'Title' }).inputValue(), { timeout: 15_000 }).toBe('Spring issue');

    await app.page.getByRole('link', { name: 'Newsletters' }).first().click();
    await expect.poll(() => app.page.getByRole('link', { name: 'Spring issue' }).count()).toBe(1);
  });

  it('is found by search and hidden by a status filter that does not match', async () => {
    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await app.page.getByRole('textbox', { name: 'Title' }).fill('Harbour lights');
    await app.page.getByRole('link', { name: 'Newsletters' }).first().click();

    const search = app.page.getByRole('textbox', { name: 'Search' });
    await search.fill('harb');
    await expect.poll(() => app.page.getByRole('link', { name: 'Harbour lights' }).count()).toBe(1);
    await expect.poll(() => app.page.getByRole('link', { name: 'Spring issue' }).count()).toBe(0);

    await search.fill('');
    await app.page.getByRole('combobox', { name: 'Status' }).click();
    await app.page.getByRole('option', { name: 'Published' }).click();
    await expect.poll(() => app.page.getByText('No newsletters match.').count()).toBe(1);
  });

  it('shows the 404 text for a letter that does not exist', async () => {
    await app.page.goto(`${app.host.appUrl}/organizations/demo/channels/weekly/newsletters/987654`);
    await expect.poll(() => app.page.getByText('Eep. It doesn’t look like this letter exists.').count(), { timeout: 15_000 }).toBe(1);
  });
});
