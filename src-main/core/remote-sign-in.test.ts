import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Session, SyncStatus } from '../../shared/contract/bridge';
import { EMBEDDED_ACCOUNT, platformPaths } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { createFileTokenVault, platformTokenFile } from './session-token-file';
import { call, platformView, useTestPlatform, WEEKLY } from './testing/test-core';

// A remote platform, the way the browser host runs it with PLATFORM_URL: the editor signs
// in, the token outlives a restart in a file of the data folder, and signing in sends the
// edits that waited while no one was signed in.

const ACCOUNT = EMBEDDED_ACCOUNT;
const REMOTE = { mode: 'remote', account: undefined } as const;

const { platform, openCore, tempDir } = useTestPlatform();

async function platformTitle(id: number): Promise<string | undefined> {
  return (await (await platformView(platform().url)).letter(id))?.title;
}

/** The browser host's vault for `dataDir`, logging into `logged`. */
function fileVault(dataDir: string, logged: string[] = [], scope = platform().url) {
  return createFileTokenVault({ file: platformTokenFile(dataDir), scope, log: (message) => logged.push(message) });
}

describe('signing in to a remote platform', () => {
  it('pushes the edits made while signed out at once, without another edit', async () => {
    const { core } = await openCore(REMOTE);
    await call(core, 'auth.signIn', ACCOUNT);
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    expect(letter.id).toBeGreaterThan(0);

    await call(core, 'auth.signOut', {});
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Written while signed out' } });
    // 'Sync now' finds no one signed in: the entry waits, and no timer will send it (the
    // autosave debounce of these cores is a minute).
    expect(await call<SyncStatus>(core, 'sync.now', {})).toMatchObject({ state: 'signed-out', pending: 1 });
    expect(await platformTitle(letter.id!)).not.toBe('Written while signed out');

    await call(core, 'auth.signIn', ACCOUNT);
    await expect.poll(() => platformTitle(letter.id!), { timeout: 10_000 }).toBe('Written while signed out');
    expect(await call<SyncStatus>(core, 'sync.status', {})).toMatchObject({ state: 'synced', pending: 0 });
  });

  it("drops 'Sign in to sync your letters.' as soon as the sign-in succeeds, before any push", async () => {
    const { core, events } = await openCore(REMOTE);
    await expect.poll(async () => (await call<SyncStatus>(core, 'sync.status', {})).message).toBe('Sign in to sync your letters.');
    const before = events.length;
    await call(core, 'auth.signIn', ACCOUNT);
    // Read at once: the push the sign-in starts has not necessarily run yet.
    const status = await call<SyncStatus>(core, 'sync.status', {});
    expect(status.state).not.toBe('signed-out');
    expect(status.message).toBeNull();
    // The chip hears it before the sign-in's answer arrives, not from the first push.
    const heard = events.slice(before).filter((e) => e.event === 'sync.status');
    expect(heard[0]?.payload).toMatchObject({ state: 'synced', pending: 0, message: null });
  });

  it('pushes edits kept from before a restart once the editor signs in again', async () => {
    const dataDir = tempDir();
    const first = await openCore(REMOTE, dataDir);
    await call(first.core, 'auth.signIn', ACCOUNT);
    const letter = await call<Letter>(first.core, 'letters.create', WEEKLY);
    await call(first.core, 'auth.signOut', {});
    await call(first.core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Kept across a restart' } });
    await first.close();

    // The restarted core tries its outbox at start, finds no one signed in, and waits.
    const second = await openCore(REMOTE, dataDir);
    expect(await call<Session>(second.core, 'app.session', {})).toMatchObject({ signedIn: false });
    await expect.poll(async () => (await call<SyncStatus>(second.core, 'sync.status', {})).state).toBe('signed-out');
    expect(await call<SyncStatus>(second.core, 'sync.status', {})).toMatchObject({ pending: 1 });
    await call(second.core, 'auth.signIn', ACCOUNT);
    await expect.poll(() => platformTitle(letter.id!), { timeout: 10_000 }).toBe('Kept across a restart');
  });
});

describe('the token file of the browser host', () => {
  it('is written for its owner only, and a restarted core is signed in without asking', async () => {
    const dataDir = tempDir();
    const file = platformTokenFile(dataDir);
    const first = await openCore(REMOTE, dataDir, { tokenVault: fileVault(dataDir) });
    await call(first.core, 'auth.signIn', ACCOUNT);
    // Windows does not enforce mode bits (see session-token-file.ts).
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ version: 1, scope: platform().url, token: expect.any(String) });
    // The temporary file was renamed over it, not left beside it.
    expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
    await first.close();

    const second = await openCore(REMOTE, dataDir, { tokenVault: fileVault(dataDir) });
    expect(await call<Session>(second.core, 'app.session', {})).toMatchObject({ signedIn: true, user: { email: ACCOUNT.email } });
    // The platform takes the token read back: a new letter gets its id at once.
    expect((await call<Letter>(second.core, 'letters.create', WEEKLY)).id).toBeGreaterThan(0);
  });

  it('is removed on sign-out, and the next run asks again', async () => {
    const dataDir = tempDir();
    const first = await openCore(REMOTE, dataDir, { tokenVault: fileVault(dataDir) });
    await call(first.core, 'auth.signIn', ACCOUNT);
    expect(fs.existsSync(platformTokenFile(dataDir))).toBe(true);
    expect(await call<Session>(first.core, 'auth.signOut', {})).toMatchObject({ signedIn: false });
    expect(fs.existsSync(platformTokenFile(dataDir))).toBe(false);
    await first.close();

    const second = await openCore(REMOTE, dataDir, { tokenVault: fileVault(dataDir) });
    expect(await call<Session>(second.core, 'app.session', {})).toMatchObject({ signedIn: false, user: null });
  });

  it('is removed when the platform no longer takes its token', async () => {
    const dataDir = tempDir();
    const { core } = await openCore(REMOTE, dataDir, { tokenVault: fileVault(dataDir) });
    await call(core, 'auth.signIn', ACCOUNT);
    const { token } = JSON.parse(fs.readFileSync(platformTokenFile(dataDir), 'utf8')) as { token: string };
    // Signed out elsewhere: the platform revokes the token.
    const revoked = await fetch(`${platform().url}${platformPaths.logout()}`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(revoked.status).toBe(204);

    expect(await call<Session>(core, 'app.session', {})).toMatchObject({ signedIn: false });
    expect(fs.existsSync(platformTokenFile(dataDir))).toBe(false);
  });

  it('means signed out when it holds garbage, says so once, and a sign-in writes over it', async () => {
    const dataDir = tempDir();
    const file = platformTokenFile(dataDir);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    // Readable by all, as a file someone else wrote might be: the new one must not inherit that.
    fs.writeFileSync(file, '{"version":1,"scope":', { mode: 0o644 });
    const logged: string[] = [];
    const { core } = await openCore(REMOTE, dataDir, { tokenVault: fileVault(dataDir, logged) });
    expect(await call<Session>(core, 'app.session', {})).toMatchObject({ signedIn: false });
    expect(await call<Session>(core, 'app.session', {})).toMatchObject({ signedIn: false });
    expect(logged).toEqual([`The saved sign-in (${file}) is not one Letterdesk wrote; signed out`]);

    await call(core, 'auth.signIn', ACCOUNT);
    expect(JSON.parse(fs.readFileSync(file, 'utf8'))).toMatchObject({ version: 1, scope: platform().url });
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
  });
});
