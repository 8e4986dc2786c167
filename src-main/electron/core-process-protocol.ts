import type { PlatformConnection } from '../core/core-context';

// Messages between main and the core's utility process over its parent port. Bridge traffic
// does not use this channel: each window gets its own MessagePort straight to the core.

export type CoreCommand =
  /** Sent once after fork: the core is built when it arrives. */
  | { type: 'init'; dataDir: string; platform: PlatformConnection }
  /** Carries one MessagePort (in `ports`) whose other end is in a window's preload. */
  | { type: 'connect' }
  /** Close the store and exit. */
  | { type: 'shutdown' };

export type CoreReport =
  | { type: 'ready' }
  /** createCore failed: the store could not be opened. `message` is for the log and the error box. */
  | { type: 'failed'; message: string }
  | { type: 'closed' };

export function isCoreCommand(value: unknown): value is CoreCommand {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'init' || type === 'connect' || type === 'shutdown';
}

export function isCoreReport(value: unknown): value is CoreReport {
  if (typeof value !== 'object' || value === null) return false;
  const type = (value as { type?: unknown }).type;
  return type === 'ready' || type === 'failed' || type === 'closed';
}

/** Sent to the platform server's utility process to ask it to stop its database and exit. */
export const PLATFORM_SHUTDOWN_MESSAGE = { type: 'shutdown' } as const;
