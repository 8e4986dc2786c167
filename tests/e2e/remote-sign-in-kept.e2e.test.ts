import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { createPlatformClient } from '../../src-main/core/platform/platform-client';
import { platformTokenFile } from '../../src-main/core/session-token-file';
import { startPlatform, type PlatformServer } from '../../src-server/start';
import { launchBrowser } from './support/browser';
import { startWebHostProcess, type RunningWebHost } from './support/web-host-process';

// The browser host with PLATFORM_URL keeps the sign-in across a restart, and signing in
// sends the edits that waited while no one was signed in.

const ACCOUNT = { email: 'editor@example.com', password: 'letterdesk' };

let platformDir: string;
let platform: PlatformServer;
let browser: Browser;
let page: Page;
/** The data folder the hosts of a test share, and the hosts to stop after it. */
let dataDir: string;
const hosts: RunningWebHost[] = [];

beforeAll(async () => {
  platformDir = mkdtempSync(join(tmpdir(), 'letterdesk-e2e-platform-'));
  platform = await startPlatform({ port: 0, dataDir: platformDir });
  browser = await launchBrowser();
});

beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'letterdesk-e2e-'));
  page = await browser.newPage();
});

afterEach(async () => {
  await page.close();
  for (const host of hosts.splice(0)) await host.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

afterAll(async () => {
  await browser?.close();
  await platform?.close();
  rmSync(platformDir, { recursive: true, force: true });
});

async function startHost(env: Record<string, string> = {}): Promise<RunningWebHost> {
  const host = await startWebHostProcess({ PLATFORM_URL: platform.url, ...env }, { dataDir });
  hosts.push(host);
  return host;
}

/** Stops the host (SIGTERM, as a user closing it) and starts another on the same data. */
async function restart(host: RunningWebHost, env: Record<string, string> = {}): Promise<RunningWebHost> {
  await host.stop();
  hosts.splice(hosts.indexOf(host), 1);
  return startHost(env);
}

const tokenFile = () => platformTokenFile(join(dataDir, 'desktop'));

async function signIn(host: RunningWebHost) {
  await page.goto(host.appUrl);
  await page.getByRole('textbox', { name: 'Email' }).fill(ACCOUNT.email);
  await page.getByRole('textbox', { name: 'Password' }).fill(ACCOUNT.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);
}

/** The letter's title as the platform has it, read through its API. */
async function platformTitle(id: number): Promise<string | null> {
  let token: string | null = null;
  const client = createPlatformClient(platform.url, () => token);
  token = (await client.login(ACCOUNT)).token;
  return (await client.getLetter('demo', 'weekly', id))?.title ?? null;
}

describe('the browser host with a remote platform', () => {
  it('opens signed in after a restart on the same data folder', async () => {
    const first = await startHost();
    await signIn(first);
    if (process.platform !== 'win32') expect(statSync(tokenFile()).mode & 0o777).toBe(0o600);

    const second = await restart(first);
    await page.goto(second.appUrl);
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);
    await expect.poll(() => page.getByRole('button', { name: 'New letter' }).count()).toBe(1);
    expect(await page.getByRole('textbox', { name: 'Password' }).count()).toBe(0);
  });

  it('sends an edit made while signed out as soon as the editor signs in again', async () => {
    const first = await startHost({ LETTERDESK_PUSH_DELAY_MS: '300' });
    await signIn(first);
    await page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    const id = Number(page.url().split('/').pop());
    const title = page.getByRole('textbox', { name: 'Title' });
    await expect.poll(() => title.inputValue()).toBe(`Draft ${id}`);

    // Signed out elsewhere: the platform revokes the host's token.
    const { token } = JSON.parse(readFileSync(tokenFile(), 'utf8')) as { token: string };
    const revoked = await fetch(`${platform.url}${platformPaths.logout()}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(204);

    await title.fill('Written while signed out');
    await expect.poll(() => page.getByRole('status', { name: 'Sync: Sign in to sync your letters.' }).count(), { timeout: 15_000 }).toBe(1);
    expect(existsSync(tokenFile())).toBe(false);
    expect(await platformTitle(id)).toBe(`Draft ${id}`);

    // A restart drops the engine's retry timer, so from here only the sign-in can send the edit.
    const second = await restart(first);
    await signIn(second);
    await expect.poll(() => platformTitle(id), { timeout: 15_000, interval: 500 }).toBe('Written while signed out');
  });
});
