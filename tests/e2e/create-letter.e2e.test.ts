import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src-main/core/platform/platform-client';
import { launchBrowser } from './support/browser';
import { startWebHostProcess, type RunningWebHost } from './support/web-host-process';

// What an editor does first: open the app, make a letter, name it, come back to it.

let host: RunningWebHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  host = await startWebHostProcess({ LETTERDESK_PUSH_DELAY_MS: '500' });
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
});

async function platformLetterTitle(id: number): Promise<string | null> {
  let token: string | null = null;
  const client = createPlatformClient(host.platformUrl, () => token);
  token = (await client.login({ email: 'editor@example.com', password: 'letterdesk' })).token;
  return (await client.getLetter('demo', 'weekly', id))?.title ?? null;
}

describe('a new letter', () => {
  it('is created, titled, kept across a reload, and reaches the platform', async () => {
    await page.goto(host.appUrl);
    await expect.poll(() => page.url()).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);

    await page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => title.inputValue()).toBe(`Draft ${id}`);

    await title.fill('Spring issue');
    await expect.poll(() => platformLetterTitle(id), { timeout: 30_000, interval: 500 }).toBe('Spring issue');

    await page.reload();
    await expect.poll(() => page.getByRole('textbox', { name: 'Title' }).inputValue(), { timeout: 15_000 }).toBe('Spring issue');

    await page.getByRole('link', { name: 'Newsletters' }).first().click();
    await expect.poll(() => page.getByRole('link', { name: 'Spring issue' }).count()).toBe(1);
  });

  it('is found by search and hidden by a status filter that does not match', async () => {
    await page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await page.getByRole('textbox', { name: 'Title' }).fill('Harbour lights');
    await page.getByRole('link', { name: 'Newsletters' }).first().click();

    const search = page.getByRole('textbox', { name: 'Search' });
    await search.fill('harb');
    await expect.poll(() => page.getByRole('link', { name: 'Harbour lights' }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: 'Spring issue' }).count()).toBe(0);

    await search.fill('');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Published' }).click();
    await expect.poll(() => page.getByText('No newsletters match.').count()).toBe(1);
  });

  it('shows the 404 text for a letter that does not exist', async () => {
    await page.goto(`${host.appUrl}/organizations/demo/channels/weekly/newsletters/987654`);
    await expect.poll(() => page.getByText('Eep. It doesn’t look like this letter exists.').count(), { timeout: 15_000 }).toBe(1);
  });
});
