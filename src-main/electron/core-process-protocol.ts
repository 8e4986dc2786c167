import type { SyncStatus } from '../../shared/contract/bridge';
import { DeliveryEventSchema, type DeliveryEvent } from '../../shared/contract/platform-delivery-events';
import type { PlatformConnection } from '../core/core-context';

// Messages between main and the core's utility process over its parent port. Bridge traffic
// does not use this channel: each window gets its own MessagePort straight to the core.

export type VaultOperation = 'load' | 'save' | 'clear';

export type CoreCommand =
  /** Sent once after fork: the core is built when it arrives. */
  | { type: 'init'; dataDir: string; platform: PlatformConnection }
  /** Carries one MessagePort (in `ports`) whose other end is in a window's preload. */
  | { type: 'connect' }
  /** Push unsynced changes now; answered by 'flushed' with the same id. */
  | { type: 'flush'; id: number }
  /** Main's answer to a 'vault' request: the token for 'load', null otherwise. */
  | { type: 'vault-answer'; id: number; ok: boolean; token: string | null }
  /** Close the store and exit. */
  | { type: 'shutdown' };

export type CoreReport =
  | { type: 'ready' }
  /** createCore failed: the store could not be opened. `message` is for the log and the error box. */
  | { type: 'failed'; message: string }
  | { type: 'closed' }
  /** Every sync state the core announces, for the badge and the quit sequence. */
  | { type: 'sync-status'; status: SyncStatus }
  /** A scheduled send started, finished or stopped: main shows a native notification. */
  | { type: 'delivery-event'; event: DeliveryEvent }
  /** The answer to 'flush': the state after the push, or null if it could not run. */
  | { type: 'flushed'; id: number; status: SyncStatus | null }
  /** The core's token vault asks main, which holds safeStorage (see token-vault.ts). */
  | { type: 'vault'; id: number; op: VaultOperation; token?: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isId = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

export function isCoreCommand(value: unknown): value is CoreCommand {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'init':
    case 'connect':
    case 'shutdown':
      return true;
    case 'flush':
      return isId(value.id);
    case 'vault-answer':
      return isId(value.id) && typeof value.ok === 'boolean' && (value.token === null || typeof value.token === 'string');
    default:
      return false;
  }
}

export function isCoreReport(value: unknown): value is CoreReport {
  if (!isObject(value)) return false;
  switch (value.type) {
    case 'ready':
    case 'closed':
      return true;
    case 'failed':
      return typeof value.message === 'string';
    case 'sync-status':
      return isObject(value.status);
    case 'delivery-event':
      return DeliveryEventSchema.safeParse(value.event).success;
    case 'flushed':
      return isId(value.id) && (value.status === null || isObject(value.status));
    case 'vault':
      return isId(value.id) && (value.op === 'load' || value.op === 'save' || value.op === 'clear') && (value.token === undefined || typeof value.token === 'string');
    default:
      return false;
  }
}

/** Sent to the platform server's utility process to ask it to stop its database and exit. */
export const PLATFORM_SHUTDOWN_MESSAGE = { type: 'shutdown' } as const;
