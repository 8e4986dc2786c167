import { utilityProcess, type MessagePortMain, type UtilityProcess } from 'electron';
import type { PlatformConnection } from '../core/core-context';
import { isCoreReport, type CoreCommand } from './core-process-protocol';

// Main's handle on the core's utility process: forks it, sends it its settings and the
// windows' ports, restarts it when it crashes (the windows then get new ports), and shuts it
// down on quit.

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
}

export interface CoreHost {
  /** Builds the core; until then, requests from connected windows wait in the core process. */
  init(settings: CoreSettings): void;
  /** Hands one end of a window's channel to the core. */
  connect(port: MessagePortMain): void;
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
      if (message.type === 'failed') {
        failed = true;
        options.onFatal(message.message);
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

function withTimeout(promise: Promise<boolean>, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    void promise.then((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
