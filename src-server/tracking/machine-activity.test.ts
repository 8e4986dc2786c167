import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { DashboardLettersResponse, AudienceResponse } from '../../shared/contract/platform-dashboards';
import { ACTIVITY_MESSAGE } from '../../shared/contract/platform-metrics';
import type { ClickLinksResponse, EditionMetricsResponse } from '../../shared/contract/platform-metrics';
import type { EditionReportResponse, HourPerformanceResponse } from '../../shared/contract/platform-reports';
import { rebuildReportRollups } from '../db/migrations/0026-machine-activity';
import { TRANSPARENT_GIF } from '../routes/tracking';
import { STORY_URL, hrefsOf, pathOf, PUBLIC_URL, startTrackingHarness } from './tracking-test-support';
import type { TrackingHarness } from './tracking-test-support';

// Metrics count people: through the platform's HTTP API on loopback, a HEAD of the pixel
// or a link records nothing, and a scanner's click, a click within seconds of delivery and
// a burst on every link are kept as machine activity: absent from the figures by default,
// present with activity=all. The rollups stay what a recount from the events gives, also
// after a burst turned earlier clicks into machine ones.

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const PROOFPOINT = 'Mozilla/5.0 (compatible; Proofpoint URL Defense)';

let h: TrackingHarness;
let base: string;
let letterId: number;
let email: (name: string) => string;

beforeAll(async () => {
  h = await startTrackingHarness();
  base = await h.app.listen({ host: '127.0.0.1', port: 0 });
  const audience = await h.audience(['reader', 'scanned', 'early', 'burst', 'swarm', 'quiet']);
  email = audience.email;
  letterId = (await h.sendLetter(audience.segmentId)).id!;
  // Everyone's email went out a minute ago but 'early's, just now.
  await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute' WHERE letter_id = ${letterId} AND email <> ${email('early')}`.execute(h.t.db);
  await sql`UPDATE letter_recipients SET sent_at = now() WHERE letter_id = ${letterId} AND email = ${email('early')}`.execute(h.t.db);
});
afterAll(async () => {
  await h?.close();
});

