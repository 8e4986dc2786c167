import { describe, expect, it } from 'vitest';
import { createPlatformClient } from '../../src-main/core/platform/platform-client';
import { platformView } from '../../src-main/core/testing/test-core';
import { EMBEDDED_ACCOUNT } from '../../shared/contract/platform-api';
import { useAppInBrowser } from './support/app-in-browser';
import { expectAccessible } from './support/axe';
import { composerPage } from './support/composer-page';

// The screens around the composer: the letters list (sort in the address bar, delete with
// the confirm-delete dialog), New letter from a template, the channel settings screen and
// what the composer takes from it, the account menu; and axe-core on each screen.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '300' });
const composer = composerPage(app);

const newslettersTable = () => app.page.getByRole('table', { name: 'Newsletters' });
const nav = () => app.page.getByRole('navigation', { name: 'Channel' });
const path = () => {
  const url = new URL(app.page.url());
  return `${url.pathname}${url.search}`;
};

async function platformClient() {
  let token: string | null = null;
  const client = createPlatformClient(app.host.platformUrl, () => token);
  token = (await client.login(EMBEDDED_ACCOUNT)).token;
  return client;
}

/** New letter (or template) from the current list, titled, then back to the Newsletters list. */
async function newTitled(button: 'New letter' | 'New template', title: string): Promise<number> {
  await app.page.getByRole('button', { name: button }).click();
  await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
  const id = Number(new URL(app.page.url()).pathname.split('/').pop());
  const field = app.page.getByRole('textbox', { name: 'Title' });
  await expect.poll(() => field.inputValue(), { timeout: 15_000 }).toMatch(/^Draft \d+$/);
  await field.fill(title);
  return id;
}

async function toNewsletters() {
  // Screens outside a channel (Settings) have no channel links: the start page opens the channel's list.
  if (!app.page.url().startsWith(app.host.appUrl) || (await nav().getByRole('link', { name: 'Newsletters' }).count()) === 0) {
    await app.page.goto(app.host.appUrl);
  }
  await nav().getByRole('link', { name: 'Newsletters' }).click();
  await expect.poll(() => app.page.getByRole('heading', { name: 'Newsletters', level: 1 }).count(), { timeout: 15_000 }).toBe(1);
}

