import type { BridgeHandlers, EmitEvent } from '../../shared/contract/bridge';
import type { Dispatch } from './dispatch';

// What a host gives the core, and what it gets back. The Electron host (utility process)
// and the browser host build the same core from this.

export interface PlatformConnection {
  /** embedded: a platform server the host started; remote: one the user signs in to. */
  mode: 'embedded' | 'remote';
  url: string;
  /** Embedded only: the local account the app signs into without asking (DECISIONS). */
  account?: { email: string; password: string };
}

/** Where the platform token is kept between runs; Electron backs it with safeStorage. */
export interface TokenVault {
  load(): Promise<string | null>;
  save(token: string): Promise<void>;
  clear(): Promise<void>;
}

export interface CoreContext {
  /** Folder of the local SQLite cache (created when missing). */
  dataDir: string;
  platform: PlatformConnection;
  emit: EmitEvent;
  tokenVault?: TokenVault;
  /** Debounce before local edits are pushed (the spec's autosave debounce by default). */
  pushDelayMs?: number;
  log?: (message: string, detail?: unknown) => void;
}

export interface Core {
  handlers: BridgeHandlers;
  /** Validates a raw (channel, input) pair from a transport and runs its handler. */
  dispatch: Dispatch;
  /** Flushes what can be flushed and closes the store. */
  close(): Promise<void>;
}
