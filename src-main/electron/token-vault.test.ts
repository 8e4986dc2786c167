import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createElectronTokenVault, tokenStorageOf, type SafeStorageLike } from './token-vault';

/** A stand-in for safeStorage: reversible, but never the plain text on disk. */
function fakeSafeStorage(options: { available?: boolean; backend?: string } = {}): SafeStorageLike & { encrypted: number } {
  const fake = {
    encrypted: 0,
    isEncryptionAvailable: () => options.available ?? true,
    encryptString: (plain: string) => {
      fake.encrypted++;
      return Buffer.from(`sealed:${[...plain].reverse().join('')}`, 'utf8');
    },
    decryptString: (sealed: Buffer) => {
      const text = sealed.toString('utf8');
      if (!text.startsWith('sealed:')) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.');
      return [...text.slice('sealed:'.length)].reverse().join('');
    },
    ...(options.backend ? { getSelectedStorageBackend: () => options.backend! } : {}),
  };
  return fake;
}

const TOKEN = 'tok_4f8a0c2e9b7d_secret';
let dir: string;
let file: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'letterdesk-vault-'));
  file = path.join(dir, 'desktop', 'platform-token.json');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the Electron token vault', () => {
  it('stores the token encrypted and reads it back in the next run', async () => {
    const safeStorage = fakeSafeStorage();
    const vault = createElectronTokenVault({ file, scope: 'https://letterdesk.example.com', safeStorage, platform: 'darwin' });
    expect(await vault.load()).toBeNull();
    await vault.save(TOKEN);
    const onDisk = fs.readFileSync(file, 'utf8');
    expect(onDisk).not.toContain(TOKEN);
    expect(safeStorage.encrypted).toBe(1);
    if (process.platform !== 'win32') expect(fs.statSync(file).mode & 0o777).toBe(0o600);

    const nextRun = createElectronTokenVault({ file, scope: 'https://letterdesk.example.com', safeStorage, platform: 'darwin' });
    expect(await nextRun.load()).toBe(TOKEN);
    expect(nextRun.storage()).toBe('encrypted');
  });

  it('removes the token on sign-out', async () => {
    const vault = createElectronTokenVault({ file, scope: 'https://a.example', safeStorage: fakeSafeStorage(), platform: 'win32' });
    await vault.save(TOKEN);
    await vault.clear();
    expect(fs.existsSync(file)).toBe(false);
    expect(await vault.load()).toBeNull();
    const nextRun = createElectronTokenVault({ file, scope: 'https://a.example', safeStorage: fakeSafeStorage(), platform: 'win32' });
    expect(await nextRun.load()).toBeNull();
  });

  it('does not offer a token saved for another server', async () => {
    const safeStorage = fakeSafeStorage();
    await createElectronTokenVault({ file, scope: 'https://a.example', safeStorage, platform: 'darwin' }).save(TOKEN);
    expect(await createElectronTokenVault({ file, scope: 'https://b.example', safeStorage, platform: 'darwin' }).load()).toBeNull();
  });

  it('drops a file it cannot decrypt or read', async () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify({ version: 1, scope: 'https://a.example', ciphertext: Buffer.from('garbage').toString('base64') }));
    const logged: string[] = [];
    const vault = createElectronTokenVault({ file, scope: 'https://a.example', safeStorage: fakeSafeStorage(), platform: 'darwin', log: (m) => logged.push(m) });
    expect(await vault.load()).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    expect(logged).toHaveLength(1);
    fs.writeFileSync(file, 'not json');
    expect(await createElectronTokenVault({ file, scope: 'https://a.example', safeStorage: fakeSafeStorage(), platform: 'darwin' }).load()).toBeNull();
  });

  it('on Linux without a secret store keeps the token in memory only and flags it once', async () => {
    const safeStorage = fakeSafeStorage({ backend: 'basic_text' });
    let flagged = 0;
    const vault = createElectronTokenVault({ file, scope: 'https://a.example', safeStorage, platform: 'linux', onInsecure: () => flagged++ });
    expect(vault.storage()).toBe('memory-only');
    await vault.save(TOKEN);
    await vault.save(`${TOKEN}2`);
    expect(await vault.load()).toBe(`${TOKEN}2`);
    expect(fs.existsSync(file)).toBe(false);
    expect(safeStorage.encrypted).toBe(0);
    expect(flagged).toBe(1);
  });

  it('uses the Linux secret service when there is one', async () => {
    for (const backend of ['gnome_libsecret', 'kwallet5', 'kwallet6']) {
      expect(tokenStorageOf(fakeSafeStorage({ backend }), 'linux'), backend).toBe('encrypted');
    }
    expect(tokenStorageOf(fakeSafeStorage({ backend: 'unknown' }), 'linux')).toBe('memory-only');
    const vault = createElectronTokenVault({ file, scope: 's', safeStorage: fakeSafeStorage({ backend: 'gnome_libsecret' }), platform: 'linux' });
    await vault.save(TOKEN);
    expect(fs.existsSync(file)).toBe(true);
  });

  it('keeps the token in memory when encryption is unavailable at all', async () => {
    let flagged = 0;
    const vault = createElectronTokenVault({ file, scope: 's', safeStorage: fakeSafeStorage({ available: false }), platform: 'win32', onInsecure: () => flagged++ });
    await vault.save(TOKEN);
    expect(fs.existsSync(file)).toBe(false);
    expect(await vault.load()).toBe(TOKEN);
    expect(flagged).toBe(1);
  });
});
