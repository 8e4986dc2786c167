import { mkdtempSync, rmSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import { join } from 'node:path';
import v8 from 'node:v8';
import vm from 'node:vm';
import { sql } from 'kysely';
import { EMBEDDED_ACCOUNT, platformPaths } from '../shared/contract/platform-api';
import type { MeResponse } from '../shared/contract/platform-api';
import { PublicationStatus } from '../shared/model/publication';
import { createDb } from '../src-server/db/database';
import { createJobRunner } from '../src-server/jobs/job-runner';
import { startPlatform } from '../src-server/start';
import { deliveryBlocks } from '../src-server/testing/delivery-fixtures';
import { makeScheduledLettersDue, waitUntilDelivered } from '../src-server/testing/due-deliveries';
import { READY_TO_SCHEDULE, createBody } from '../src-server/testing/letter-fixtures';
import { trackPeakMemory } from './support/figures';
import { seedAudience } from './support/seed-audience';
import { startSmtpSink } from './support/smtp-sink';
import { api } from './support/api-call';

// Delivery throughput (issue 16 "Scale"): an embedded platform, N subscribers in a segment,
// a letter with merge tags and tracked links scheduled for them and sent by the platform's
// own job runner and delivery code to a loopback SMTP server (a process of its own that
// counts what it takes). Timed from the sweep that starts the send to the letter
// published; peak RSS is this process's (the sender's; PostgreSQL and the sink run apart).
// Also printed: the V8 heap (flat memory means the same heap at 10k and 100k), and the
// sending process's CPU time per email, which other work on the machine does not change.
// The baseline is the per-email path — one recipient per batch over one SMTP connection,
// what every send did before batches — measured in the same run at 10k.
// Prints only; the figures in README.md "Performance" come from here.

const SIZES = [10_000, 100_000];
const BASELINE_SIZE = 10_000;
/** A send must finish well inside one run of the job (SEND_RUN_MS), or it is not comparable. */
const SEND_TIMEOUT_MS = 15 * 60 * 1000;
const PUBLIC_URL = 'https://letters.example.com';
const MB = 1024 * 1024;

// A collection on demand, so the heap figures are what is live, not what GC has yet to free.
v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** Samples the V8 heap in use until stopped; answers the peak in MB. */
function trackPeakHeap(intervalMs = 50) {
  let peak = process.memoryUsage().heapUsed;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, intervalMs);
  return { stop: () => (clearInterval(timer), peak / MB) };
}

interface Run {
  label: string;
  recipients: number;
  batchSize: number;
  connections: number;
}

export default async function deliveryBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-delivery-bench-'));
  const sink = await startSmtpSink();
  const platform = await startPlatform({ port: 0, dataDir: join(dir, 'platform'), smtpUrl: sink.url, deliveryJobs: false });
  const db = createDb(platform.connectionString);
  try {
    const { token } = await api<{ token: string }>(`${platform.url}${platformPaths.login()}`, 'POST', null, EMBEDDED_ACCOUNT);
    const me = await api<MeResponse>(`${platform.url}${platformPaths.me()}`, 'GET', token);
    const weekly = me.organizations.flatMap((o) => o.channels).find((c) => c.channelSlug === 'weekly');
    if (!weekly) throw new Error('The demo channel is missing.');

    const runs: Run[] = [
      { label: 'per email (baseline)', recipients: BASELINE_SIZE, batchSize: 1, connections: 1 },
      ...SIZES.map((recipients) => ({ label: 'batches of 100, 8 connections', recipients, batchSize: 100, connections: 8 })),
    ];
    const results: string[] = [];
    let sentBefore = 0;
    for (const [index, run] of runs.entries()) {
      const segmentId = await seedAudience(db, weekly.id, `bench${index}`, run.recipients);
      const letter = await api<{ id: number; uniqueId: string }>(
        `${platform.url}${platformPaths.letters('demo', 'weekly')}`,
        'POST',
        token,
        createBody(weekly.id, { ...READY_TO_SCHEDULE, title: 'News for {{ first_name | capitalize or "you" }}', blocks: deliveryBlocks(), segmentId }),
      );
      const status = `${platform.url}${platformPaths.updateStatus(weekly.id, letter.id)}`;
      await api(status, 'POST', token, { publicationStatus: 7, currentStatus: 0, uniqueId: letter.uniqueId });
      await api(status, 'POST', token, { publicationStatus: 2, currentStatus: 7, uniqueId: letter.uniqueId });
      await makeScheduledLettersDue(db, [letter.id]);

      const runner = createJobRunner({
        db,
        connectionString: platform.connectionString,
        smtpUrl: sink.url,
        sendBatchSize: run.batchSize,
        sendConnections: run.connections,
        pollingIntervalSeconds: 0.5,
      });
      collect();
      const rssBefore = process.memoryUsage().rss / MB;
      const heapBefore = process.memoryUsage().heapUsed / MB;
      const memory = trackPeakMemory(50);
      const heap = trackPeakHeap();
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      // start() sweeps at once: the due letter is queued and its send begins.
      await runner.start({ publicUrl: PUBLIC_URL });
      await waitUntilDelivered(db, [letter.id], SEND_TIMEOUT_MS);
      const seconds = (performance.now() - started) / 1000;
      const cpu = process.cpuUsage(cpuBefore);
      const peak = memory.stop();
      const peakHeap = heap.stop();
      await runner.stop();
      collect();
      const heapAfter = process.memoryUsage().heapUsed / MB;

      const row = await db.selectFrom('letters').select('publicationStatus').where('id', '=', letter.id).executeTakeFirstOrThrow();
      const sent = await db
        .selectFrom('letterRecipients')
        .select(sql<string>`count(*)`.as('n'))
        .where('letterId', '=', letter.id)
        .where('status', '=', 'sent')
        .executeTakeFirstOrThrow();
      const arrived = (await sink.count()) - sentBefore;
      sentBefore += arrived;
      if (row.publicationStatus !== PublicationStatus.published || Number(sent.n) !== run.recipients || arrived !== run.recipients) {
        throw new Error(`${run.label} at ${run.recipients}: status ${row.publicationStatus}, ${sent.n} marked sent, ${arrived} arrived`);
      }
      const line =
        `${run.label.padEnd(32)} ${run.recipients.toLocaleString('en-US').padStart(8)} recipients: ` +
        `${(run.recipients / seconds).toFixed(0).padStart(5)} recipients/s (${seconds.toFixed(1)} s), ` +
        `RSS ${rssBefore.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB; ` +
        `heap ${heapBefore.toFixed(0)} MB before, peak ${peakHeap.toFixed(0)} MB, ${heapAfter.toFixed(0)} MB after; ` +
        // CPU time of this process (all its threads) per email: what the sender needs, whatever else the machine runs.
        `sender CPU ${((cpu.user + cpu.system) / 1000 / run.recipients).toFixed(2)} ms/email`;
      console.log(line);
      results.push(line);
    }
    console.log(`load average ${os.loadavg().map((n) => n.toFixed(1)).join(' ')} over ${os.cpus().length} cores`);
    const rate = (line: string) => Number(/(\d+) recipients\/s/.exec(line)?.[1] ?? 0);
    console.log(`batched ÷ per email at ${BASELINE_SIZE.toLocaleString('en-US')}: ${(rate(results[1]!) / rate(results[0]!)).toFixed(1)}×`);
  } finally {
    await db.destroy();
    await platform.close();
    await sink.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