describe('the letters list', () => {
  it('keeps its sort in the address bar across a reload and back, and deletes a letter with the confirm-delete dialog', async () => {
    await app.page.setViewportSize({ width: 1440, height: 900 });
    await app.page.goto(app.host.appUrl);
    const id = await newTitled('New letter', 'Harbour notes');
    await toNewsletters();
    await expect.poll(() => newslettersTable().getByRole('link', { name: 'Harbour notes' }).count(), { timeout: 15_000 }).toBe(1);
    const headers = await newslettersTable().getByRole('columnheader').allTextContents();
    expect(headers.map((h) => h.trim())).toEqual(['Title', 'Status', 'Audience', 'Send date', 'Recipients', 'Open rate', 'Click rate', 'Updated', 'Actions']);
    const row = newslettersTable().getByRole('row').filter({ hasText: 'Harbour notes' });
    // Never sent: no send date, recipients or rates.
    expect((await row.getByRole('cell').allTextContents()).slice(3, 7)).toEqual(['—', '—', '—', '—']);

    const listPath = path();
    await newslettersTable().getByRole('button', { name: 'Title' }).click();
    await expect.poll(path).toBe(`${listPath}?sort=title&direction=asc`);
    await app.page.reload();
    await expect.poll(() => newslettersTable().getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort'), { timeout: 15_000 }).toBe('ascending');
    await app.page.goBack();
    await expect.poll(path).toBe(listPath);
    await expect.poll(() => newslettersTable().getByRole('columnheader', { name: 'Updated' }).getAttribute('aria-sort'), { timeout: 15_000 }).toBe('descending');
    await app.page.goForward();
    await expect.poll(() => newslettersTable().getByRole('columnheader', { name: 'Title' }).getAttribute('aria-sort'), { timeout: 15_000 }).toBe('ascending');

    await expect.poll(async () => (await (await platformView(app.host.platformUrl)).letter(id))?.title, { timeout: 20_000 }).toBe('Harbour notes');
    await newslettersTable().getByRole('button', { name: 'Actions for Harbour notes' }).click();
    await app.page.getByRole('menuitem', { name: 'Delete' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Delete "Harbour notes"?' });
    await expect.poll(() => dialog.getByText('This action cannot be undone').count()).toBe(1);
    await expectAccessible(app.page, 'Confirm-delete dialog');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => newslettersTable().getByRole('link', { name: 'Harbour notes' }).count(), { timeout: 10_000 }).toBe(0);
    expect(await (await platformView(app.host.platformUrl)).letter(id)).toBeNull();
  });

  it("starts a new letter from one of the channel's templates", async () => {
    await app.page.getByRole('tab', { name: 'Templates' }).click();
    await newTitled('New template', 'Market template');
    await composer.palette('Heading').click();
    await expect.poll(composer.canvasTypes, { timeout: 10_000 }).toEqual(['heading', 'footer']);
    await app.page.waitForTimeout(1_000);
    await toNewsletters();

    await app.page.getByRole('button', { name: 'New letter' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'New letter' });
    await expect.poll(() => dialog.getByRole('button', { name: 'Blank letter' }).count(), { timeout: 10_000 }).toBe(1);
    await dialog.getByRole('button', { name: 'From template Market template' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await expect.poll(composer.canvasTypes, { timeout: 15_000 }).toEqual(['heading', 'footer']);
    await expect.poll(() => app.page.getByRole('textbox', { name: 'Title' }).inputValue(), { timeout: 15_000 }).toMatch(/^Draft \d+$/);
  });
});

describe('channel settings', () => {
  it('saves on the platform, and the composer takes the footer language from it', async () => {
    await nav().getByRole('link', { name: 'Channel settings' }).click();
    await expect.poll(path).toBe('/organizations/demo/channels/weekly/settings');
    const name = app.page.getByRole('textbox', { name: 'Name' });
    await expect.poll(() => name.inputValue(), { timeout: 15_000 }).toBe('The Weekly');

    await app.page.getByRole('textbox', { name: 'Accent color' }).fill('#c92a2a');
    await app.page.getByRole('textbox', { name: /Logo URL/ }).fill('https://cdn.example.com/weekly.png');
    await app.page.getByRole('textbox', { name: 'Street' }).fill('1 Harbour Road');
    await app.page.getByRole('textbox', { name: 'City' }).fill('Portsmouth');
    await app.page.getByRole('textbox', { name: 'Accent color' }).press('Escape');
    await app.page.getByRole('combobox', { name: 'Footer language' }).click();
    await app.page.getByRole('option', { name: 'Spanish' }).click();
    await app.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => app.page.getByText('Channel settings saved.').count(), { timeout: 15_000 }).toBe(1);

    const stored = await (await platformClient()).channelSettings('demo', 'weekly');
    expect(stored).toMatchObject({ accentColor: '#c92a2a', logoUrl: 'https://cdn.example.com/weekly.png', footerLanguage: 'sp', address: { street: '1 Harbour Road', city: 'Portsmouth' } });

    await toNewsletters();
    await app.page.getByRole('button', { name: 'New letter' }).click();
    await app.page.getByRole('dialog', { name: 'New letter' }).getByRole('button', { name: 'Blank letter' }).click();
    await expect.poll(composer.canvasTypes, { timeout: 15_000 }).toEqual(['footer']);
    await expect.poll(() => composer.section('Footer').getByText('Todos los derechos reservados.', { exact: false }).count(), { timeout: 10_000 }).toBe(1);
  });

  it('refuses a bad colour with its message and keeps the stored one', async () => {
    await nav().getByRole('link', { name: 'Channel settings' }).click();
    const accent = app.page.getByRole('textbox', { name: 'Accent color' });
    await expect.poll(() => accent.inputValue(), { timeout: 15_000 }).toBe('#c92a2a');
    await accent.fill('not a colour');
    await accent.press('Escape');
    await app.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => app.page.getByText('Enter a colour such as #1D2D4D.').count()).toBe(1);
    expect((await (await platformClient()).channelSettings('demo', 'weekly')).accentColor).toBe('#c92a2a');
  });
});

describe('accessibility (axe-core, serious and critical)', () => {
  it('passes on the letters list, the composer, its Styles tab, the schedule step and the settings screens', async () => {
    await toNewsletters();
    await expectAccessible(app.page, 'Letters list');

    await app.page.getByRole('tab', { name: 'Templates' }).click();
    await expect.poll(() => app.page.getByRole('heading', { name: 'Templates', level: 1 }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(app.page, 'Templates list');

    await toNewsletters();
    await app.page.getByRole('button', { name: 'New letter' }).click();
    // With templates in the channel (the tests above made one) New letter asks which to start from.
    const chooser = app.page.getByRole('dialog', { name: 'New letter' });
    await expect.poll(async () => (await chooser.count()) > 0 || /\/newsletters\/\d+$/.test(app.page.url()), { timeout: 15_000 }).toBe(true);
    if ((await chooser.count()) > 0) {
      await expectAccessible(app.page, 'New letter dialog');
      await chooser.getByRole('button', { name: 'Blank letter' }).click();
    }
    await expect.poll(composer.canvasTypes, { timeout: 15_000 }).toEqual(['footer']);
    await composer.palette('Paragraph').click();
    await expect.poll(composer.canvasTypes, { timeout: 10_000 }).toEqual(['paragraph', 'footer']);
    await composer.section('Paragraph').click();
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => composer.settings().count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(app.page, 'Composer with block settings open');
    await composer.settings().getByRole('button', { name: 'Close block settings' }).click();

    await app.page.getByRole('tab', { name: 'Styles' }).click();
    await expectAccessible(app.page, 'Composer Styles tab');

    await expect.poll(() => app.page.getByRole('button', { name: 'Preview and schedule', exact: true }).isEnabled(), { timeout: 15_000 }).toBe(true);
    await app.page.getByRole('button', { name: 'Preview and schedule', exact: true }).click();
    await expect.poll(() => app.page.getByRole('button', { name: 'Schedule', exact: true }).count(), { timeout: 20_000 }).toBe(1);
    await expectAccessible(app.page, 'Schedule step');

    // Leaving the schedule step by a link asks first (schedule.e2e); open the next screen directly.
    await app.page.goto(new URL('/organizations/demo/channels/weekly/settings', app.host.appUrl).href);
    await expect.poll(() => app.page.getByRole('textbox', { name: 'Name' }).count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(app.page, 'Channel settings');

    await app.page.getByRole('link', { name: 'Settings', exact: true }).click();
    await expect.poll(() => app.page.getByRole('heading', { name: 'Settings' }).count(), { timeout: 10_000 }).toBe(1);
    await expectAccessible(app.page, 'Settings');
  });
});

describe('the account menu', () => {
  it('shows who is signed in and opens Settings', async () => {
    await toNewsletters();
    await app.page.getByRole('button', { name: 'Demo Editor' }).click();
    const menu = app.page.getByRole('menu');
    await expect.poll(() => menu.getByText(EMBEDDED_ACCOUNT.email).count()).toBe(1);
    await expectAccessible(app.page, 'Account menu');
    // The platform on this computer signs its account in by itself: no Sign out to offer.
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Settings']);
    await menu.getByRole('menuitem', { name: 'Settings' }).click();
    await expect.poll(path).toBe('/settings');
  });
});
