import { describe, expect, it } from 'vitest';
import { useAppInBrowser } from './support/app-in-browser';
import { composerPage } from './support/composer-page';

// The block settings panel: a value that breaks a rule shows the spec's message and is never
// saved (a reload shows the letter without it); a valid value is saved with the letter.

const app = useAppInBrowser();

const ALT_QUOTES = 'Double quotes or single quote are not allowed.';
const BUTTON_HTTPS = 'The URL must start with https:// and have no more than 300 characters.';

const { palette, section, settings: panel } = composerPage(app);
const field = (label: string) => panel().getByLabel(label, { exact: true });

async function openSettings(name: string) {
  await section(name).click();
  await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect.poll(() => panel().getByRole('heading', { name: `${name} settings` }).count()).toBe(1);
}

async function closeSettings() {
  await panel().getByRole('button', { name: 'Close block settings' }).click();
  await expect.poll(() => panel().count()).toBe(0);
}

/** Types as a user does, key by key, into a field emptied first. */
async function typeInto(label: string, text: string) {
  await field(label).fill('');
  await field(label).pressSequentially(text);
}

async function waitForLocalSave() {
  // Sections are saved 500 ms after the last edit; the indicator shows while a save runs.
  await app.page.waitForTimeout(1_000);
  await expect.poll(() => app.page.getByRole('status', { name: 'Saving' }).count()).toBe(0);
}

describe('block settings', () => {
  it('refuses quoted alt text and an http button link, and keeps a valid https link across a reload', async () => {
    await app.page.goto(app.host.appUrl);
    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await expect.poll(() => section('Footer').count(), { timeout: 15_000 }).toBe(1);

    await palette('Image').click();
    await openSettings('Image');
    await typeInto('Alt text', 'Our "best" bike');
    await expect.poll(() => panel().getByText(ALT_QUOTES).count()).toBe(1);
    await closeSettings();

    await palette('Button').click();
    await openSettings('Button');
    await typeInto('Link', 'http://example.com');
    await expect.poll(() => panel().getByText(BUTTON_HTTPS).count()).toBe(1);
    await typeInto('Link', 'https://example.com/spring');
    await expect.poll(() => panel().getByText(BUTTON_HTTPS).count()).toBe(0);
    await closeSettings();
    await waitForLocalSave();

    await app.page.reload();
    await expect.poll(() => section('Button').count(), { timeout: 15_000 }).toBe(1);
    await openSettings('Image');
    expect(await field('Alt text').inputValue()).toBe('');
    await closeSettings();
    await openSettings('Button');
    expect(await field('Link').inputValue()).toBe('https://example.com/spring');
  });
});
