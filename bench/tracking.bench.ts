import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { EMBEDDED_ACCOUNT, platformPaths } from '../shared/contract/platform-api';
import type { MeResponse } from '../shared/contract/platform-api';
import { createDb } from '../src-server/db/database';
import type { Db } from '../src-server/db/database';
import { trackingPaths } from '../src-server/tracking/tracking-paths';
import { createBody } from '../src-server/testing/letter-fixtures';
import { startPlatformThread } from './support/figures';
import { api } from './support/api-call';

// The open pixel and tracked links under load (issue 31): an embedded platform in a thread
// of its own (as the app runs it) with one letter sent to READERS readers, then each path
// over HTTP on loopback from CONNECTIONS connections (autocannon, in this thread): every
// reader loads the pixel once, follows a link once as a reader, and once as a scanner
// (recorded as machine activity), each event written with its rollups. The baseline of the
// same run is the same routes asked for readers nobody sent to (tokens of the right shape
// that name no one): the request and the token's lookup, nothing recorded, so the
// difference is what recording costs. (HEAD, which records nothing either, would be the
// closer baseline, but autocannon waits for a body a HEAD never gets.) Afterwards the
// rollups must hold every event the platform answered. Prints only; README.md
// "Performance" takes its figures.

const READERS = 20_000;
const LINKS = 5;
const CONNECTIONS = 20;
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const SCANNER = 'Mozilla/5.0 (compatible; Proofpoint URL Defense)';

/** The readers of a sent letter, their emails accepted an hour ago (past every machine window). */
async function seed(db: Db, channelId: number, letterId: number): Promise<string[]> {
  await sql`
    INSERT INTO subscribers (channel_id, unique_id, email, first_name, last_name)
    SELECT ${channelId}, 'track-bench-' || g, 'track' || g || '@bench.example', 'Reader', 'Number ' || g
    FROM generate_series(1, ${READERS}) g`.execute(db);
  await sql`
    INSERT INTO letter_links (letter_id, position, url)
    SELECT ${letterId}, p, 'https://example.com/story-' || p FROM generate_series(1, ${LINKS}) p`.execute(db);
  await sql`
    INSERT INTO letter_recipients (letter_id, subscriber_id, email, status, sent_at)
    SELECT ${letterId}, s.id, s.email, 'sent', now() - interval '1 hour'
    FROM subscribers s WHERE s.channel_id = ${channelId} AND s.unique_id LIKE 'track-bench-%'`.execute(db);
  await sql`VACUUM ANALYZE letter_recipients`.execute(db);
  const rows = await sql<{ trackingToken: string }>`
    SELECT tracking_token FROM letter_recipients WHERE letter_id = ${letterId} ORDER BY subscriber_id`.execute(db);
  return rows.rows.map((row) => row.trackingToken);
}

/**
 * CPU seconds the platform's PostgreSQL has used so far (the postmaster, its live children
 * and those it reaped), from /proc; null where there is none. With the bench process's own
 * (the platform thread and autocannon), what an event costs whatever else the machine runs:
 * the events per second depend on how busy the machine is, the CPU per event much less.
 */
function databaseCpuSeconds(dataDir: string): number | null {
  try {
    const postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
    let ticks = 0;
    for (const name of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
      let stat: string;
      try {
        stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      } catch {
        continue; // gone meanwhile
      }
      // After "pid (name) ": state, ppid, … utime and stime are fields 14 and 15, the reaped children's 16 and 17.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ').map(Number);
      const pid = Number(name);
      if (pid !== postmaster && fields[1] !== postmaster) continue;
      ticks += fields[11]! + fields[12]! + (pid === postmaster ? fields[13]! + fields[14]! : 0);
    }
    return ticks / 100; // USER_HZ
  } catch {
    return null;
  }
}

interface Figure {
  name: string;
  result: autocannon.Result;
  perSecond: number;
  /** CPU milliseconds per request: the bench process (platform thread and autocannon), and the database's, if known. */
  cpuMs: { process: number; database: number | null };
}

