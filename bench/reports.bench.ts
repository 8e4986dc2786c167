import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { EMBEDDED_ACCOUNT, platformPaths } from '../shared/contract/platform-api';
import type { MeResponse } from '../shared/contract/platform-api';
import { createDb } from '../src-server/db/database';
import type { Db } from '../src-server/db/database';
import { rebuildReportRollups } from '../src-server/db/migrations/0026-machine-activity';
import { startPlatform } from '../src-server/start';
import { trackingPaths } from '../src-server/tracking/tracking-paths';
import { createBody } from '../src-server/testing/letter-fixtures';
import { percentile, trackPeakMemory } from './support/figures';
import { clickLinksFromEvents, editionMetricsFromEvents } from './support/report-queries-from-events';
import { api } from './support/api-call';

// An edition's report at scale (issue 16 "Scale"): one letter sent to 1,000,000 recipients
// with 300,000 opens (by 220,000 readers) and 100,000 clicks (by 70,000 readers) over two
// days, seeded with generate_series in a few statements, then every report call over HTTP
// against the embedded platform (target: p95 < 200 ms for all but the CSVs), and the
// metrics and clicks computed the old way, from the events per request, as the baseline.
// Prints only; the figures in README.md "Performance" come from here.

const RECIPIENTS = 1_000_000;
const OPENS = 300_000;
const OPEN_READERS = 220_000;
const CLICKS = 100_000;
const CLICK_READERS = 70_000;
const LINKS = 10;
const RUNS = 40;
const WARM_UP = 5;
// Counting from the events takes seconds a run at this size: fewer runs of the baseline.
const BASELINE_RUNS = 5;
// New readers opening at once through the pixel: what the rollups cost each open.
const FIRST_OPENS = 3_000;
const OPEN_CONNECTIONS = 20;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

