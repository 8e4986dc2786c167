import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  EditionReportResponseSchema,
  HourPerformanceResponseSchema,
  OpensByCountryResponseSchema,
  TopLinksResponseSchema,
  UserActivityResponseSchema,
} from '../../shared/contract/platform-reports';
import type { AbTestMetrics } from '../../shared/model/letter';
import { toJson } from '../db/database';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { CREDIT_URL, PUBLIC_URL, STORY_URL, TIDES_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';
import { REPORT_CSV_RANGE_MESSAGE, REPORT_CSV_TYPE_MESSAGE } from './edition-reports';

// An edition's report after a real scheduled send over loopback SMTP, with opens and clicks
// made through the real tracking addresses from addresses in two countries and one unknown.

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const UK_ADDRESS = '81.2.69.142';
const US_ADDRESS = '2001:4860:4860::8888';

let h: TrackingHarness;
let rival: Rival;
let letterId: number;
let people: { email: (name: string) => string };

const get = (url: string, headers: Record<string, string>, remoteAddress = '127.0.0.1') =>
  h.app.inject({ method: 'GET', url, headers, remoteAddress });
const base = () => ({ b: 'demo', c: 'weekly' });
const ok = async (url: string) => {
  const response = await get(url, h.editor);
  expect(response.statusCode, response.body).toBe(200);
  return response;
};
const report = async () => EditionReportResponseSchema.parse((await ok(platformPaths.report(base().b, base().c, letterId))).json()).items[0]!;
const activity = async (query = '') =>
  UserActivityResponseSchema.parse((await ok(`${platformPaths.reportUserActivity(base().b, base().c, letterId)}${query}`)).json());
const csv = (type: string, query = '') => get(`${platformPaths.reportCsv(base().b, base().c, letterId, type)}${query}`, h.editor);
/** A CSV's records, each a list of cells (no quoted line breaks in these files). */
const records = (body: string) =>
  body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
/** An instant as the CSVs write it on the channel's clock (the demo channel is in New York). */
const onNewYorkClock = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', { timeZone: 'America/New_York', dateStyle: 'short', timeStyle: 'medium' }).format(at);

beforeAll(async () => {
  h = await startTrackingHarness();
  rival = await createRival(h.t);
  const audience = await h.audience(['ada', 'bob', 'cy', 'dee', 'eve']);
  people = audience;
  await h.t.db.updateTable('subscribers').set({ firstName: 'Ada', lastName: 'Lovelace, Countess' }).where('email', '=', audience.email('ada')).execute();
  await h.t.db.updateTable('subscribers').set({ firstName: '=cmd()', lastName: 'Bob' }).where('email', '=', audience.email('bob')).execute();
  h.smtp.refuseAddress(audience.email('cy'), 'No such mailbox');
  letterId = (await h.sendLetter(audience.segmentId)).id!;
  // Past the prefetch window, so a reader's own open counts as confirmed.
  await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute' WHERE letter_id = ${letterId}`.execute(h.t.db);

  const tracked = (name: string) => hrefsOf(h.mailTo(audience.email(name))).filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`));
  const pixel = (name: string) => {
    const html = String(h.mailTo(audience.email(name)).mail.html);
    return pathOf(/src="(https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]+\.gif)"/.exec(html)![1]!);
  };
  const browser = { 'user-agent': CHROME };
  expect((await get(pixel('ada'), browser, UK_ADDRESS)).statusCode).toBe(200);
  expect((await get(pixel('ada'), browser, US_ADDRESS)).statusCode).toBe(200);
  expect((await get(pixel('bob'), browser, US_ADDRESS)).statusCode).toBe(200);
  expect((await get(pixel('dee'), { 'user-agent': 'Mozilla/5.0' })).statusCode).toBe(200);
  const [story, tides] = tracked('ada');
  expect((await get(pathOf(story!), browser, UK_ADDRESS)).headers.location).toBe(STORY_URL);
  expect((await get(pathOf(story!), browser, UK_ADDRESS)).headers.location).toBe(STORY_URL);
  expect((await get(pathOf(tides!), browser, UK_ADDRESS)).headers.location).toBe(TIDES_URL);
  expect((await get(pathOf(tracked('bob')[1]!), browser, US_ADDRESS)).headers.location).toBe(TIDES_URL);
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/brands/:brand/channels/:channel/letters/:id/metrics', () => {
  it('answers the counts, no A/B results for a letter without a test, and the letter facts', async () => {
    const head = await report();
    expect(head.metrics).toEqual({
      sent: 5, accepted: 4, bounced: 1, delivered: 4, opensUnique: 3, opensUniqueConfirmed: 2, clicksUnique: 2, unsubscribed: 0,
    });
    expect(head.abTestMetrics).toBeNull();
    const firstSent = await h.t.db.selectFrom('letterRecipients').select((eb) => eb.fn.min('sentAt').as('at')).where('letterId', '=', letterId).executeTakeFirstOrThrow();
    expect(head.letter).toMatchObject({
      id: letterId,
      hasAbTest: false,
      esp: 0,
      // Sent to a segment, the letter is private by default: it has no public page.
      publicUrl: null,
      timezone: 'America/New_York',
      sentAt: new Date(firstSent.at as Date).toISOString(),
    });
    // Made public by the editor, its report links to its page.
    const made = await h.app.inject({ method: 'POST', url: platformPaths.updatePrivate('weekly', letterId), headers: h.editor, payload: { private: false } });
    expect(made.statusCode, made.body).toBe(200);
    expect((await report()).letter.publicUrl).toBe(`${PUBLIC_URL}/weekly/${letterId}`);
  });

  it('answers the A/B results as the A/B send stored them, and no public page for a private letter', async () => {
    const stored: AbTestMetrics = {
      winner: 'B', acceptA: 2, acceptB: 2, openA: 1, openB: 2, openRateA: 50, openRateB: 100, sampleSize: 4, variantRecipientsCount: '-',
    };
    await h.t.db.updateTable('letters').set({ hasAbTest: true, abTestMetrics: toJson(stored), private: true }).where('id', '=', letterId).execute();
    try {
      const head = await report();
      expect(head.abTestMetrics).toEqual(stored);
      expect(head.letter.publicUrl).toBeNull();
    } finally {
      await h.t.db.updateTable('letters').set({ hasAbTest: false, abTestMetrics: null, private: false }).where('id', '=', letterId).execute();
    }
  });
});

describe('.../metrics/hour-performance', () => {
  it('answers every hour from the first send to the last event with events and first-time readers', async () => {
    const { items } = HourPerformanceResponseSchema.parse((await ok(platformPaths.reportHourPerformance('demo', 'weekly', letterId))).json());
    expect(items.length).toBeGreaterThanOrEqual(1);
    const sum = (key: 'opens' | 'clicks' | 'uniqueOpens' | 'uniqueClicks') => items.reduce((total, row) => total + row[key], 0);
    // ada twice, bob, dee; ada's clicks, bob's click, and bob's click's confirmed open is not written (he has one).
    expect({ opens: sum('opens'), clicks: sum('clicks'), uniqueOpens: sum('uniqueOpens'), uniqueClicks: sum('uniqueClicks') }).toEqual({
      opens: 4, clicks: 4, uniqueOpens: 3, uniqueClicks: 2,
    });
    const hours = items.map((row) => Date.parse(row.hour));
    hours.forEach((hour, i) => i > 0 && expect(hour - hours[i - 1]!).toBe(3_600_000));
    const head = await report();
    expect(items[0]!.hour).toBe(new Date(Math.floor(Date.parse(head.letter.sentAt!) / 3_600_000) * 3_600_000).toISOString());
  });

  it('answers no hours for a letter never sent', async () => {
    const draft = await h.draftLetter();
    const { items } = HourPerformanceResponseSchema.parse((await ok(platformPaths.reportHourPerformance('demo', 'weekly', draft.id!))).json());
    expect(items).toEqual([]);
  });
});

describe('.../metrics/opens-by-country', () => {
  it("counts readers by their first open's country, 'Unknown' where none", async () => {
    const { items } = OpensByCountryResponseSchema.parse((await ok(platformPaths.reportOpensByCountry('demo', 'weekly', letterId))).json());
    expect(items).toEqual([
      { countryCode: 'GB', country: 'United Kingdom', readers: 1 },
      { countryCode: 'US', country: 'United States', readers: 1 },
      { countryCode: null, country: 'Unknown', readers: 1 },
    ]);
  });

  it('keeps no address, only the country', async () => {
    const columns = await sql<{ column_name: string }>`
      SELECT column_name FROM information_schema.columns WHERE table_name IN ('recipient_opens', 'recipient_clicks', 'letter_recipients')`.execute(h.t.db);
    expect(columns.rows.map((row) => row.column_name).filter((name) => /ip|address/i.test(name))).toEqual([]);
  });
});

describe('.../metrics/top-links-clicked', () => {
  it('lists links with readers and clicks, most readers first', async () => {
    const body = TopLinksResponseSchema.parse((await ok(platformPaths.reportTopLinks('demo', 'weekly', letterId))).json());
    expect(body).toEqual({
      legacy: false,
      items: [
        { url: TIDES_URL, uniques: 2, total: 2 },
        { url: STORY_URL, uniques: 1, total: 2 },
        { url: CREDIT_URL, uniques: 0, total: 0 },
      ],
    });
  });

  it('answers the legacy shape for a letter published before 2023-12-15', async () => {
    const row = await h.t.db.selectFrom('letters').select(['publicationDate']).where('id', '=', letterId).executeTakeFirstOrThrow();
    await h.t.db.updateTable('letters').set({ publicationDate: '2023-12-14 09:00:00' }).where('id', '=', letterId).execute();
    try {
      const body = TopLinksResponseSchema.parse((await ok(platformPaths.reportTopLinks('demo', 'weekly', letterId))).json());
      expect(body).toEqual({
        legacy: true,
        items: [
          { url: STORY_URL, clicks: 2 },
          { url: TIDES_URL, clicks: 2 },
          { url: CREDIT_URL, clicks: 0 },
        ],
      });
    } finally {
      await h.t.db.updateTable('letters').set({ publicationDate: row.publicationDate }).where('id', '=', letterId).execute();
    }
  });
});

describe('.../metrics/user-activity', () => {
  it('pages every recipient, most recent activity first, with what each did', async () => {
    const all = await activity();
    expect(all.total).toBe(5);
    expect(all.items.map((item) => item.email.split('.')[0])).toEqual(['bob', 'ada', 'dee', 'eve', 'cy']);
    expect(all.items[1]).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace, Countess', opens: 2, clicks: 3, bounced: false, variant: null });
    expect(all.items[4]).toMatchObject({ opens: 0, clicks: 0, bounced: true, sentAt: null });
    const second = await activity('?page=2&pageSize=2');
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.items.map((item) => item.email)).toEqual(all.items.slice(2, 4).map((item) => item.email));
  });

  it('filters and searches, with the total of what is kept', async () => {
    const names = async (query: string) => {
      const page = await activity(query);
      return { total: page.total, names: page.items.map((item) => item.email.split('.')[0]).sort() };
    };
    expect(await names('?filter=opened')).toEqual({ total: 3, names: ['ada', 'bob', 'dee'] });
    expect(await names('?filter=clicked')).toEqual({ total: 2, names: ['ada', 'bob'] });
    expect(await names('?filter=not-opened')).toEqual({ total: 1, names: ['eve'] });
    expect(await names('?filter=bounced')).toEqual({ total: 1, names: ['cy'] });
    expect(await names('?filter=unsubscribed')).toEqual({ total: 0, names: [] });
    expect(await names('?search=LOVELACE')).toEqual({ total: 1, names: ['ada'] });
    expect(await names('?search=eve.')).toEqual({ total: 1, names: ['eve'] });
    expect(await names('?filter=clicked&search=dee')).toEqual({ total: 0, names: [] });
    expect(await names('?search=%25')).toEqual({ total: 0, names: [] });
  });

  it('refuses a bad page, page size or filter with field messages and 422', async () => {
    for (const query of ['?page=0', '?pageSize=501', '?filter=everyone']) {
      const response = await get(`${platformPaths.reportUserActivity('demo', 'weekly', letterId)}${query}`, h.editor);
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors)).toHaveLength(1);
    }
  });

  it('downloads as CSV every recipient the filter keeps', async () => {
    const response = await get(`${platformPaths.reportUserActivityCsv('demo', 'weekly', letterId)}?filter=opened`, h.editor);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="weekly-letter-${letterId}-user-activity.csv"`);
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'Email,First name,Last name,Variant,Status,Sent at (America/New_York),First opened at (America/New_York),Opens,Last clicked at (America/New_York),Clicks,Bounced,Unsubscribed,Country of first open',
    );
    expect(lines.filter((line) => line !== '')).toHaveLength(4);
    // A comma is quoted, a formula is made text.
    expect(lines.find((line) => line.startsWith(people.email('ada')))).toContain(',Ada,"Lovelace, Countess",,sent,');
    expect(lines.find((line) => line.startsWith(people.email('bob')))).toContain(",'=cmd(),Bob,");
    expect(lines.find((line) => line.startsWith(people.email('ada')))).toMatch(/,2,.*,3,no,no,United Kingdom$/);
  });
});

