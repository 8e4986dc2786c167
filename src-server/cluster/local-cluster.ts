import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createServer } from 'node:net';
import path from 'node:path';
import { startEmbeddedPostgres, type EmbeddedPostgres } from '../db/embedded';
import { secretKeyFromDataDir } from '../sending/platform-secret';
import { startS3Server, type TestS3Server } from '../testing/s3-server';
import { nginxConfig } from './nginx-config';

// `npm run cluster` (issue 39): the platform as a deployment runs it, on one machine —
// PostgreSQL (embedded, or DATABASE_URL), an S3-compatible store (s3rver), N platform
// instances (each a `npm run server` process) and Debian's nginx balancing over them, all
// on loopback. Everything it keeps lives in one data folder, so a second start finds the
// same letters and images.

export interface ClusterOptions {
  /** Holds PostgreSQL's files, the bucket, nginx's folder and the shared secret key. */
  dataDir: string;
  /** Platform instances. */
  size: number;
  /** Use this PostgreSQL instead of the embedded one (not seeded unless env SEED_DEMO=1). */
  databaseUrl?: string;
  /** nginx's port; 0 or absent: any free one. */
  port?: number;
  /** More environment for every instance (SMTP_URL, MAIL_FROM, ...). */
  env?: Record<string, string>;
  /** More environment for instance `index` (0-based), after `env`. */
  instanceEnv?: (index: number) => Record<string, string>;
  /** Where the instances' and nginx's output goes, a line at a time. */
  log?: (line: string) => void;
}

export interface ClusterInstance {
  /** The instance's own address, behind nginx. */
  url: string;
  process: ChildProcess;
}

export interface LocalCluster {
  /** The one address the app uses as its remote platform (nginx). */
  url: string;
  connectionString: string;
  instances: ClusterInstance[];
  /** Stops nginx, then every instance (SIGTERM, as an orchestrator would), the store and the database. */
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const START_TIMEOUT_MS = 120_000;
const BUCKET = 'letterdesk-images';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Debian puts nginx in /usr/sbin, which a user's PATH may lack. */
function nginxBinary(): string {
  return process.env.NGINX_BIN?.trim() || (existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx');
}

function pipeLines(child: ChildProcess, prefix: string, log: (line: string) => void, into: { text: string }) {
  const onData = (chunk: Buffer) => {
    into.text += chunk.toString();
    for (const line of chunk.toString().split('\n')) if (line.trim()) log(`${prefix} ${line}`);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
}

function startInstance(index: number, env: NodeJS.ProcessEnv, log: (line: string) => void): Promise<ClusterInstance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = { text: '' };
  pipeLines(child, `[platform ${index + 1}]`, log, output);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Platform instance ${index + 1} did not start in time:\n${output.text}`)), START_TIMEOUT_MS);
    const check = () => {
      const url = /Letterdesk platform listening on (\S+)/.exec(output.text)?.[1];
      if (!url) return;
      clearTimeout(timer);
      child.stdout?.off('data', check);
      resolve({ url, process: child });
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Platform instance ${index + 1} exited with ${code}:\n${output.text}`));
    });
  });
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  const timer = new Promise((resolve) => setTimeout(resolve, graceMs));
  await Promise.race([exited, timer]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}

async function untilAnswers(url: string, timeoutMs: number): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > giveUpAt) throw new Error(`${url} did not answer in time`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

export async function startCluster(options: ClusterOptions): Promise<LocalCluster> {
  const log = options.log ?? (() => undefined);
  const dataDir = path.resolve(options.dataDir);
  await fs.mkdir(dataDir, { recursive: true });
  let embedded: EmbeddedPostgres | null = null;
  let s3: TestS3Server | null = null;
  let nginx: ChildProcess | null = null;
  const instances: ClusterInstance[] = [];

  const close = async () => {
    if (nginx) await stopProcess(nginx, 'SIGQUIT', 10_000);
    await Promise.all(instances.map((instance) => stopProcess(instance.process, 'SIGTERM', 50_000)));
    await s3?.close();
    await embedded?.stop();
  };

  try {
    if (!options.databaseUrl) embedded = await startEmbeddedPostgres({ dataDir });
    const connectionString = options.databaseUrl ?? embedded!.connectionString;
    s3 = await startS3Server([BUCKET], { directory: path.join(dataDir, 's3') });
    const port = options.port || (await freePort());
    const url = `http://127.0.0.1:${port}`;
    const s3Settings = s3.settings();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: connectionString,
      ...(embedded ? { SEED_DEMO: '1' } : {}),
      PORT: '0',
      HOST: '127.0.0.1',
      // One key for all: what one instance signs or seals, every other reads.
      PLATFORM_SECRET_KEY: secretKeyFromDataDir(dataDir).toString('hex'),
      PUBLIC_URL: url,
      TRUST_PROXY: '127.0.0.1',
      S3_ENDPOINT: s3Settings.endpoint,
      S3_BUCKET: s3Settings.bucket,
      S3_REGION: s3Settings.region,
      S3_ACCESS_KEY_ID: s3Settings.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3Settings.secretAccessKey,
      S3_FORCE_PATH_STYLE: '1',
      ...options.env,
    };
    delete env.IMAGES_DIR;
    // All at once, as a deployment starts them: migrations and queues take turns by themselves.
    const started = await Promise.allSettled(
      Array.from({ length: options.size }, (_, index) => startInstance(index, { ...env, LETTERDESK_DATA_DIR: path.join(dataDir, `instance-${index + 1}`), ...options.instanceEnv?.(index) }, log)),
    );
    for (const result of started) if (result.status === 'fulfilled') instances.push(result.value);
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;

    const folder = path.join(dataDir, 'nginx');
    for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await fs.mkdir(path.join(folder, 'temp', temp), { recursive: true });
    const config = path.join(folder, 'nginx.conf');
    await fs.writeFile(config, nginxConfig({ folder, port, upstreams: instances.map((instance) => new URL(instance.url).host) }));
    nginx = spawn(nginxBinary(), ['-p', folder, '-c', config, '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
    const nginxOutput = { text: '' };
    pipeLines(nginx, '[nginx]', log, nginxOutput);
    const nginxExit = new Promise<never>((_resolve, reject) =>
      nginx!.once('exit', (code) => reject(new Error(`nginx exited with ${code}:\n${nginxOutput.text}`))),
    );
    nginxExit.catch(() => undefined);
    await Promise.race([untilAnswers(`${url}/api/health/ready`, 30_000), nginxExit]);
    return { url, connectionString, instances, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}