async function timed(label: string, work: () => Promise<unknown>): Promise<void> {
  const started = performance.now();
  await work();
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/** The audience, the send and its events, as the platform's own writers would leave them. */
async function seed(db: Db, channelId: number, letterId: number): Promise<void> {
  console.log(`seeding ${RECIPIENTS.toLocaleString('en')} recipients, ${OPENS.toLocaleString('en')} opens, ${CLICKS.toLocaleString('en')} clicks`);
  await timed('subscribers', () =>
    sql`
      INSERT INTO subscribers (channel_id, unique_id, email, first_name, last_name)
      SELECT ${channelId}, 'bench-' || g, 'reader' || g || '@bench.example', 'Reader', 'Number ' || g
      FROM generate_series(1, ${RECIPIENTS}) g`.execute(db),
  );
  await sql`
    INSERT INTO letter_links (letter_id, position, url)
    SELECT ${letterId}, p, 'https://example.com/story-' || p FROM generate_series(1, ${LINKS}) p`.execute(db);
  const first = await sql<{ id: number }>`SELECT min(id) AS id FROM subscribers WHERE unique_id = 'bench-1'`.execute(db);
  const base = Number(first.rows[0]!.id);
  // 1 % refused at send (every 100th from the first); the rest taken over the send's first hour.
  await timed('recipients (the counters trigger runs once for the statement)', () =>
    sql`
      INSERT INTO letter_recipients (letter_id, subscriber_id, email, status, error, sent_at)
      SELECT ${letterId}, s.id, s.email,
        CASE WHEN (s.id - ${base}) % 100 = 99 THEN 'refused' ELSE 'sent' END,
        CASE WHEN (s.id - ${base}) % 100 = 99 THEN '550 No such mailbox' END,
        CASE WHEN (s.id - ${base}) % 100 = 99 THEN NULL ELSE now() - interval '2 days' + (s.id % 3600) * interval '1 second' END
      FROM subscribers s WHERE s.channel_id = ${channelId} AND s.unique_id LIKE 'bench-%'`.execute(db),
  );
  // Readers among the accepted only: offsets k·100/99 never land on the refused (…99).
  const reader = (n: string, readers: number) => sql.raw(`(${base} + ((${n} % ${readers}) * 100 / 99))`);
  await timed('opens', () =>
    sql`
      INSERT INTO recipient_opens (letter_id, subscriber_id, opened_at, confirmed, user_agent, country)
      SELECT ${letterId}, ${reader('g', OPEN_READERS)}, now() - interval '2 days' + interval '1 hour' + (g % 169200) * interval '1 second',
        g % 5 <> 0, 'Mozilla/5.0 (bench) AppleWebKit', (ARRAY['US', 'GB', 'DE', 'FR', 'CA', NULL])[1 + g % 6]
      FROM generate_series(1, ${OPENS}) g`.execute(db),
  );
  await timed('clicks', () =>
    sql`
      INSERT INTO recipient_clicks (letter_id, subscriber_id, position, clicked_at)
      SELECT ${letterId}, ${reader('g', CLICK_READERS)}, 1 + g % ${LINKS}, now() - interval '2 days' + interval '1 hour' + (g % 169200) * interval '1 second'
      FROM generate_series(1, ${CLICKS}) g`.execute(db),
  );
  await sql`UPDATE letter_recipients SET bounced_at = sent_at + interval '1 minute' WHERE letter_id = ${letterId} AND subscriber_id % 250 = 1`.execute(db);
  await sql`UPDATE letter_recipients SET unsubscribed_at = sent_at + interval '1 hour' WHERE letter_id = ${letterId} AND subscriber_id % 400 = 3`.execute(db);
  // Bulk events skipped the writers: count the rollups from them, as the migration's backfill does.
  await timed('rollups from the events', () => rebuildReportRollups(db, [letterId]));
  // As autovacuum would after a load this size: statistics, and the visibility map index-only scans need.
  await timed('vacuum analyze', () => sql`VACUUM ANALYZE`.execute(db));
}

async function measure(run: () => Promise<unknown>, runs = RUNS, warmUp = WARM_UP): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < warmUp; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Readers who had not opened open at once, through the real pixel; the counters must gain exactly them. */
async function firstOpens(url: string, db: Db, letterId: number): Promise<void> {
  const tokens = (
    await sql<{ trackingToken: string }>`
      SELECT tracking_token FROM letter_recipients
      WHERE letter_id = ${letterId} AND status = 'sent' AND first_opened_at IS NULL
      ORDER BY subscriber_id DESC LIMIT ${FIRST_OPENS}`.execute(db)
  ).rows.map((row) => row.trackingToken);
  const opened = async () =>
    (await db.selectFrom('letterReportCounters').select('opened').where('letterId', '=', letterId).executeTakeFirstOrThrow()).opened;
  const before = await opened();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: OPEN_CONNECTIONS }, async () => {
      while (next < tokens.length) {
        const token = tokens[next++]!;
        const response = await fetch(`${url}${trackingPaths.open(token)}`, { headers: { 'user-agent': BROWSER } });
        await response.arrayBuffer();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const gained = (await opened()) - before;
  console.log(
    `\nfirst opens through the pixel, ${OPEN_CONNECTIONS} at once: ${(tokens.length / seconds).toFixed(0)} opens/s ` +
      `(${tokens.length} in ${seconds.toFixed(1)} s); readers who opened +${gained} (expected ${tokens.length})`,
  );
}

export default async function reportsBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-bench-reports-'));
  const memory = trackPeakMemory();
  const platform = await startPlatform({ port: 0, dataDir: join(dir, 'platform'), deliveryJobs: false });
  const db = createDb(platform.connectionString, { maxConnections: 2 });
  try {
    const { token } = await api<{ token: string }>(`${platform.url}${platformPaths.login()}`, 'POST', null, EMBEDDED_ACCOUNT);
    const me = await api<MeResponse>(`${platform.url}${platformPaths.me()}`, 'GET', token);
    const weekly = me.organizations.flatMap((o) => o.channels).find((c) => c.channelSlug === 'weekly');
    if (!weekly) throw new Error('The demo channel is missing.');
    const letter = await api<{ id: number; uniqueId: string }>(
      `${platform.url}${platformPaths.letters('demo', 'weekly')}`,
      'POST',
      token,
      createBody(weekly.id, { title: 'Bench edition' }),
    );
    await seed(db, weekly.id, letter.id);

    const headers = { authorization: `Bearer ${token}` };
    const fetchOk = async (path: string) => {
      const response = await fetch(`${platform.url}${path}`, { headers });
      if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${await response.text()}`);
      return response.text();
    };
    const id = letter.id;
    const calls: [string, string][] = [
      ['report head (metrics)', platformPaths.report('demo', 'weekly', id)],
      ['hour-performance', platformPaths.reportHourPerformance('demo', 'weekly', id)],
      ['opens-by-country', platformPaths.reportOpensByCountry('demo', 'weekly', id)],
      ['top-links-clicked', platformPaths.reportTopLinks('demo', 'weekly', id)],
      ['user-activity, page 1', platformPaths.reportUserActivity('demo', 'weekly', id)],
      ['user-activity, page 200', `${platformPaths.reportUserActivity('demo', 'weekly', id)}?page=200`],
      ['user-activity, clicked', `${platformPaths.reportUserActivity('demo', 'weekly', id)}?filter=clicked`],
      ['user-activity, not opened', `${platformPaths.reportUserActivity('demo', 'weekly', id)}?filter=not-opened`],
      ['user-activity, bounced', `${platformPaths.reportUserActivity('demo', 'weekly', id)}?filter=bounced`],
      ['user-activity, unsubscribed', `${platformPaths.reportUserActivity('demo', 'weekly', id)}?filter=unsubscribed`],
      ['user-activity, search', `${platformPaths.reportUserActivity('demo', 'weekly', id)}?search=reader12345@`],
      ['channels/{id}/letters/{id}/metrics', platformPaths.letterMetrics(weekly.id, id)],
      ['channels/{id}/letters/{id}/metrics/clicks', platformPaths.letterMetricsClicks(weekly.id, id)],
      ['edition-metrics by slug and uniqueId', platformPaths.editionMetrics('weekly', letter.uniqueId)],
      ['edition-metrics/clicks by slug and uniqueId', platformPaths.editionMetricsClicks('weekly', letter.uniqueId)],
    ];
    console.log(`\nreport calls over HTTP, ${RUNS} runs each after ${WARM_UP} warm-up (target p95 < 200 ms)`);
    const figures = new Map<string, { p50: number; p95: number }>();
    for (const [label, path] of calls) {
      const figure = await measure(() => fetchOk(path));
      figures.set(label, figure);
      console.log(`  ${label.padEnd(46)} p50 ${ms(figure.p50).padStart(9)}  p95 ${ms(figure.p95).padStart(9)}`);
    }

    await firstOpens(platform.url, db, id);

    console.log(`\nthe old way (counted from the events per request, SQL only, no HTTP; ${BASELINE_RUNS} runs after 1 warm-up)`);
    const baselines: [string, string, () => Promise<unknown>][] = [
      ['edition metrics', 'channels/{id}/letters/{id}/metrics', () => editionMetricsFromEvents(db, id)],
      ['clicks per link', 'channels/{id}/letters/{id}/metrics/clicks', () => clickLinksFromEvents(db, id)],
    ];
    for (const [label, now, run] of baselines) {
      const old = await measure(run, BASELINE_RUNS, 1);
      const current = figures.get(now)!;
      console.log(
        `  ${label.padEnd(46)} p50 ${ms(old.p50).padStart(9)}  p95 ${ms(old.p95).padStart(9)}  ` +
          `(${(old.p50 / current.p50).toFixed(0)}× the rollups' p50 over HTTP)`,
      );
    }

    console.log('\nCSV downloads (streamed; read here a chunk at a time, as a browser saves them)');
    for (const [label, path] of [
      ['recipients (everyone)', platformPaths.reportCsv('demo', 'weekly', id, 'recipients')],
      ['opens', platformPaths.reportCsv('demo', 'weekly', id, 'opens')],
      ['clicks', platformPaths.reportCsv('demo', 'weekly', id, 'clicks')],
    ] as const) {
      const started = performance.now();
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const response = await fetch(`${platform.url}${path}`, { headers });
      if (!response.ok || !response.body) throw new Error(`GET ${path}: ${response.status}`);
      let bytes = 0;
      let lines = 0;
      for await (const chunk of response.body) {
        bytes += chunk.length;
        for (const byte of chunk) if (byte === 10) lines++;
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }
      console.log(
        `  ${label.padEnd(46)} ${(lines - 1).toLocaleString('en')} rows, ${(bytes / 1e6).toFixed(0)} MB in ` +
          `${((performance.now() - started) / 1000).toFixed(1)} s, memory +${((peakRss - rssBefore) / 1e6).toFixed(0)} MB`,
      );
    }
  } finally {
    await db.destroy();
    await platform.close();
    console.log(`peak memory (bench and platform in one process): ${memory.stop().toFixed(0)} MB`);
    rmSync(dir, { recursive: true, force: true });
  }
}