/** The reader's tracked links (one per distinct address, in the email's order) and pixel, on the loopback server. */
function emailOf(name: string) {
  const mail = h.mailTo(email(name));
  const links = [...new Set(hrefsOf(mail).filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`)))].map((href) => `${base}${pathOf(href)}`);
  const pixel = /src="(https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]+\.gif)"/.exec(String(mail.mail.html))![1]!;
  return { links, pixel: `${base}${pathOf(pixel)}` };
}

const follow = (url: string, userAgent = CHROME, method = 'GET') => fetch(url, { method, headers: { 'user-agent': userAgent }, redirect: 'manual' });

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${base}${path}`, { headers: h.editor });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

const metrics = async (query = '') =>
  (await api<EditionMetricsResponse>(`${platformPaths.letterMetrics(h.weekly.channelId, letterId)}${query}`)).items[0]!;

async function clicksOf(name: string) {
  return h.t.db
    .selectFrom('recipientClicks')
    .innerJoin('letterRecipients', (join) =>
      join.onRef('letterRecipients.letterId', '=', 'recipientClicks.letterId').onRef('letterRecipients.subscriberId', '=', 'recipientClicks.subscriberId'),
    )
    .select(['recipientClicks.position', 'recipientClicks.machineReason'])
    .where('recipientClicks.letterId', '=', letterId)
    .where('letterRecipients.email', '=', email(name))
    .orderBy('recipientClicks.id')
    .execute();
}

/** Every rollup of the letter: kept as events came, then the same counted again from the events. */
async function rollups() {
  const read = async () => ({
    counters: (await sql`SELECT * FROM letter_report_counters WHERE letter_id = ${letterId}`.execute(h.t.db)).rows,
    hours: (await sql`SELECT * FROM letter_report_hours WHERE letter_id = ${letterId} ORDER BY hour`.execute(h.t.db)).rows,
    links: (await sql`SELECT position, uniques, total, uniques_all, total_all FROM letter_links WHERE letter_id = ${letterId} ORDER BY position`.execute(h.t.db))
      .rows,
    linkReaders: (await sql`SELECT * FROM recipient_link_clicks WHERE letter_id = ${letterId} ORDER BY subscriber_id, position`.execute(h.t.db)).rows,
    readers: (
      await sql`SELECT subscriber_id, opens, first_confirmed_open_at, clicks, first_clicked_at, last_clicked_at, clicks_all, first_clicked_at_all
        FROM letter_recipients WHERE letter_id = ${letterId} ORDER BY subscriber_id`.execute(h.t.db)
    ).rows,
  });
  const kept = await read();
  await rebuildReportRollups(h.t.db, [letterId]);
  return { kept, recounted: await read() };
}

describe('HEAD requests', () => {
  it('answer like GET without a body and record nothing', async () => {
    const { links, pixel } = emailOf('quiet');
    const image = await follow(pixel, CHROME, 'HEAD');
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/gif');
    expect(image.headers.get('content-length')).toBe(String(TRANSPARENT_GIF.length));
    expect(image.headers.get('cache-control')).toBe('no-store, private');
    expect((await image.arrayBuffer()).byteLength).toBe(0);
    const link = await follow(links[0]!, CHROME, 'HEAD');
    expect(link.status).toBe(302);
    expect(link.headers.get('location')).toBe(STORY_URL);

    const quiet = await h.t.db.selectFrom('letterRecipients').selectAll().where('letterId', '=', letterId).where('email', '=', email('quiet')).executeTakeFirstOrThrow();
    expect(quiet).toMatchObject({ opens: 0, clicks: 0, clicksAll: 0, firstOpenedAt: null });
    expect(await clicksOf('quiet')).toEqual([]);
    expect(await metrics('?activity=all')).toMatchObject({ opensUnique: 0, clicksUnique: 0 });
  });
});

describe('machine clicks', () => {
  it('keep a scanner’s, an early and a burst’s clicks as machine activity, out of the people figures', async () => {
    // A reader: one click, counted everywhere.
    const reader = emailOf('reader');
    expect((await follow(reader.links[0]!)).headers.get('location')).toBe(STORY_URL);
    // A security gateway's scanner by its agent, and a click seconds after delivery.
    expect((await follow(emailOf('scanned').links[0]!, PROOFPOINT)).status).toBe(302);
    expect((await follow(emailOf('early').links[0]!)).status).toBe(302);
    // A scanner behind a browser's agent following every link at once: the first two pass
    // for a reader's (the first also confirms the open), the third gives the burst away.
    const burst = emailOf('burst');
    expect(burst.links.length).toBeGreaterThanOrEqual(3);
    await follow(burst.links[0]!);
    await follow(burst.links[1]!);
    expect(await metrics()).toMatchObject({ clicksUnique: 2, opensUniqueConfirmed: 2 });
    await follow(burst.links[2]!);

    expect(await clicksOf('reader')).toEqual([{ position: 1, machineReason: null }]);
    expect(await clicksOf('scanned')).toEqual([{ position: 1, machineReason: 'agent' }]);
    expect(await clicksOf('early')).toEqual([{ position: 1, machineReason: 'early' }]);
    expect((await clicksOf('burst')).map((click) => click.machineReason)).toEqual(['burst', 'burst', 'burst']);

    // People: the reader alone; their click confirms their open, the burst's no longer does.
    expect(await metrics()).toMatchObject({ clicksUnique: 1, opensUniqueConfirmed: 1 });
    expect(await metrics('?activity=people')).toMatchObject({ clicksUnique: 1 });
    expect(await metrics('?activity=all')).toMatchObject({ clicksUnique: 4, opensUniqueConfirmed: 1 });

    const links = async (query = '') => (await api<ClickLinksResponse>(`${platformPaths.letterMetricsClicks(h.weekly.channelId, letterId)}${query}`)).items;
    expect((await links()).find((link) => link.url === STORY_URL)).toEqual({ url: STORY_URL, uniques: 1, total: 1 });
    expect((await links('?activity=all')).find((link) => link.url === STORY_URL)).toEqual({ url: STORY_URL, uniques: 4, total: 4 });
    expect((await links()).reduce((sum, link) => sum + link.total, 0)).toBe(1);
    expect((await links('?activity=all')).reduce((sum, link) => sum + link.total, 0)).toBe(6);

    const report = (query = '') => api<EditionReportResponse>(`${platformPaths.report(h.weekly.brand, h.weekly.channel, letterId)}${query}`);
    expect((await report()).items[0]!.metrics.clicksUnique).toBe(1);
    expect((await report('?activity=all')).items[0]!.metrics.clicksUnique).toBe(4);
    const hours = async (query = '') => (await api<HourPerformanceResponse>(`${platformPaths.reportHourPerformance(h.weekly.brand, h.weekly.channel, letterId)}${query}`)).items;
    const sum = (rows: HourPerformanceResponse['items'], key: 'clicks' | 'uniqueClicks') => rows.reduce((total, row) => total + row[key], 0);
    expect([sum(await hours(), 'clicks'), sum(await hours(), 'uniqueClicks')]).toEqual([1, 1]);
    expect([sum(await hours('?activity=all'), 'clicks'), sum(await hours('?activity=all'), 'uniqueClicks')]).toEqual([6, 4]);

    // The dashboards read the same rollups.
    const today = new Date().toISOString().slice(0, 10);
    const period = `from=${today}&to=${today}`;
    const dashboard = (query: string) => api<DashboardLettersResponse>(`${platformPaths.dashboardLetters(h.weekly.brand, h.weekly.channel)}?${query}`);
    const row = async (query: string) => (await dashboard(query)).items.find((item) => item.id === letterId)!;
    expect((await row(period)).clicks).toBe(1);
    expect((await row(`${period}&activity=all`)).clicks).toBe(4);
    const audience = async (query: string) =>
      (await api<AudienceResponse>(`${platformPaths.dashboardAudience(h.weekly.brand, h.weekly.channel)}?${query}`)).items.find((day) => day.day === today)!;
    expect(await audience(period)).toMatchObject({ clicks: 1, uniqueClicks: 1 });
    expect(await audience(`${period}&activity=all`)).toMatchObject({ clicks: 6, uniqueClicks: 4 });

    const { kept, recounted } = await rollups();
    expect(kept).toEqual(recounted);
  });

  it('finds a burst whose clicks arrive all at once, whichever commits last', async () => {
    const swarm = emailOf('swarm');
    await Promise.all(swarm.links.map((url) => follow(url)));
    expect((await clicksOf('swarm')).map((click) => click.machineReason)).toEqual(swarm.links.map(() => 'burst'));
    expect(await metrics()).toMatchObject({ clicksUnique: 1, opensUniqueConfirmed: 1 });
    expect(await metrics('?activity=all')).toMatchObject({ clicksUnique: 5 });
    const { kept, recounted } = await rollups();
    expect(kept).toEqual(recounted);
  });

  it('refuses an activity it does not know, with the reason', async () => {
    const response = await fetch(`${base}${platformPaths.letterMetrics(h.weekly.channelId, letterId)}?activity=robots`, { headers: h.editor });
    expect(response.status).toBe(422);
    expect(JSON.stringify(await response.json())).toContain(ACTIVITY_MESSAGE);
  });
});
