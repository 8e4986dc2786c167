import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type PlatformServer } from '../../src-server/start';
import { useAppInBrowser } from './support/app-in-browser';

// With PLATFORM_URL the app uses that server and asks the editor to sign in.

let platformDir: string;
let platform: PlatformServer;

beforeAll(async () => {
  platformDir = mkdtempSync(join(tmpdir(), 'letterdesk-e2e-platform-'));
  platform = await startPlatform({ port: 0, dataDir: platformDir });
});

afterAll(async () => {
  await platform?.close();
  rmSync(platformDir, { recursive: true, force: true });
});

// Registered after the platform's hooks: vitest runs afterAll hooks in reverse, so the
// browser and host close before the platform they use.
const app = useAppInBrowser(() => ({ PLATFORM_URL: platform.url }));

describe('signing in to a remote platform', () => {
  it('refuses a wrong password with the platform message, then signs in and shows the channel', async () => {
    await app.page.goto(app.host.appUrl);
    const email = app.page.getByRole('textbox', { name: 'Email' });
    const password = app.page.getByRole('textbox', { name: 'Password' });
    await email.fill('editor@example.com');
    await password.fill('wrong password');
    await app.page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => app.page.getByText('Incorrect email or password.').count()).toBe(1);

    await password.fill('letterdesk');
    await app.page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/organizations\/demo\/channels\/weekly\/newsletters$/);
    await expect.poll(() => app.page.getByRole('button', { name: 'New letter' }).count()).toBe(1);
  });
});
