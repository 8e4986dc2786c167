import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// The platform's secret key (PLATFORM_SECRET_KEY): it encrypts what must not sit readable in
// the database (DKIM private keys) and is the root the platform derives its other keys from.
// It lives outside PostgreSQL on purpose: a copy of the database alone (a dump, a backup, a
// replica) reveals no private key. Without the setting, the platform makes one the first time
// and keeps it in its data folder, readable by its own user only.
//
// Rotation: set the new key as PLATFORM_SECRET_KEY and the old one as
// PLATFORM_SECRET_KEY_PREVIOUS. Every sealed value names the key that sealed it, so values
// sealed with the previous key still open; sealing always uses the current one.

export const SECRET_KEY_FILE = 'platform-secret.key';
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const SEALED_PREFIX = 'v1';

export interface PlatformSecret {
  /** Encrypts `plain` (AES-256-GCM): `v1.{key id}.{iv}.{tag}.{ciphertext}`, base64url parts. */
  seal(plain: string): string;
  /** Opens what seal() made with this key or the previous one; throws on anything else. */
  open(sealed: string): string;
  /** A key for one purpose (HKDF-SHA256 over the root key), so no two uses share a key. */
  derive(purpose: string): Buffer;
  /** derive() of the current key, then of the previous one if set: what a check accepts during a rotation. */
  deriveAccepted(purpose: string): Buffer[];
}

/** The key from a setting: 64 hex digits, 32 bytes in base64, or any passphrase of 32 characters or more. */
export function readSecretKey(text: string, setting = 'PLATFORM_SECRET_KEY'): Buffer {
  const value = text.trim();
  if (/^[0-9a-f]{64}$/i.test(value)) return Buffer.from(value, 'hex');
  const base64 = Buffer.from(value, 'base64');
  if (base64.length === KEY_BYTES && /^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return base64;
  if (value.length >= 32) return createHash('sha256').update(value).digest();
  throw new Error(`${setting} must be 64 hex digits, 32 bytes in base64, or a passphrase of at least 32 characters`);
}

/** The key kept in `dataDir`, made (0600) the first time. */
export function secretKeyFromDataDir(dataDir: string): Buffer {
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    return readSecretKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(KEY_BYTES);
  // 'wx': two processes starting together never overwrite each other's key.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readSecretKey(readFileSync(file, 'utf8'), file);
    throw error;
  }
  chmodSync(file, 0o600);
  return key;
}

const deriveKey = (root: Buffer, purpose: string) => Buffer.from(hkdfSync('sha256', root, Buffer.alloc(0), `letterdesk:${purpose}`, KEY_BYTES));

const keyId = (key: Buffer) => createHash('sha256').update(key).digest('base64url').slice(0, 8);

export function createPlatformSecret(current: Buffer, previous?: Buffer | null): PlatformSecret {
  const keys = new Map<string, Buffer>([[keyId(current), current]]);
  if (previous) keys.set(keyId(previous), previous);
  const currentId = keyId(current);
  return {
    seal(plain) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [SEALED_PREFIX, currentId, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
    open(sealed) {
      const [prefix, id, iv, tag, body] = sealed.split('.');
      const key = id ? keys.get(id) : undefined;
      if (prefix !== SEALED_PREFIX || !key || !iv || !tag || body === undefined) {
        throw new Error('A sealed value the platform cannot open: was PLATFORM_SECRET_KEY changed without PLATFORM_SECRET_KEY_PREVIOUS?');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), { authTagLength: TAG_BYTES });
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    },
    derive: (purpose) => deriveKey(current, purpose),
    deriveAccepted: (purpose) => [current, ...(previous ? [previous] : [])].map((key) => deriveKey(key, purpose)),
  };
}

/** A key for this process only: for a platform built without settings (route tests). */
export function ephemeralPlatformSecret(): PlatformSecret {
  return createPlatformSecret(randomBytes(KEY_BYTES));
}
