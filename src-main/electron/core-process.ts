import type { MessagePortMain, ParentPort } from 'electron';
import type { Result } from '../../shared/contract/errors';
import type { Core } from '../core/core-context';
import { createCore } from '../core/create-core';
import { isCoreCommand, type CoreCommand, type CoreReport } from './core-process-protocol';
import { createPortBridgeServer, fromMessagePortMain } from './port-bridge-server';

// Entry of the core's utility process: a Node child of main, so SQLite writes and MJML
// compiles never block a window. Main sends 'init' with the data folder and the platform,
// then one 'connect' per window carrying that window's MessagePort. Needs no `electron`
// import at run time: the utility process API is process.parentPort.

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

// Requests that arrive before 'init' has finished wait here instead of failing: windows
// connect as soon as they load, which may be before the platform server is listening.
const server = createPortBridgeServer(async (channel, input) => {
  let ready: Core;
  try {
    ready = await core;
  } catch {
    return STORE_UNAVAILABLE;
  }
  return ready.dispatch(channel, input);
}, log);

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
      emit: server.emit,
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
    case 'shutdown':
      void shutdown();
      break;
  }
});
