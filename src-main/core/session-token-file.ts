import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { TokenVault } from './core-context';

// The remote platform's token kept between runs of the browser host, in a file in the
// core's data folder that only its user can read. The browser host has no Electron and so
// no safeStorage (the OS keychain); a file readable by its owner alone is what ssh and
// the cloud command-line tools keep their credentials in, and it is the same trust the
// SQLite cache beside it (the user's letters) already has.
//
// On Windows the mode bits are not enforced (Node maps 0o600 to "not read-only" only);
// there the file is as private as the user's profile folder it lives in.

export const PLATFORM_TOKEN_FILE = 'platform-token.json';

/** Where the browser host keeps the token: beside the core's cache in its data folder. */
export function platformTokenFile(dataDir: string): string {
  return join(dataDir, PLATFORM_TOKEN_FILE);
}

const TokenFileSchema = z.object({
  version: z.literal(1),
  /** The platform URL the token belongs to: a token saved for another server is not offered. */
  scope: z.string(),
  token: z.string().min(1),
});

export interface FileTokenVaultOptions {
  file: string;
  scope: string;
  log?: (message: string, detail?: unknown) => void;
}

export function createFileTokenVault({ file, scope, log = () => undefined }: FileTokenVaultOptions): TokenVault {
  function readStored(): string | null {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      log(`The saved sign-in (${file}) could not be read; signed out`, error);
      return null;
    }
    const parsed = TokenFileSchema.safeParse(parseJson(text));
    if (!parsed.success) {
      // Left in place: the next sign-in writes over it, and nothing else is lost by keeping it.
      log(`The saved sign-in (${file}) is not one Letterdesk wrote; signed out`);
      return null;
    }
    if (parsed.data.scope !== scope) {
      log(`The saved sign-in is for ${parsed.data.scope}, not ${scope}; signed out`);
      return null;
    }
    return parsed.data.token;
  }

  return {
    // The core reads the token once per run, so each message above is said once.
    load: async () => readStored(),
    async save(token) {
      try {
        writePrivateFile(file, `${JSON.stringify({ version: 1, scope, token })}\n`);
      } catch (error) {
        // The session keeps the token in memory: this run stays signed in, the next asks again.
        log(`The sign-in could not be saved in ${file}; it lasts until Letterdesk closes`, error);
      }
    },
    async clear() {
      // A failure here is thrown: a sign-out that leaves the token on disk must not look done.
      rmSync(file, { force: true });
    },
  };
}

/** The parsed JSON, or undefined for text that is not JSON. */
function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Writes `text` to `file` atomically (a temporary file renamed over it, so a crash leaves the
 * old token or the new one, never half of one) and readable by its owner only. The temporary
 * file is created with the mode, exclusively, so there is no moment when it is readable by
 * others and no leftover from an earlier crash is reused with wider bits.
 */
function writePrivateFile(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, file);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw error;
  }
}
