import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createFileTokenVault, platformTokenFile } from './session-token-file';

// The browser host's token file on its own; remote-sign-in.test.ts runs it inside a core.

const TOKEN = 'tok_4f8a0c2e9b7d_secret';
let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterdesk-token-file-'));
  file = platformTokenFile(path.join(dir, 'desktop'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the token file', () => {
  it('creates its folder and reads back what it wrote', async () => {
    await createFileTokenVault({ file, scope: 'https://a.example' }).save(TOKEN);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(await createFileTokenVault({ file, scope: 'https://a.example' }).load()).toBe(TOKEN);
  });

  it('does not offer a token saved for another platform', async () => {
    await createFileTokenVault({ file, scope: 'https://a.example' }).save(TOKEN);
    const logged: string[] = [];
    expect(await createFileTokenVault({ file, scope: 'https://b.example', log: (m) => logged.push(m) }).load()).toBeNull();
    expect(logged).toEqual(['The saved sign-in is for https://a.example, not https://b.example; signed out']);
  });

  it('means signed out, with one line in the log, when the file cannot be read', async () => {
    // A folder where the file should be: reading it fails (EISDIR), even for root.
    fs.mkdirSync(file, { recursive: true });
    const logged: string[] = [];
    expect(await createFileTokenVault({ file, scope: 's', log: (m) => logged.push(m) }).load()).toBeNull();
    expect(logged).toEqual([`The saved sign-in (${file}) could not be read; signed out`]);
  });

  it('says nothing when there is no file: that is simply signed out', async () => {
    const logged: string[] = [];
    expect(await createFileTokenVault({ file, scope: 's', log: (m) => logged.push(m) }).load()).toBeNull();
    expect(logged).toEqual([]);
  });

  it('keeps signing in working when the token cannot be written, and says why', async () => {
    fs.mkdirSync(file, { recursive: true });
    const logged: string[] = [];
    await expect(createFileTokenVault({ file, scope: 's', log: (m) => logged.push(m) }).save(TOKEN)).resolves.toBeUndefined();
    expect(logged).toEqual([`The sign-in could not be saved in ${file}; it lasts until Letterdesk closes`]);
    // The temporary file is not left behind either.
    expect(fs.readdirSync(path.dirname(file)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
