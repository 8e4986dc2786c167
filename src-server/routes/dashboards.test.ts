import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  ActiveSubscribersResponseSchema,
  AudienceResponseSchema,
  CHANNEL_SLUG_REQUIRED_MESSAGE,
  DASHBOARD_CHANNEL_MESSAGE,
  DashboardLettersResponseSchema,
  ORGANIZATION_SLUG_REQUIRED_MESSAGE,
} from '../../shared/contract/platform-dashboards';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { PUBLIC_URL, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// The dashboards after a real scheduled send over loopback SMTP, with opens and a click
// through the real tracking addresses, and a reader who unsubscribes.

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

let h: TrackingHarness;
let rival: Rival;
let letterId: number;
let laterId: number;

const get = (url: string, headers: Record<string, string> = h.editor as unknown as Record<string, string>) =>
  h.app.inject({ method: 'GET', url, headers });
const ok = async (url: string) => {
  const response = await get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const period = () => `?from=${daysAgo(6)}&to=${today()}`;
const activeNow = async (slug: string) => {
  const row = await sql<{ n: string }>`
    SELECT count(*) AS n FROM subscribers s JOIN channels c ON c.id = s.channel_id JOIN organizations o ON o.id = c.organization_id
    WHERE o.slug = ${slug} AND s.status = 'active'`.execute(h.t.db);
  return Number(row.rows[0]!.n);
};

beforeAll(async () => {
  h = await startTrackingHarness();
  rival = await createRival(h.t);
  const audience = await h.audience(['ada', 'bob', 'cy']);
  letterId = (await h.sendLetter(audience.segmentId, { title: 'Dashboard letter' })).id!;
  await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute' WHERE letter_id = ${letterId}`.execute(h.t.db);
  const html = (name: string) => String(h.mailTo(audience.email(name)).mail.html);
  const pixel = (name: string) => pathOf(/src="(https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]+\.gif)"/.exec(html(name))![1]!);
  const click = (name: string) => pathOf(/href="(https:\/\/letters\.example\.com\/t\/c\/[^"]+)"/.exec(html(name))![1]!.replaceAll('&amp;', '&'));
  expect((await h.app.inject({ method: 'GET', url: pixel('ada'), headers: { 'user-agent': CHROME } })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'GET', url: pixel('bob'), headers: { 'user-agent': CHROME } })).statusCode).toBe(200);
  expect((await h.app.inject({ method: 'GET', url: click('ada'), headers: { 'user-agent': CHROME } })).statusCode).toBe(302);
  await h.t.db.updateTable('subscribers').set({ status: 'unsubscribed' }).where('email', '=', audience.email('cy')).execute();
  laterId = (await h.sendLetter((await h.audience(['dan'])).segmentId, { title: 'Later letter' })).id!;
  expect(PUBLIC_URL).toContain('letters.example.com');
});
afterAll(async () => {
  await h.close();
});

