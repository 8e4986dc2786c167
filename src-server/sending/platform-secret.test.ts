import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SECRET_KEY_FILE, createPlatformSecret, readSecretKey, secretKeyFromDataDir } from './platform-secret';

// The platform's secret key: what it seals opens only with it (or the key it replaced during
// a rotation), a changed byte is refused, and the key kept in the data folder is its user's only.

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'letterdesk-secret-'));
  dirs.push(dir);
  return dir;
};

const KEY_A = readSecretKey('a'.repeat(64));
const KEY_B = readSecretKey('b'.repeat(64));

describe('the platform secret', () => {
  it('seals so that only the same key opens, and a changed byte or another key is refused', () => {
    const secret = createPlatformSecret(KEY_A);
    const sealed = secret.seal('-----BEGIN PRIVATE KEY-----\nabc\n');
    expect(sealed).not.toContain('PRIVATE');
    expect(secret.open(sealed)).toBe('-----BEGIN PRIVATE KEY-----\nabc\n');
    // Each seal has its own nonce.
    expect(secret.seal('same')).not.toBe(secret.seal('same'));
    const parts = sealed.split('.');
    const body = parts[4]!;
    const flipped = [...parts.slice(0, 4), (body[0] === 'A' ? 'B' : 'A') + body.slice(1)].join('.');
    expect(() => secret.open(flipped)).toThrow();
    expect(() => createPlatformSecret(KEY_B).open(sealed)).toThrow(/PLATFORM_SECRET_KEY_PREVIOUS/);
  });

  it('opens what the previous key sealed during a rotation, and seals with the new one', () => {
    const old = createPlatformSecret(KEY_A).seal('kept');
    const rotated = createPlatformSecret(KEY_B, KEY_A);
    expect(rotated.open(old)).toBe('kept');
    expect(createPlatformSecret(KEY_B).open(rotated.seal('new'))).toBe('new');
    expect(rotated.deriveAccepted('links')).toEqual([createPlatformSecret(KEY_B).derive('links'), createPlatformSecret(KEY_A).derive('links')]);
    expect(rotated.derive('links')).not.toEqual(rotated.derive('other'));
  });

  it('reads hex, base64 and long passphrases, and refuses a short one with the setting named', () => {
    expect(readSecretKey('a'.repeat(64))).toHaveLength(32);
    expect(readSecretKey(Buffer.alloc(32, 7).toString('base64'))).toEqual(Buffer.alloc(32, 7));
    expect(readSecretKey('correct horse battery staple and more words')).toHaveLength(32);
    expect(() => readSecretKey('short')).toThrow(/PLATFORM_SECRET_KEY must be/);
  });

  it('makes a key once in the data folder, readable by its user only, and reads it back', () => {
    const dir = tempDir();
    const first = secretKeyFromDataDir(dir);
    const file = path.join(dir, SECRET_KEY_FILE);
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secretKeyFromDataDir(dir)).toEqual(first);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
    writeFileSync(file, 'not a key');
    expect(() => secretKeyFromDataDir(dir)).toThrow(/platform-secret\.key/);
  });
});