/** READERS requests, one per reader in turn, to the path `pathOf` gives. */
async function load(dataDir: string, url: string, name: string, userAgent: string, tokens: string[], pathOf: (token: string) => string): Promise<Figure> {
  let next = 0;
  // Timed from the start to the last answer: autocannon's own duration only ends on its
  // next one-second tick, which would cost a run of 11.1 s up to a tenth of its rate.
  const cpuBefore = process.cpuUsage();
  const databaseBefore = databaseCpuSeconds(dataDir);
  const started = performance.now();
  let last = started;
  // The promise autocannon answers is its run's event emitter too (its lib/init.js), which its types leave out.
  const instance = autocannon({
    url,
    connections: CONNECTIONS,
    amount: tokens.length,
    headers: { 'user-agent': userAgent },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: pathOf(tokens[next++ % tokens.length]!) }) }],
  }) as Promise<autocannon.Result> & Pick<NodeJS.EventEmitter, 'on'>;
  instance.on('response', () => {
    last = performance.now();
  });
  const result = await instance;
  const seconds = (last - started) / 1000;
  const perSecond = result.requests.total / seconds;
  const cpu = process.cpuUsage(cpuBefore);
  const databaseAfter = databaseCpuSeconds(dataDir);
  const cpuMs = {
    process: (cpu.user + cpu.system) / 1000 / result.requests.total,
    database: databaseBefore === null || databaseAfter === null ? null : ((databaseAfter - databaseBefore) * 1000) / result.requests.total,
  };
  console.log(
    `  ${name.padEnd(40)} ${perSecond.toFixed(0).padStart(6)} events/s  (${result.requests.total} in ${seconds.toFixed(2)} s), ` +
      `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors}, timeouts ${result.timeouts}, ` +
      `2xx ${result['2xx']}, 3xx ${result['3xx']}, 4xx ${result['4xx']}, 5xx ${result['5xx']}; ` +
      `CPU per event ${cpuMs.process.toFixed(2)} ms here` +
      (cpuMs.database === null ? '' : ` + ${cpuMs.database.toFixed(2)} ms database = ${(cpuMs.process + cpuMs.database).toFixed(2)} ms`),
  );
  return { name, result, perSecond, cpuMs };
}

export default async function trackingBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'letterdesk-bench-tracking-'));
  const platform = await startPlatformThread(join(dir, 'platform'));
  const dataDir = join(dir, 'platform', 'postgres', 'data');
  const db = createDb(platform.connectionString, { maxConnections: 2 });
  try {
    const { token } = await api<{ token: string }>(`${platform.url}${platformPaths.login()}`, 'POST', null, EMBEDDED_ACCOUNT);
    const me = await api<MeResponse>(`${platform.url}${platformPaths.me()}`, 'GET', token);
    const weekly = me.organizations.flatMap((o) => o.channels).find((c) => c.channelSlug === 'weekly');
    if (!weekly) throw new Error('The demo channel is missing.');
    const letter = await api<{ id: number }>(`${platform.url}${platformPaths.letters('demo', 'weekly')}`, 'POST', token, createBody(weekly.id, { title: 'Tracking bench' }));
    const tokens = await seed(db, weekly.id, letter.id);
    const pixel = (reader: string) => trackingPaths.open(reader);
    const link = (position: number) => (reader: string) => trackingPaths.click(reader, position);

    console.log(`\n${READERS.toLocaleString('en')} readers, ${CONNECTIONS} connections, one request per reader per line (target: > 1,000 events/s)`);
    const nobody = tokens.map(() => randomBytes(20).toString('hex'));
    const figures = [
      await load(dataDir, platform.url, 'pixel, nobody (baseline: nothing recorded)', BROWSER, nobody, pixel),
      await load(dataDir, platform.url, 'pixel, first open of each reader', BROWSER, tokens, pixel),
      await load(dataDir, platform.url, 'link, nobody (baseline: nothing recorded)', BROWSER, nobody, link(1)),
      await load(dataDir, platform.url, 'link, first click of each reader', BROWSER, tokens, link(1)),
      await load(dataDir, platform.url, 'link, a scanner on another link (machine)', SCANNER, tokens, link(2)),
    ];
    const figure = (name: string) => figures.find((f) => f.name.startsWith(name))!;
    const rate = (name: string) => figure(name).perSecond;
    const cpuOf = (name: string) => figure(name).cpuMs.process + (figure(name).cpuMs.database ?? 0);
    console.log(
      `  recording costs: pixel ${(rate('pixel, nobody') / rate('pixel, first')).toFixed(2)}× the baseline's time per event, ` +
        `link ${(rate('link, nobody') / rate('link, first')).toFixed(2)}×; ` +
        `in CPU per event: pixel ${(cpuOf('pixel, first') / cpuOf('pixel, nobody')).toFixed(2)}×, link ${(cpuOf('link, first') / cpuOf('link, nobody')).toFixed(2)}×, ` +
        `a scanner's link ${(cpuOf('link, a scanner') / cpuOf('link, nobody')).toFixed(2)}×`,
    );

    // Every answered event is in the rollups, and nothing from the baseline's.
    const counters = await db.selectFrom('letterReportCounters').selectAll().where('letterId', '=', letter.id).executeTakeFirstOrThrow();
    const events = await sql<{ opens: string; clicks: string; machine: string }>`
      SELECT (SELECT count(*) FROM recipient_opens WHERE letter_id = ${letter.id}) AS opens,
        (SELECT count(*) FROM recipient_clicks WHERE letter_id = ${letter.id}) AS clicks,
        (SELECT count(*) FROM recipient_clicks WHERE letter_id = ${letter.id} AND machine_reason IS NOT NULL) AS machine`.execute(db);
    const counted = events.rows[0]!;
    console.log(
      `  recorded: ${counted.opens} opens, ${counted.clicks} clicks (${counted.machine} machine); readers who opened ${counters.opened}, ` +
        `clicked ${counters.clicked} (people), ${counters.clickedAll} (all) — expected ${READERS} each, ${2 * READERS} clicks, ${READERS} machine`,
    );
  } finally {
    await db.destroy();
    await platform.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
