import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMembership, createUser } from '../../src-server/db/accounts';
import { createDb, type Db } from '../../src-server/db/database';
import { startPlatform, type PlatformServer } from '../../src-server/start';
import { launchBrowser } from './support/browser';
import { startWebHostProcess, type RunningWebHost } from './support/web-host-process';

// Exclusive editing (spec 1 §4 "Claiming", §8 "Editing control taken") across two installs
// of the app on one platform: the demo editor opens a letter and holds it; Ada, a second
// editor of the same organization on her own computer, finds it read only, takes it over,
// and the demo editor is told and sent back to the dashboard.

const TITLE = 'Harbour news';

let platformDir: string;
let platform: PlatformServer;
let db: Db;
let adaUniqueId: string;

beforeAll(async () => {
  platformDir = mkdtempSync(join(tmpdir(), 'letterdesk-e2e-platform-'));
  platform = await startPlatform({ port: 0, dataDir: platformDir });
  db = createDb(platform.connectionString, { maxConnections: 1 });
  // The second editor, as an administrator would add her to the demo organization.
  const demo = await db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
  const ada = await createUser(db, { email: 'ada@example.com', password: 'analytical', name: 'Ada', surname: 'Lovelace' });
  await addMembership(db, { userId: ada.id, organizationId: demo.id, role: 'editor' });
  adaUniqueId = ada.uniqueId;
});

afterAll(async () => {
  await db?.destroy();
  await platform?.close();
  rmSync(platformDir, { recursive: true, force: true });
});

// Registered after the platform's hooks: vitest runs afterAll hooks in reverse, so the
// browser and both hosts close before the platform they use.
let browser: Browser;
const hosts: RunningWebHost[] = [];
/** The demo editor's window, on the first install. */
let demoPage: Page;
/** Ada's window, on the second install. */
let adaPage: Page;

beforeAll(async () => {
  // Each host is its own install: its own data folder, core and SQLite cache.
  const env = { PLATFORM_URL: platform.url, LETTERDESK_PUSH_DELAY_MS: '300' };
  const started = await Promise.allSettled([startWebHostProcess(env), startWebHostProcess(env)]);
  for (const result of started) if (result.status === 'fulfilled') hosts.push(result.value);
  for (const result of started) if (result.status === 'rejected') throw result.reason;
  browser = await launchBrowser();
  demoPage = await (await browser.newContext()).newPage();
  adaPage = await (await browser.newContext()).newPage();
});

afterAll(async () => {
  await browser?.close();
  await Promise.all(hosts.map((host) => host.stop()));
});

async function signIn(page: Page, host: RunningWebHost, email: string, password: string) {
  await page.goto(host.appUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);
}

/** The letter on the platform: the one the demo editor made, by its unique id. */
let letterUniqueId: string | null = null;

async function platformLetter() {
  const query = db.selectFrom('letters').select(['uniqueId', 'title', 'claimant', 'claimedAt']);
  return letterUniqueId === null ? query.where('title', '=', TITLE).executeTakeFirst() : query.where('uniqueId', '=', letterUniqueId).executeTakeFirst();
}

/** Who holds the letter on the platform: the claimant's uniqueId once a claim is made, else null. */
async function platformHolder(): Promise<string | null> {
  const row = await platformLetter();
  if (!row || row.claimedAt === null) return null;
  letterUniqueId = row.uniqueId;
  return (row.claimant as { uniqueId?: string } | null)?.uniqueId ?? null;
}

async function platformTitle(): Promise<string | null> {
  return (await platformLetter())?.title ?? null;
}

describe('exclusive editing with two app windows on one letter', () => {
  it('opens read only for the second editor, hands the letter over on request, and tells the first', async () => {
    await signIn(demoPage, hosts[0]!, 'editor@example.com', 'letterdesk');
    const demoUser = await db.selectFrom('users').select('uniqueId').where('email', '=', 'editor@example.com').executeTakeFirstOrThrow();

    // The demo editor makes a letter; the app syncs it by itself, and once it is on the
    // platform the open composer claims it.
    await demoPage.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => demoPage.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/[\w-]+$/);
    const demoTitle = demoPage.getByRole('textbox', { name: 'Title' });
    await demoTitle.fill(TITLE);
    await expect.poll(platformHolder, { timeout: 60_000, interval: 500 }).toBe(demoUser.uniqueId);

    // Ada signs in on her own install, which brings the letter in, and opens it.
    await signIn(adaPage, hosts[1]!, 'ada@example.com', 'analytical');
    const link = adaPage.getByRole('link', { name: TITLE, exact: true });
    await expect.poll(() => link.count(), { timeout: 30_000 }).toBe(1);
    await link.click();
    await expect.poll(() => adaPage.getByText('Read only', { exact: true }).count(), { timeout: 30_000 }).toBe(1);
    // The platform names the holder by their first name (shared/contract/platform-letters.ts).
    expect(await adaPage.getByText('Sorry, Demo is currently working on this letter.').count()).toBe(1);
    const adaTitle = adaPage.getByRole('textbox', { name: 'Title' });
    expect(await adaTitle.inputValue()).toBe(TITLE);
    expect(await adaTitle.isEditable()).toBe(false);
    const addParagraph = adaPage.getByRole('tabpanel', { name: 'Blocks' }).getByRole('button', { name: 'Paragraph', exact: true });
    expect(await addParagraph.isDisabled()).toBe(true);
    expect(await platformHolder()).toBe(demoUser.uniqueId);

    // She takes over: the banner goes, and she can edit; her edit reaches the platform.
    await adaPage.getByRole('button', { name: 'Take over editing' }).click();
    await expect.poll(() => adaPage.getByText('Read only', { exact: true }).count(), { timeout: 30_000 }).toBe(0);
    expect(await platformHolder()).toBe(adaUniqueId);
    await expect.poll(() => adaTitle.isEditable()).toBe(true);
    expect(await addParagraph.isDisabled()).toBe(false);
    await adaTitle.fill(`${TITLE} by Ada`);
    await expect.poll(platformTitle, { timeout: 60_000, interval: 500 }).toBe(`${TITLE} by Ada`);

    // The demo editor's core learns of the takeover when it next talks to the platform about
    // this letter: here, as a real editor would, by typing on, which saves and syncs; the
    // platform refuses the save from the old version with Ada's name. Should the core's
    // background pull bring Ada's claim in first, that tells the editor as well, and the
    // title is then read only: the keys are typed without waiting for the field to take them.
    await demoTitle.focus();
    await demoPage.keyboard.press('End');
    await demoPage.keyboard.type(' by Demo');
    const alert = demoPage.getByRole('dialog', { name: 'Ada has taken over editing this newsletter' });
    await expect.poll(() => alert.count(), { timeout: 60_000, interval: 500 }).toBe(1);
    expect(await alert.textContent()).toContain('Only one person may edit a newsletter at a time, and Ada has taken over editing control.');
    expect(await demoTitle.isEditable()).toBe(false);
    // Ada keeps the letter and her edit: the demo editor's words did not take it back.
    expect(await platformHolder()).toBe(adaUniqueId);
    expect(await platformTitle()).toBe(`${TITLE} by Ada`);

    await alert.getByRole('button', { name: 'Exit to dashboard' }).click();
    await expect.poll(() => demoPage.url(), { timeout: 15_000 }).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);
  });
});
