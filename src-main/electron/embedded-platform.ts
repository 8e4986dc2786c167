import { utilityProcess, type UtilityProcess } from 'electron';
import { PLATFORM_SHUTDOWN_MESSAGE } from './core-process-protocol';
import { findFreePort } from './free-port';
import { waitForListeningUrl } from './listening-url';

// The platform server the desktop app runs for itself (DECISIONS: the embedded local server
// with one owner account), in a utility process so its PostgreSQL and HTTP work never touch
// the window's main thread.

/** The local account the app signs into without asking (DECISIONS, "Auth"). */

const HOST = '127.0.0.1';
// The first start runs initdb and the migrations, which takes a while on a slow disk.
const START_TIMEOUT_MS = 120_000;
const STOP_GRACE_MS = 5_000;

export interface EmbeddedPlatform {
  /** The URL it was asked to listen on; the core uses it (and works offline) if the start fails. */
  readonly requestedUrl: string;
  /** The URL the server printed once it was listening. */
  readonly ready: Promise<string>;
  stop(): Promise<void>;
}

export interface EmbeddedPlatformOptions {
  /** Built entry: out/main/platform-server.js. */
  entryPath: string;
  /** userData/platform: its PostgreSQL cluster and uploads. */
  dataDir: string;
  log: (message: string, detail?: unknown) => void;
}

export async function startEmbeddedPlatform(options: EmbeddedPlatformOptions): Promise<EmbeddedPlatform> {
  const port = await findFreePort(HOST);
  const requestedUrl = `http://${HOST}:${port}`;

  const env: Record<string, string> = {};
  for (const [key, value] of Object.entries(process.env)) if (value !== undefined) env[key] = value;
  // The embedded server is the app's own: a DATABASE_URL meant for a developer's shell must
  // not send the desktop app's data to another database.
  delete env.DATABASE_URL;
  Object.assign(env, {
    PORT: String(port),
    HOST,
    LETTERDESK_DATA_DIR: options.dataDir,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
  });

  const child: UtilityProcess = utilityProcess.fork(options.entryPath, [], {
    serviceName: 'Letterdesk Platform',
    stdio: ['ignore', 'pipe', 'pipe'],
    env,
  });

  let exited = false;
  const exit = new AbortController();
  const exitedPromise = new Promise<void>((resolve) => {
    child.once('exit', (code) => {
      exited = true;
      exit.abort(`exit code ${code}`);
      options.log(`Platform server exited with code ${code}`);
      resolve();
    });
  });

  pipeLines(child.stdout, (line) => options.log(`[platform] ${line}`));
  pipeLines(child.stderr, (line) => options.log(`[platform] ${line}`));

  const ready = child.stdout
    ? waitForListeningUrl(child.stdout, { timeoutMs: START_TIMEOUT_MS, signal: exit.signal })
    : Promise.reject(new Error('The platform server has no output to read its URL from'));
  // The caller decides what a failed start means; this keeps Node from calling it unhandled.
  ready.catch(() => undefined);

  async function stop(): Promise<void> {
    if (exited) return;
    // Ask first, so the server can stop PostgreSQL cleanly; on Windows kill() is an
    // immediate TerminateProcess that would leave postgres running. On POSIX kill() is a
    // SIGTERM, which the server also treats as a request to stop.
    child.postMessage(PLATFORM_SHUTDOWN_MESSAGE);
    if (process.platform !== 'win32') child.kill();
    if (await settlesWithin(exitedPromise, STOP_GRACE_MS)) return;
    options.log('Platform server did not stop in time; killing it');
    child.kill();
    await settlesWithin(exitedPromise, STOP_GRACE_MS);
  }

  return { requestedUrl, ready, stop };
}

function pipeLines(stream: NodeJS.ReadableStream | null, onLine: (line: string) => void): void {
  if (!stream) return;
  let buffered = '';
  stream.on('data', (chunk: Buffer | string) => {
    buffered += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
    const lines = buffered.split(/\r?\n/);
    buffered = lines.pop() ?? '';
    for (const line of lines) if (line.trim() !== '') onLine(line);
  });
  stream.on('end', () => {
    if (buffered.trim() !== '') onLine(buffered);
  });
}

async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([promise.then(() => true as const), timeout]);
  } finally {
    clearTimeout(timer);
  }
}
