import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'kysely';
import { platformPaths } from '../shared/contract/platform-api';
import { PublicationStatus } from '../shared/model/publication';
import { startCluster } from '../src-server/cluster/local-cluster';
import { createDb } from '../src-server/db/database';
import type { Db } from '../src-server/db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src-server/db/seed-demo';
import { deliveryBlocks } from '../src-server/testing/delivery-fixtures';
import { waitUntilDelivered } from '../src-server/testing/due-deliveries';
import { READY_TO_SCHEDULE, channelId, createBody } from '../src-server/testing/letter-fixtures';
import { api } from './support/api-call';
import { seedAudience } from './support/seed-audience';
import { startSmtpSink } from './support/smtp-sink';

// Delivery on the cluster (issue 39), in one run: the same send (AUDIENCE subscribers, the
// delivery bench's letter with merge tags and tracked links) on `npm run cluster` with one
// platform instance, then with two behind nginx — both on one embedded PostgreSQL, both
// mailing the same loopback SMTP sink (a process of its own, counting by EHLO name, so the
// share of each instance is printed). The send is scheduled through nginx a few seconds
// ahead and the job queued then starts it; the time is the database's, from the send's
// 'started' event to its 'sent' event, so the instances' polling before the start is not in
// it (the second instance's joining, at its next poll, is). Prints only; README.md
// "Performance" quotes it. On a machine with few cores the instances, PostgreSQL, nginx
// and the sink share them, so the ratio of two to one shows contention, not capacity.

const AUDIENCE = 5_000;
const SEND_TIMEOUT_MS = 10 * 60 * 1000;
/** The demo channel's clock (seed-demo.ts). */
const ZONE = 'America/New_York';

dayjs.extend(utc);
dayjs.extend(timezone);

interface Measured {
  instances: number;
  seconds: number;
  byInstance: Record<string, number>;
}

async function sendOnCluster(dir: string, instances: number, sinkUrl: string, countByName: () => Promise<Record<string, number>>): Promise<Measured> {
  // The same data folder each time: the embedded PostgreSQL, seeded once, keeps every run's letters.
  const cluster = await startCluster({
    dataDir: dir,
    size: instances,
    env: { SMTP_URL: sinkUrl },
    instanceEnv: (index) => ({ MAIL_HOSTNAME: `instance-${index + 1}.example` }),
  });
  const db: Db = createDb(cluster.connectionString, { maxConnections: 2 });
  try {
    const weekly = await channelId(db, 'weekly');
    const segmentId = await seedAudience(db, weekly, `cluster${instances}`, AUDIENCE);
    const { token } = await api<{ token: string }>(`${cluster.url}${platformPaths.login()}`, 'POST', null, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
    const publicationDate = dayjs().tz(ZONE).add(3, 'second').format('YYYY-MM-DD HH:mm:ss');
    const letter = await api<{ id: number; uniqueId: string }>(
      `${cluster.url}${platformPaths.letters('demo', 'weekly')}`,
      'POST',
      token,
      createBody(weekly, { ...READY_TO_SCHEDULE, title: 'News for {{ first_name | capitalize or "you" }}', blocks: deliveryBlocks(), segmentId, publicationDate }),
    );
    const status = `${cluster.url}${platformPaths.updateStatus(weekly, letter.id)}`;
    await api(status, 'POST', token, { publicationStatus: 7, currentStatus: 0, uniqueId: letter.uniqueId });
    await api(status, 'POST', token, { publicationStatus: 2, currentStatus: 7, uniqueId: letter.uniqueId });
    const before = await countByName();
    await waitUntilDelivered(db, [letter.id], SEND_TIMEOUT_MS);

    const row = await db.selectFrom('letters').select('publicationStatus').where('id', '=', letter.id).executeTakeFirstOrThrow();
    const { rows } = await sql<{ sent: string; seconds: number }>`
      SELECT (SELECT count(*) FROM letter_recipients WHERE letter_id = ${letter.id} AND status = 'sent') AS sent,
        extract(epoch FROM
          (SELECT created_at FROM delivery_events WHERE letter_id = ${letter.id} AND kind = 'sent') -
          (SELECT created_at FROM delivery_events WHERE letter_id = ${letter.id} AND kind = 'started'))::float8 AS seconds`.execute(db);
    const after = await countByName();
    const byInstance: Record<string, number> = {};
    for (const [name, n] of Object.entries(after)) if (n > (before[name] ?? 0)) byInstance[name] = n - (before[name] ?? 0);
    const arrived = Object.values(byInstance).reduce((sum, n) => sum + n, 0);
    if (row.publicationStatus !== PublicationStatus.published || Number(rows[0]!.sent) !== AUDIENCE || arrived !== AUDIENCE) {
      throw new Error(`${instances} instance(s): status ${row.publicationStatus}, ${rows[0]!.sent} marked sent, ${arrived} arrived`);
    }
    return { instances, seconds: rows[0]!.seconds, byInstance };
  } finally {
    await db.destroy();
    await cluster.close();
  }
}

export default async function clusterDeliveryBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-cluster-bench-'));
  const sink = await startSmtpSink();
  try {
    const results: Measured[] = [];
    for (const instances of [1, 2]) {
      const measured = await sendOnCluster(dir, instances, sink.url, () => sink.countByName());
      results.push(measured);
      const shares = Object.entries(measured.byInstance)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([name, n]) => `${name} ${n.toLocaleString('en-US')}`)
        .join(', ');
      console.log(
        `${`${instances} instance${instances > 1 ? 's' : ''} behind nginx`.padEnd(26)} ${AUDIENCE.toLocaleString('en-US')} recipients: ` +
          `${(AUDIENCE / measured.seconds).toFixed(0).padStart(5)} recipients/s (${measured.seconds.toFixed(1)} s); sent by ${shares}`,
      );
    }
    const [one, two] = results as [Measured, Measured];
    console.log(
      `two ÷ one instance: ${(one.seconds / two.seconds).toFixed(2)}× — on ${os.cpus().length} cores shared by the instances, ` +
        `PostgreSQL, nginx and the SMTP sink, this ratio shows contention, not capacity`,
    );
    console.log(`load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} over ${os.cpus().length} cores`);
  } finally {
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
