import { utilityProcess, type MessagePortMain, type UtilityProcess } from 'electron';
import type { SyncStatus } from '../../shared/contract/bridge';
import type { DeliveryEvent } from '../../shared/contract/platform-delivery-events';
import type { PlatformConnection, TokenVault } from '../core/core-context';
import { isCoreReport, type CoreCommand } from './core-process-protocol';
import { answerVaultRequest } from './core-vault-client';

// Main's handle on the core's utility process: forks it, sends it its settings and the
// windows' ports, answers its token-vault requests, follows its sync state, asks it to push
// before quitting, restarts it when it crashes (the windows then get new ports), and shuts
// it down on quit.

export interface CoreSettings {
  dataDir: string;
  platform: PlatformConnection;
}

export interface CoreHostOptions {
  /** Built entry: out/main/core-process.js. */
  entryPath: string;
  log: (message: string, detail?: unknown) => void;
  /** A new core replaced one that crashed: every window needs a new port. */
  onRestarted: () => void;
  /** The core cannot run (it failed to start, or crashed too often). */
  onFatal: (message: string) => void;
  /** Main's safeStorage-backed vault; the core's session asks it for the platform token. */
  tokenVault: TokenVault;
  /** Every sync state the core announces (the badge follows it). */
  onSyncStatus?: (status: SyncStatus) => void;
  /** A scheduled send started, finished or stopped (the notifications follow it). */
  onDeliveryEvent?: (event: DeliveryEvent) => void;
}

export interface CoreHost {
  /** Builds the core; until then, requests from connected windows wait in the core process. */
  init(settings: CoreSettings): void;
  /** Hands one end of a window's channel to the core. */
  connect(port: MessagePortMain): void;
  /** The last sync state the core announced, or null before the first. */
  readonly syncStatus: SyncStatus | null;
  /** Asks the core to push now; resolves with the state after it, or null if it took longer than `timeLimitMs`. */
  flush(timeLimitMs: number): Promise<SyncStatus | null>;
  stop(): Promise<void>;
}

// More crashes than this within the window means something persistent (a corrupt store, a
// missing native module): restarting again would only loop.
const MAX_RESTARTS = 3;
const RESTART_WINDOW_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export function createCoreHost(options: CoreHostOptions): CoreHost {
  let child: UtilityProcess | null = null;
  let settings: CoreSettings | null = null;
  let stopping = false;
  let failed = false;
  const restarts: number[] = [];
  let syncStatus: SyncStatus | null = null;
  let nextFlushId = 1;
  const flushes = new Map<number, (status: SyncStatus | null) => void>();

  function send(message: CoreCommand, ports?: MessagePortMain[]): void {
    child?.postMessage(message, ports);
  }

  function fork(): void {
    const forked = utilityProcess.fork(options.entryPath, [], {
      serviceName: 'Letterdesk Core',
      stdio: 'inherit',
    });
    child = forked;
    forked.on('message', (message: unknown) => {
      if (!isCoreReport(message)) return;
      switch (message.type) {
        case 'failed':
          failed = true;
          options.onFatal(message.message);
          break;
        case 'sync-status':
          syncStatus = message.status;
          options.onSyncStatus?.(message.status);
          break;
        case 'delivery-event':
          options.onDeliveryEvent?.(message.event);
          break;
        case 'flushed':
          flushes.get(message.id)?.(message.status);
          flushes.delete(message.id);
          break;
        case 'vault':
          // Answered on the process that asked: a restarted core asks again.
          void answerVaultRequest(options.tokenVault, message).then((answer) => {
            if (child === forked) forked.postMessage(answer);
          });
          break;
      }
    });
    forked.once('exit', (code) => {
      if (child === forked) child = null;
      if (stopping || failed) return;
      options.log(`Core process exited with code ${code}`);
      const now = Date.now();
      while (restarts.length > 0 && (restarts[0] ?? 0) < now - RESTART_WINDOW_MS) restarts.shift();
      if (restarts.length >= MAX_RESTARTS) {
        failed = true;
        options.onFatal(`The core stopped ${restarts.length + 1} times in a minute (last exit code ${code}).`);
        return;
      }
      restarts.push(now);
      fork();
      if (settings) send({ type: 'init', ...settings });
      options.onRestarted();
    });
  }

  fork();

  return {
    init(next) {
      if (settings) return;
      settings = next;
      send({ type: 'init', ...next });
    },
    connect(port) {
      if (!child || stopping || failed) {
        port.close();
        return;
      }
      send({ type: 'connect' }, [port]);
    },
    get syncStatus() {
      return syncStatus;
    },
    flush(timeLimitMs) {
      if (!child || stopping || failed) return Promise.resolve(null);
      const id = nextFlushId++;
      const answered = new Promise<SyncStatus | null>((resolve) => flushes.set(id, resolve));
      send({ type: 'flush', id });
      return withTimeout(answered, timeLimitMs).then((status) => {
        flushes.delete(id);
        return status ?? null;
      });
    },
    async stop() {
      stopping = true;
      const running = child;
      if (!running) return;
      const exited = new Promise<boolean>((resolve) => running.once('exit', () => resolve(true)));
      send({ type: 'shutdown' });
      if (await withTimeout(exited, STOP_TIMEOUT_MS)) return;
      options.log('Core process did not close in time; killing it');
      running.kill();
      await withTimeout(exited, STOP_TIMEOUT_MS);
    },
  };
}

/** The promise's value, or undefined when `ms` passes first. */
function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