describe('.../metrics/download/csv/:type', () => {
  it('streams the opens with times on the channel clock, bounded by from and to on that clock', async () => {
    const response = await csv('opens');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="weekly-letter-${letterId}-opens.csv"`);
    const rows = records(response.body);
    expect(rows[0]).toEqual(['Email', 'Opened at (America/New_York)', 'Confirmed', 'Country', 'User agent']);
    expect(rows).toHaveLength(5);
    const opens = await h.t.db.selectFrom('recipientOpens').select(['openedAt']).where('letterId', '=', letterId).orderBy('id').execute();
    expect(rows.slice(1).map((row) => row[1])).toEqual(opens.map((open) => onNewYorkClock(open.openedAt)));
    expect(rows[1]!.slice(0, 4)).toEqual([people.email('ada'), rows[1]![1], 'yes', 'United Kingdom']);

    const today = onNewYorkClock(opens[0]!.openedAt).slice(0, 10);
    const dayAfter = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(records((await csv('opens', `?from=${today}&to=${today}`)).body)).toHaveLength(5);
    const later = await csv('opens', `?from=${dayAfter}`);
    expect(later.headers['content-disposition']).toBe(`attachment; filename="weekly-letter-${letterId}-opens-${dayAfter}-to-now.csv"`);
    expect(records(later.body)).toHaveLength(1);
  });

  it('streams clicks, bounces, unsubscribes and every recipient', async () => {
    const clicks = records((await csv('clicks')).body);
    expect(clicks[0]).toEqual(['Email', 'URL', 'Clicked at (America/New_York)']);
    expect(clicks.slice(1).map((row) => row[1])).toEqual([STORY_URL, STORY_URL, TIDES_URL, TIDES_URL]);
    const bounces = records((await csv('bounces')).body);
    expect(bounces.slice(1).map((row) => [row[0], row[2], row[3]])).toEqual([[people.email('cy'), 'Refused at send', '550 No such mailbox']]);
    await h.t.db.updateTable('letterRecipients').set({ unsubscribedAt: new Date() }).where('letterId', '=', letterId).where('email', '=', people.email('eve')).execute();
    const unsubscribes = records((await csv('unsubscribes')).body);
    expect(unsubscribes.slice(1).map((row) => row[0])).toEqual([people.email('eve')]);
    expect(records((await csv('recipients', '?from=2001-01-01&to=2001-01-02')).body)).toHaveLength(6);
  });

  it('refuses an unknown type, a date that does not exist and an end before the start, with 422', async () => {
    const type = await csv('everything');
    expect(type.statusCode).toBe(422);
    expect(type.json()).toMatchObject({ errors: { type: [REPORT_CSV_TYPE_MESSAGE] } });
    const range = await csv('opens', '?from=2026-03-02&to=2026-03-01');
    expect(range.statusCode).toBe(422);
    expect(range.json()).toMatchObject({ errors: { to: [REPORT_CSV_RANGE_MESSAGE] } });
    expect((await csv('opens', '?from=2026-02-30')).statusCode).toBe(422);
    expect((await csv('opens', '?to=yesterday')).statusCode).toBe(422);
  });
});

describe('access', () => {
  const paths = () => [
    platformPaths.report('demo', 'weekly', letterId),
    platformPaths.reportHourPerformance('demo', 'weekly', letterId),
    platformPaths.reportOpensByCountry('demo', 'weekly', letterId),
    platformPaths.reportTopLinks('demo', 'weekly', letterId),
    platformPaths.reportUserActivity('demo', 'weekly', letterId),
    platformPaths.reportUserActivityCsv('demo', 'weekly', letterId),
    platformPaths.reportCsv('demo', 'weekly', letterId, 'recipients'),
  ];

  it('answers 401 without a token', async () => {
    for (const path of paths()) expect((await get(path, {})).statusCode, path).toBe(401);
  });

  it('refuses another tenant and tells it nothing', async () => {
    for (const path of paths()) {
      const response = await get(path, rival.headers);
      expect(response.statusCode, path).toBe(403);
      expect(response.body).not.toContain('example.com');
    }
  });

  it('answers 404 for a letter that is not in the channel, or a channel that is not in the brand', async () => {
    const rivalsOwn = platformPaths.report('rival', 'daily', letterId);
    expect((await get(rivalsOwn, rival.headers)).statusCode).toBe(404);
    expect((await get(platformPaths.report('demo', 'nowhere', letterId), h.editor)).statusCode).toBe(404);
    expect((await get(platformPaths.reportTopLinks('demo', 'weekly', 999_999), h.editor)).statusCode).toBe(404);
  });
});
