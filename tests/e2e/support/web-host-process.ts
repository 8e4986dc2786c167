import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

// Starts `src-main/web/main.ts` as its own process with a fresh data folder (or a given
// one, to restart on the same data), the way a user runs `npm run start:web`, and reads the
// two URLs it prints.

const ROOT = resolve(import.meta.dirname, '../../..');

export interface RunningWebHost {
  appUrl: string;
  platformUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/**
 * With `options.dataDir` the host runs on that folder and leaves it when stopped: the
 * caller removes it (a second host on the same folder is a restart).
 */
export async function startWebHostProcess(env: Record<string, string> = {}, options: { dataDir?: string } = {}): Promise<RunningWebHost> {
  // Under the OS temp folder: embedded PostgreSQL refuses a folder only root can reach.
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'letterdesk-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src-main/web/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      LETTERDESK_DATA_DIR: dataDir,
      PORT: String(await freePort()),
      PLATFORM_PORT: String(await freePort()),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const urls = await new Promise<{ appUrl: string; platformUrl: string | null }>((resolveUrls, reject) => {
    const timer = setTimeout(() => reject(new Error(`The web host did not start in time. Output:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const app = /Letterdesk is running at (\S+)/.exec(output);
      const platform = /Embedded platform at (\S+)/.exec(output) ?? /Platform: (\S+)/.exec(output);
      if (app?.[1] && platform?.[1]) {
        clearTimeout(timer);
        resolveUrls({ appUrl: app[1], platformUrl: platform[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The web host exited with ${code}. Output:\n${output}`));
    });
  });
  return {
    appUrl: urls.appUrl,
    platformUrl: urls.platformUrl ?? '',
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((done) => child.once('exit', done));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((done) => setTimeout(done, 15_000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
