import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { EMBEDDED_ACCOUNT, platformPaths } from '../shared/contract/platform-api';
import { createDb } from '../src-server/db/database';
import type { Db } from '../src-server/db/database';
import { startPlatform } from '../src-server/start';
import { percentile } from './support/figures';
import { api } from './support/api-call';

// The dashboard calls at scale (issue 17 "Speed"): the demo organization with 50 channels,
// 1,000 sent letters and ~10 million opens and clicks, seeded with generate_series straight
// into the rollups the calls read (letter_report_counters, letter_report_hours) and the
// subscriber history (subscriber_events), then every dashboard call over HTTP against the
// embedded platform over a 365-day period (target: p95 < 300 ms). Prints only.

const CHANNELS = 50;
const LETTERS = 1_000;
const READERS_PER_LETTER = 10_000;
/** Hours per letter with opens and clicks: three days after the send. */
const HOURS = 72;
const SUBSCRIBER_EVENTS = 3_000_000;
const RUNS = 40;
const WARM_UP = 5;

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function seed(db: Db): Promise<{ events: number }> {
  const weekly = await sql<{ id: number; tenantId: number; organizationId: number }>`
    SELECT c.id, c.tenant_id, c.organization_id FROM channels c JOIN organizations o ON o.id = c.organization_id
    WHERE o.slug = 'demo' AND c.slug = 'weekly'`.execute(db);
  const { tenantId, organizationId } = weekly.rows[0]!;
  await timed(`${CHANNELS} channels`, () =>
    sql`
      INSERT INTO channels (tenant_id, organization_id, slug, title)
      SELECT ${tenantId}, ${organizationId}, 'bench-' || g, 'Bench channel ' || g FROM generate_series(1, ${CHANNELS}) g`.execute(db),
  );
  // Sent over the last year, spread across the channels.
  await timed(`${LETTERS.toLocaleString('en')} letters and their counters`, async () => {
    await sql`
      INSERT INTO letters (unique_id, channel_id, version, title, settings, publication_status, publication_at)
      SELECT 'bench-letter-' || g, c.id, 1, 'Bench letter ' || g, '{}'::jsonb, 4, now() - (g % 365) * interval '1 day'
      FROM generate_series(1, ${LETTERS}) g
      JOIN channels c ON c.slug = 'bench-' || (1 + g % ${CHANNELS}) AND c.organization_id = ${organizationId}`.execute(db);
    await sql`
      INSERT INTO letter_report_counters (letter_id, recipients, accepted, refused, bounced_back, opened, opened_confirmed, clicked, unsubscribed, first_sent_at)
      SELECT id, ${READERS_PER_LETTER}, ${READERS_PER_LETTER} - 100, 100, 50, 4000 + id % 1000, 3500, 1500 + id % 500, 10, publication_at
      FROM letters WHERE unique_id LIKE 'bench-letter-%'`.execute(db);
  });
  // 72 hours a letter; opens and clicks per hour add up to ~10 million events in all.
  await timed(`${(LETTERS * HOURS).toLocaleString('en')} letter hours`, () =>
    sql`
      INSERT INTO letter_report_hours (letter_id, hour, opens, clicks, unique_opens, unique_clicks)
      SELECT l.id, date_trunc('hour', l.publication_at) + h * interval '1 hour', 100 + h % 50, 40 + h % 20, 60, 20
      FROM letters l, generate_series(0, ${HOURS - 1}) h
      WHERE l.unique_id LIKE 'bench-letter-%'`.execute(db),
  );
  await timed(`${SUBSCRIBER_EVENTS.toLocaleString('en')} subscriber events`, () =>
    sql`
      INSERT INTO subscriber_events (channel_id, subscriber_id, kind, delta, at)
      SELECT c.id, NULL,
        CASE WHEN g % 10 = 0 THEN 'unsubscribed' WHEN g % 25 = 0 THEN 'bounced' ELSE 'subscribed' END,
        CASE WHEN g % 10 = 0 OR g % 25 = 0 THEN -1 ELSE 1 END,
        now() - (g % 730) * interval '1 day' - (g % 86400) * interval '1 second'
      FROM generate_series(1, ${SUBSCRIBER_EVENTS}) g
      JOIN channels c ON c.slug = 'bench-' || (1 + g % ${CHANNELS}) AND c.organization_id = ${organizationId}`.execute(db),
  );
  await timed('vacuum analyze', () => sql`VACUUM ANALYZE`.execute(db));
  const events = await sql<{ n: string }>`SELECT sum(opens + clicks) AS n FROM letter_report_hours`.execute(db);
  return { events: Number(events.rows[0]!.n) };
}