describe('letters', () => {
  it("lists the period's sent letters with counts and rates from the rollups, and totals", async () => {
    const page = DashboardLettersResponseSchema.parse(await ok(`${platformPaths.dashboardLetters('demo')}${period()}`));
    const letter = page.items.find((item) => item.id === letterId)!;
    expect(letter).toMatchObject({ title: 'Dashboard letter', channelSlug: 'weekly', organizationSlug: 'demo', sent: 3, delivered: 3, opens: 2, clicks: 1 });
    expect(letter.openRate).toBe(66.7);
    expect(letter.clickRate).toBe(33.3);
    expect(page.totals.sent).toBeGreaterThanOrEqual(3);
    expect(page.total).toBe(page.items.length);
    const channel = DashboardLettersResponseSchema.parse(await ok(`${platformPaths.dashboardLetters('demo', 'weekly')}${period()}`));
    expect(channel.items.map((item) => item.id)).toContain(letterId);
  });

  it('leaves out letters sent before the period', async () => {
    const page = DashboardLettersResponseSchema.parse(await ok(`${platformPaths.dashboardLetters('demo')}?from=2020-01-01&to=2020-01-31`));
    expect(page).toMatchObject({ items: [], total: 0, totals: { sent: 0, openRate: 0 } });
  });

  it('pages the letters by send date in both directions, and the POST filter agrees', async () => {
    const desc = DashboardLettersResponseSchema.parse(await ok(`${platformPaths.organizationLettersMetrics('demo')}?direction=desc`));
    const asc = DashboardLettersResponseSchema.parse(await ok(`${platformPaths.organizationLettersMetrics('demo')}?direction=asc`));
    expect(asc.items.map((item) => item.id)).toEqual([...desc.items].reverse().map((item) => item.id));
    expect(desc.items[0]!.id).toBe(laterId);
    expect(asc.items.indexOf(asc.items.find((item) => item.id === letterId)!)).toBeLessThan(asc.items.findIndex((item) => item.id === laterId));
    const mine = DashboardLettersResponseSchema.parse(await ok(platformPaths.myLettersMetrics()));
    expect(mine.items.map((item) => item.id)).toContain(letterId);
    const posted = await h.app.inject({
      method: 'POST',
      url: platformPaths.organizationLettersMetricsFiltered('demo'),
      headers: h.editor,
      payload: { from: daysAgo(1), to: today(), channels: ['weekly'] },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(DashboardLettersResponseSchema.parse(posted.json()).items.map((item) => item.id)).toContain(letterId);
  });
});

describe('audience', () => {
  it("counts today's opens and clicks, and zero on days without any", async () => {
    const days = AudienceResponseSchema.parse(await ok(`${platformPaths.dashboardAudience('demo', 'weekly')}${period()}`)).items;
    expect(days).toHaveLength(7);
    expect(days.at(-1)).toMatchObject({ day: today(), opens: 2, clicks: 1, uniqueOpens: 2, uniqueClicks: 1 });
    expect(days[0]).toMatchObject({ opens: 0, clicks: 0 });
  });
});

describe('active subscribers', () => {
  it("ends the period at the organization's active readers, with today's joins and the unsubscribe", async () => {
    const answer = ActiveSubscribersResponseSchema.parse(await ok(`${platformPaths.dashboardActiveSubscribers('demo')}${period()}`));
    expect(answer.items).toHaveLength(7);
    const last = answer.items.at(-1)!;
    expect(last.active).toBe(await activeNow('demo'));
    expect(last.subscribed).toBeGreaterThanOrEqual(3);
    expect(last.unsubscribed).toBe(1);
    expect(last.netGrowth).toBe(last.subscribed - 1);
    expect(answer.totals.active).toBe(last.active);
  });

  it('narrows to the channels named, and refuses a channel of another organization', async () => {
    const weekly = ActiveSubscribersResponseSchema.parse(
      await ok(`${platformPaths.dashboardActiveSubscribers('demo')}${period()}&channels[]=weekly`),
    );
    const active = await sql<{ n: string }>`SELECT count(*) AS n FROM subscribers WHERE channel_id = ${h.weekly.channelId} AND status = 'active'`.execute(h.t.db);
    expect(weekly.totals.active).toBe(Number(active.rows[0]!.n));
    const refused = await get(`${platformPaths.dashboardActiveSubscribers('demo')}${period()}&channels[]=daily`);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.channels).toEqual([DASHBOARD_CHANNEL_MESSAGE]);
  });
});

describe('rules', () => {
  it("answers 'Organization slug is required' without a slug", async () => {
    const response = await get(`${platformPaths.dashboardLetters('')}${period()}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe(ORGANIZATION_SLUG_REQUIRED_MESSAGE);
    const channel = await get(`${platformPaths.dashboardAudience('demo', '')}${period()}`);
    expect(channel.statusCode).toBe(422);
    expect(channel.json().message).toBe(CHANNEL_SLUG_REQUIRED_MESSAGE);
  });

  it('refuses bad periods with a message', async () => {
    for (const query of ['?from=2026-02-30&to=2026-03-01', `?from=${today()}&to=${daysAgo(1)}`, '?from=2020-01-01&to=2026-01-01', '']) {
      expect((await get(`${platformPaths.dashboardAudience('demo')}${query}`)).statusCode, query).toBe(422);
    }
  });

  it("answers another tenant 403 and an unknown organization or channel 404, never the numbers", async () => {
    const rivalHeaders = rival.headers;
    expect((await get(`${platformPaths.dashboardLetters('demo')}${period()}`, rivalHeaders)).statusCode).toBe(403);
    expect((await get(`${platformPaths.dashboardAudience('demo', 'weekly')}${period()}`, rivalHeaders)).statusCode).toBe(403);
    // Access is decided before the query is read: no period at all still answers 403.
    expect((await get(platformPaths.dashboardAudience('demo'), rivalHeaders)).statusCode).toBe(403);
    const posted = await h.app.inject({ method: 'POST', url: platformPaths.organizationLettersMetricsFiltered('demo'), headers: rivalHeaders, payload: { from: 'x' } });
    expect(posted.statusCode).toBe(403);
    expect((await get(`${platformPaths.dashboardLetters('nobody')}${period()}`)).statusCode).toBe(404);
    expect((await get(`${platformPaths.dashboardLetters('demo', 'nothing')}${period()}`)).statusCode).toBe(404);
    const theirs = DashboardLettersResponseSchema.parse(await ok.call(null, platformPaths.myLettersMetrics()));
    expect(theirs.items.some((item) => item.organizationSlug === 'rival')).toBe(false);
    const rivalMine = await get(platformPaths.myLettersMetrics(), rivalHeaders);
    expect(rivalMine.statusCode).toBe(200);
    expect(DashboardLettersResponseSchema.parse(rivalMine.json()).items).toEqual([]);
  });
});
