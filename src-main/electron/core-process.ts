import type { MessagePortMain, ParentPort } from 'electron';
import type { SyncStatus } from '../../shared/contract/bridge';
import type { DeliveryEvent } from '../../shared/contract/platform-delivery-events';
import type { Result } from '../../shared/contract/errors';
import type { Core } from '../core/core-context';
import { createCore } from '../core/create-core';
import { isCoreCommand, type CoreCommand, type CoreReport } from './core-process-protocol';
import { createRemoteTokenVault } from './core-vault-client';
import { createPortBridgeServer, fromMessagePortMain } from './port-bridge-server';

// Entry of the core's utility process: a Node child of main, so SQLite writes and MJML
// compiles never block a window. Main sends 'init' with the data folder and the platform,
// then one 'connect' per window carrying that window's MessagePort, and 'flush' before
// quitting. The core reports its sync state to main and asks main for the platform token
// (safeStorage exists only in main). Needs no `electron` import at run time: the utility
// process API is process.parentPort.

const parent: ParentPort | undefined = process.parentPort;
if (!parent) throw new Error('core-process must run in an Electron utility process (utilityProcess.fork)');

const log = (message: string, detail?: unknown) => {
  if (detail === undefined) console.log(`[core] ${message}`);
  else console.log(`[core] ${message}`, detail);
};

let resolveCore!: (core: Core) => void;
let rejectCore!: (error: unknown) => void;
const core = new Promise<Core>((resolve, reject) => {
  resolveCore = resolve;
  rejectCore = reject;
});
// A failed start is reported to main once; requests see it through `dispatch` below.
core.catch(() => undefined);

const STORE_UNAVAILABLE: Result<never> = {
  ok: false,
  error: { code: 'internal', message: 'Letterdesk could not open its local data. Restart the app to try again.' },
};

/** Requests being answered: a flush waits for them, so a window's last save is pushed too. */
const inFlight = new Set<Promise<unknown>>();

// Requests that arrive before 'init' has finished wait here instead of failing: windows
// connect as soon as they load, which may be before the platform server is listening.
const server = createPortBridgeServer((channel, input) => {
  const answer = (async () => {
    let ready: Core;
    try {
      ready = await core;
    } catch {
      return STORE_UNAVAILABLE;
    }
    return ready.dispatch(channel, input);
  })();
  inFlight.add(answer);
  void answer.finally(() => inFlight.delete(answer));
  return answer;
}, log);

// The token lives with main's safeStorage; the core asks for it over the parent port.
const tokens = createRemoteTokenVault((request) => report(request));

let started = false;
let shuttingDown = false;

function report(message: CoreReport): void {
  parent?.postMessage(message);
}

async function init(command: Extract<CoreCommand, { type: 'init' }>): Promise<void> {
  if (started) return;
  started = true;
  try {
    const built = await createCore({
      dataDir: command.dataDir,
      platform: command.platform,
      emit: (event, payload) => {
        server.emit(event, payload);
        // Main shows the unsynced count on the badge and decides whether quitting waits.
        if (event === 'sync.status') report({ type: 'sync-status', status: payload as SyncStatus });
        // Main notifies natively, so a send is news even with every window closed.
        if (event === 'delivery.event') report({ type: 'delivery-event', event: payload as DeliveryEvent });
      },
      tokenVault: tokens.vault,
      log,
    });
    resolveCore(built);
    report({ type: 'ready' });
  } catch (error) {
    log('The core could not start', error);
    rejectCore(error);
    report({ type: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
}

/** Pushes what is waiting (the 'sync.now' channel) once the requests under way have been answered. */
async function flush(id: number): Promise<void> {
  let status: SyncStatus | null = null;
  try {
    if (!started) throw new Error('the core was never initialised');
    await Promise.allSettled([...inFlight]);
    const ready = await core;
    const result = await ready.dispatch('sync.now', {});
    if (result.ok) status = result.data as SyncStatus;
    else log('Flushing failed', result.error);
  } catch (error) {
    log('Flushing failed', error);
  }
  report({ type: 'flushed', id, status });
}

async function shutdown(): Promise<void> {
  if (shuttingDown) return;
  shuttingDown = true;
  server.closeAll();
  if (started) {
    try {
      await (await core).close();
    } catch (error) {
      log('Closing the core failed', error);
    }
  }
  report({ type: 'closed' });
  process.exit(0);
}

parent.on('message', (event) => {
  const command: unknown = event.data;
  if (!isCoreCommand(command)) {
    log('Ignored an unknown message from main', command);
    return;
  }
  switch (command.type) {
    case 'init':
      void init(command);
      break;
    case 'connect': {
      const port: MessagePortMain | undefined = event.ports[0];
      if (!port || shuttingDown) {
        port?.close();
        return;
      }
      server.connect(fromMessagePortMain(port));
      break;
    }
    case 'flush':
      void flush(command.id);
      break;
    case 'vault-answer':
      tokens.receive(command);
      break;
    case 'shutdown':
      void shutdown();
      break;
  }
});