async function measure(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARM_UP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

export default async function dashboardsBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-bench-dashboards-'));
  const platform = await startPlatform({ port: 0, dataDir: join(dir, 'platform'), deliveryJobs: false });
  const db = createDb(platform.connectionString, { maxConnections: 2 });
  try {
    const { token } = await api<{ token: string }>(`${platform.url}${platformPaths.login()}`, 'POST', null, EMBEDDED_ACCOUNT);
    console.log(`seeding ${CHANNELS} channels, ${LETTERS.toLocaleString('en')} letters, ${SUBSCRIBER_EVENTS.toLocaleString('en')} subscriber events`);
    const { events } = await seed(db);
    console.log(`  opens and clicks behind the rollups: ${events.toLocaleString('en')}`);

    const headers = { authorization: `Bearer ${token}` };
    const fetchOk = async (path: string, init: RequestInit = {}) => {
      const response = await fetch(`${platform.url}${path}`, { headers, ...init });
      if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      return response.text();
    };
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const year = `?from=${day(364)}&to=${day(-1)}`;
    const month = `?from=${day(29)}&to=${day(-1)}`;
    const some = Array.from({ length: 10 }, (_, i) => `&channels[]=bench-${i + 1}`).join('');
    const calls: [string, () => Promise<unknown>][] = [
      ['active-subscribers, organization, 365 days', () => fetchOk(`${platformPaths.dashboardActiveSubscribers('demo')}${year}`)],
      ['active-subscribers, 10 channels, 30 days', () => fetchOk(`${platformPaths.dashboardActiveSubscribers('demo')}${month}${some}`)],
      ['active-subscribers, one channel, 365 days', () => fetchOk(`${platformPaths.dashboardActiveSubscribers('demo', 'bench-7')}${year}`)],
      ['letters, organization, 365 days, page 1', () => fetchOk(`${platformPaths.dashboardLetters('demo')}${year}`)],
      ['letters, organization, 365 days, page 30 asc', () => fetchOk(`${platformPaths.dashboardLetters('demo')}${year}&page=30&direction=asc`)],
      ['letters, one channel, 365 days', () => fetchOk(`${platformPaths.dashboardLetters('demo', 'bench-7')}${year}`)],
      ['audience, organization, 365 days', () => fetchOk(`${platformPaths.dashboardAudience('demo')}${year}`)],
      ['audience, one channel, 30 days', () => fetchOk(`${platformPaths.dashboardAudience('demo', 'bench-7')}${month}`)],
      ['letters/metrics (all of the caller\'s)', () => fetchOk(platformPaths.myLettersMetrics())],
      ['organization-metrics, page 10', () => fetchOk(`${platformPaths.organizationLettersMetrics('demo')}?page=10`)],
      [
        'POST letters/metrics, 10 channels, 90 days',
        () =>
          fetchOk(platformPaths.organizationLettersMetricsFiltered('demo'), {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ from: day(89), to: day(0), channels: Array.from({ length: 10 }, (_, i) => `bench-${i + 1}`) }),
          }),
      ],
    ];
    console.log(`\ndashboard calls over HTTP, ${RUNS} runs each after ${WARM_UP} warm-up (target p95 < 300 ms)`);
    for (const [label, run] of calls) {
      const figure = await measure(run);
      console.log(`  ${label.padEnd(46)} p50 ${ms(figure.p50).padStart(9)}  p95 ${ms(figure.p95).padStart(9)}`);
    }
  } finally {
    await db.destroy();
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
