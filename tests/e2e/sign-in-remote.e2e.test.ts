import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type PlatformServer } from '../../src-server/start';
import { launchBrowser } from './support/browser';
import { startWebHostProcess, type RunningWebHost } from './support/web-host-process';

// With PLATFORM_URL the app uses that server and asks the editor to sign in.

let platformDir: string;
let platform: PlatformServer;
let host: RunningWebHost;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  platformDir = mkdtempSync(join(tmpdir(), 'letterdesk-e2e-platform-'));
  platform = await startPlatform({ port: 0, dataDir: platformDir });
  host = await startWebHostProcess({ PLATFORM_URL: platform.url });
  browser = await launchBrowser();
  page = await browser.newPage();
});

afterAll(async () => {
  await browser?.close();
  await host?.stop();
  await platform?.close();
  rmSync(platformDir, { recursive: true, force: true });
});

describe('signing in to a remote platform', () => {
  it('refuses a wrong password with the platform message, then signs in and shows the channel', async () => {
    await page.goto(host.appUrl);
    const email = page.getByRole('textbox', { name: 'Email' });
    const password = page.getByRole('textbox', { name: 'Password' });
    await email.fill('editor@example.com');
    await password.fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByText('Incorrect email or password.').count()).toBe(1);

    await password.fill('letterdesk');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.url(), { timeout: 15_000 }).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);
    await expect.poll(() => page.getByRole('button', { name: 'New letter' }).count()).toBe(1);
  });
});
