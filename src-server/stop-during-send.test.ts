import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../shared/contract/platform-api';
import type { Letter } from '../shared/model/letter';
import { buildApp } from './app';
import { createDb, toJson, type Db } from './db/database';
import { migrateToLatest } from './db/migrate';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './db/seed-demo';
import { createPlatformSecret } from './sending/platform-secret';
import { startPlatform, type PlatformServer } from './start';
import { insertTagSegment } from './testing/audience-fixtures';
import { deliveryBlocks, knowMemberCodeField } from './testing/delivery-fixtures';
import { makeScheduledLettersDue, waitUntilDelivered } from './testing/due-deliveries';
import { READY_TO_SCHEDULE, channelId, createLetterAs, type Headers } from './testing/letter-fixtures';
import { startTestSmtp, type TestSmtp } from './testing/smtp-fixture';
import { signIn } from './testing/test-app';
import { createTestDatabase, type TestDatabase } from './testing/test-database';
import { TEST_SECRET_KEY } from './testing/test-platform';

// A platform instance stopped with SIGTERM halfway through a send (issue 39): it is a real
// `npm run server` process on a shared database, stopped the way an orchestrator stops it.
// It must exit cleanly within its bound, and another instance must finish the send with
// every recipient mailed exactly once: none twice, none skipped.

const ROOT = path.resolve(import.meta.dirname, '..');
const AUDIENCE = 600;
/** main.ts's bound, with room for the test's own polling. */
const STOP_BOUND_MS = 45_000;

let database: TestDatabase;
let db: Db;
let smtp: TestSmtp;
let app: FastifyInstance;
let editor: Headers;
let dataDir: string;
let child: ChildProcess | null = null;
let other: PlatformServer | null = null;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 4 });
  await migrateToLatest(db);
  await seedDemo(db);
  smtp = await startTestSmtp();
  // Slow enough that a send of AUDIENCE takes several batches (100 each) and seconds.
  smtp.delayMessages(20);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-stop-'));
  app = await buildApp({ db, secret: createPlatformSecret(TEST_SECRET_KEY) });
  editor = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  await other?.close();
  await app?.close();
  await smtp?.close();
  await db?.destroy();
  await database?.destroy();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

async function scheduledSend(): Promise<{ letterId: number; emails: string[] }> {
  const weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(db, 'weekly') };
  const emails = Array.from({ length: AUDIENCE }, (_, i) => `reader${String(i).padStart(4, '0')}@example.com`);
  await db
    .insertInto('subscribers')
    .values(emails.map((email) => ({ channelId: weekly.channelId, uniqueId: randomUUID(), email, firstName: '', lastName: '', status: 'active' as const, tags: ['stop'], customFields: toJson({}) })))
    .execute();
  const segmentId = await insertTagSegment(db, weekly.channelId, 'stop');
  await knowMemberCodeField(db, weekly.channelId);
  const draft = await createLetterAs(app, editor, weekly, { ...READY_TO_SCHEDULE, blocks: deliveryBlocks(), segmentId });
  let letter: Letter = draft;
  for (const [from, to] of [[0, 7], [7, 2]] as const) {
    const response = await app.inject({
      method: 'POST',
      url: platformPaths.updateStatus(weekly.channelId, letter.id!),
      headers: editor,
      payload: { publicationStatus: to, currentStatus: from, uniqueId: letter.uniqueId },
    });
    expect(response.statusCode, response.body).toBe(200);
    letter = response.json<Letter>();
  }
  await makeScheduledLettersDue(db, [letter.id!]);
  return { letterId: letter.id!, emails };
}

/** `npm run server` on the test database, resolved once it listens. */
async function startServerProcess(): Promise<{ process: ChildProcess; output: () => string }> {
  const started = spawn(process.execPath, ['--import', 'tsx', 'src-server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.connectionString,
      PORT: '0',
      HOST: '127.0.0.1',
      SMTP_URL: smtp.url,
      PLATFORM_SECRET_KEY: TEST_SECRET_KEY.toString('hex'),
      LETTERDESK_DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in time:\n${output}`)), 90_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Letterdesk platform listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    started.stdout?.on('data', onData);
    started.stderr?.on('data', onData);
    started.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with ${code}:\n${output}`));
    });
  });
  return { process: started, output: () => output };
}

async function until(condition: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const giveUpAt = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > giveUpAt) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('SIGTERM during a send', () => {
  it('stops within its bound, and the other instance finishes with every recipient mailed exactly once', async () => {
    const { letterId, emails } = await scheduledSend();
    const server = await startServerProcess();
    child = server.process;
    // Its start sweeps for due sends: the letter's first batches go out.
    await until(() => smtp.received.length >= 150, 60_000, 'the first batches');

    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
    const stoppedAt = Date.now();
    child.kill('SIGTERM');
    const code = await exited;
    const took = Date.now() - stoppedAt;
    expect(code, server.output()).toBe(0);
    expect(took).toBeLessThan(STOP_BOUND_MS);
    expect(server.output()).toContain('Letterdesk platform stopping (SIGTERM)');
    const mailedBeforeStop = smtp.received.length;
    // Stopped halfway: the test means nothing if the send was over before the signal.
    expect(mailedBeforeStop).toBeLessThan(AUDIENCE);
    // What it mailed is recorded as sent, and nothing more.
    const sentRows = await db.selectFrom('letterRecipients').select('email').where('letterId', '=', letterId).where('status', '=', 'sent').execute();
    expect(sentRows.map((row) => row.email).sort()).toEqual(smtp.received.flatMap((mail) => mail.envelope.to).sort());

    other = await startPlatform({ databaseUrl: database.connectionString, secretKey: TEST_SECRET_KEY, port: 0, smtpUrl: smtp.url, jobPollingIntervalSeconds: 0.5 });
    await other.sweepDeliveries();
    await waitUntilDelivered(db, [letterId], 60_000);

    const mailed = smtp.received.flatMap((mail) => mail.envelope.to).sort();
    expect(mailed).toEqual(emails);
    expect(new Set(mailed).size).toBe(AUDIENCE);
  });
});
