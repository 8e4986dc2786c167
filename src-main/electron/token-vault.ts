import { z } from 'zod';
import type { TokenStorage } from '../../shared/contract/desktop';
import type { TokenVault } from '../core/core-context';
import { readJsonFile, removeFile, writeJsonFile } from './json-file';

// The platform token, kept between runs encrypted with Electron's safeStorage (the macOS
// Keychain, Windows DPAPI, or the Linux secret service). It lives in main and the core's
// process only: the core asks for it over its parent port (core-vault-client.ts), and no
// window ever sees it. Signing out removes the file.
//
// On Linux without a secret store safeStorage reports 'basic_text': it would "encrypt"
// with a key written into Chromium itself, which protects nothing. Then the token stays
// in memory only, and the user is told once that the sign-in will not be remembered.

/** The part of Electron's safeStorage used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean;
  encryptString(plainText: string): Buffer;
  decryptString(encrypted: Buffer): string;
  /** Linux only in Electron's typings; absent elsewhere. */
  getSelectedStorageBackend?: () => string;
}

export interface ElectronTokenVaultOptions {
  /** userData/desktop/platform-token.json */
  file: string;
  /** The platform URL the token belongs to: a token saved for another server is not offered. */
  scope: string;
  safeStorage: SafeStorageLike;
  platform: NodeJS.Platform;
  /** Called once, the first time a token could not be stored safely. */
  onInsecure?: () => void;
  log?: (message: string, detail?: unknown) => void;
}

export interface ElectronTokenVault extends TokenVault {
  storage(): TokenStorage;
}

const TokenFileSchema = z.object({
  version: z.literal(1),
  scope: z.string(),
  /** safeStorage's ciphertext, base64. */
  ciphertext: z.string().min(1),
});

export function tokenStorageOf(safeStorage: SafeStorageLike, platform: NodeJS.Platform): TokenStorage {
  if (!safeStorage.isEncryptionAvailable()) return 'memory-only';
  if (platform === 'linux') {
    const backend = safeStorage.getSelectedStorageBackend?.() ?? 'unknown';
    // 'unknown' means asked before ready: no claim of safety can be made then either.
    if (backend === 'basic_text' || backend === 'unknown') return 'memory-only';
  }
  return 'encrypted';
}

export function createElectronTokenVault(options: ElectronTokenVaultOptions): ElectronTokenVault {
  const log = options.log ?? (() => undefined);
  let token: string | null = null;
  let loaded = false;
  let warned = false;
  const storage = () => tokenStorageOf(options.safeStorage, options.platform);

  function readStored(): string | null {
    const parsed = TokenFileSchema.safeParse(readJsonFile(options.file));
    if (!parsed.success || parsed.data.scope !== options.scope) return null;
    try {
      return options.safeStorage.decryptString(Buffer.from(parsed.data.ciphertext, 'base64'));
    } catch (error) {
      // Another user's keyring, or a key that was reset: the file is of no use any more.
      log('The saved sign-in could not be decrypted; it is removed', error);
      removeFile(options.file);
      return null;
    }
  }

  return {
    storage,
    async load() {
      if (!loaded) {
        loaded = true;
        if (storage() === 'encrypted') token = readStored();
      }
      return token;
    },
    async save(value) {
      token = value;
      loaded = true;
      if (storage() !== 'encrypted') {
        if (!warned) {
          warned = true;
          options.onInsecure?.();
        }
        return;
      }
      const ciphertext = options.safeStorage.encryptString(value).toString('base64');
      writeJsonFile(options.file, { version: 1, scope: options.scope, ciphertext });
    },
    async clear() {
      token = null;
      loaded = true;
      removeFile(options.file);
    },
  };
}
