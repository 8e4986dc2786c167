import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { createDb, toJson, type Db } from '../db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { insertTagSegment } from '../testing/audience-fixtures';
import { deliveryBlocks, knowMemberCodeField } from '../testing/delivery-fixtures';
import { makeScheduledLettersDue, waitUntilDelivered } from '../testing/due-deliveries';
import { READY_TO_SCHEDULE, channelId, createBody } from '../testing/letter-fixtures';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { startCluster, type LocalCluster } from './local-cluster';

// A send on the cluster when the instance sending it is killed (SIGKILL) halfway: the
// other instance finishes it, nobody is skipped, and what is mailed twice is at most the
// killed instance's last batch, which it had handed to the mail server but not yet
// recorded (delivery/batch-send.ts: at least once). Which instance sent each email is told
// by the EHLO name each one is given (MAIL_HOSTNAME).

const AUDIENCE = 1000;
/** delivery/batch-send.ts DEFAULT_BATCH_SIZE. */
const BATCH = 100;

interface Arrival {
  to: string;
  by: string;
}

let database: TestDatabase;
let db: Db;
let dataDir: string;
let cluster: LocalCluster;
let smtp: SMTPServer;
const arrivals: Arrival[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.once('end', () => {
        // Slow enough that the send takes several batches and seconds.
        setTimeout(() => {
          for (const recipient of session.envelope.rcptTo) arrivals.push({ to: recipient.address, by: session.hostNameAppearsAs });
          callback();
        }, 10);
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  const smtpUrl = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'letterdesk-cluster-send-'));
  cluster = await startCluster({
    dataDir,
    size: 2,
    databaseUrl: database.connectionString,
    env: { SEED_DEMO: '1', SMTP_URL: smtpUrl },
    instanceEnv: (index) => ({ MAIL_HOSTNAME: `instance-${index + 1}.example` }),
  });
  db = createDb(database.connectionString, { maxConnections: 2 });
}, 180_000);
afterAll(async () => {
  await cluster?.close();
  await db?.destroy();
  await database?.destroy();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
}, 120_000);

async function call<T>(method: string, url: string, token: string | null, body: unknown): Promise<T> {
  const response = await fetch(`${cluster.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return JSON.parse(text) as T;
}

describe('a send on the cluster, its sender killed halfway', () => {
  it('is finished by the other instance with nobody skipped and at most one batch mailed twice', async () => {
    const weekly = await channelId(db, 'weekly');
    const emails = Array.from({ length: AUDIENCE }, (_, i) => `reader${String(i).padStart(4, '0')}@example.com`);
    await db
      .insertInto('subscribers')
      .values(emails.map((email) => ({ channelId: weekly, uniqueId: randomUUID(), email, firstName: '', lastName: '', status: 'active' as const, tags: ['kill'], customFields: toJson({}) })))
      .execute();
    const segmentId = await insertTagSegment(db, weekly, 'kill');
    await knowMemberCodeField(db, weekly);
    const { token } = await call<{ token: string }>('POST', platformPaths.login(), null, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    let letter = await call<Letter>('POST', platformPaths.letters('demo', 'weekly'), token, createBody(weekly, { ...READY_TO_SCHEDULE, blocks: deliveryBlocks(), segmentId }));
    for (const [from, to] of [[0, 7], [7, 2]] as const) {
      letter = await call<Letter>('POST', platformPaths.updateStatus(weekly, letter.id!), token, { publicationStatus: to, currentStatus: from, uniqueId: letter.uniqueId });
    }
    await makeScheduledLettersDue(db, [letter.id!]);

    // Either instance's sweep (once a minute) takes the send.
    const giveUpAt = Date.now() + 90_000;
    while (arrivals.length < 2 * BATCH) {
      if (Date.now() > giveUpAt) throw new Error(`The send did not start: ${arrivals.length} emails`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const sender = arrivals.at(-1)!.by;
    const killed = cluster.instances[sender === 'instance-1.example' ? 0 : 1]!.process;
    killed.kill('SIGKILL');
    await new Promise((resolve) => killed.once('exit', resolve));
    const beforeKill = arrivals.length;
    expect(beforeKill).toBeLessThan(AUDIENCE);

    // pg-boss hands the send on once the next sweep finds it half done.
    await waitUntilDelivered(db, [letter.id!], 150_000);
    const mailed = new Set(arrivals.map((arrival) => arrival.to));
    expect([...mailed].sort()).toEqual(emails);
    const twice = arrivals.length - mailed.size;
    expect(twice).toBeLessThanOrEqual(BATCH);
    const finisher = arrivals.slice(beforeKill).map((arrival) => arrival.by);
    expect(new Set(finisher)).toEqual(new Set([sender === 'instance-1.example' ? 'instance-2.example' : 'instance-1.example']));
    console.log(`cluster send: ${beforeKill} mailed by ${sender} before SIGKILL, ${arrivals.length - beforeKill} by the other, ${twice} mailed twice`);
  }, 300_000);
});
