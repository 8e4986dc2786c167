import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { ClickLinksResponseSchema, EditionMetricsResponseSchema } from '../../shared/contract/platform-metrics';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { CREDIT_URL, PUBLIC_URL, STORY_URL, TIDES_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// Edition metrics after a real scheduled send: one address refused by the mail server, a
// reader opening twice and clicking, another whose only open is a privacy proxy's.

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

let h: TrackingHarness;
let rival: Rival;
let letterId: number;
let uniqueId: string;
let people: { email: (name: string) => string };

const get = (url: string, headers: Record<string, string>) => h.app.inject({ method: 'GET', url, headers });
const metricsOf = async (id: number) => {
  const response = await get(platformPaths.letterMetrics(h.weekly.channelId, id), h.editor);
  expect(response.statusCode, response.body).toBe(200);
  return EditionMetricsResponseSchema.parse(response.json()).items;
};
const clicksOf = async (id: number) => {
  const response = await get(platformPaths.letterMetricsClicks(h.weekly.channelId, id), h.editor);
  expect(response.statusCode, response.body).toBe(200);
  return ClickLinksResponseSchema.parse(response.json()).items;
};

beforeAll(async () => {
  h = await startTrackingHarness();
  rival = await createRival(h.t);
  const audience = await h.audience(['ada', 'bob', 'cy']);
  people = audience;
  h.smtp.refuseAddress(audience.email('cy'), 'No such mailbox');
  const sent = await h.sendLetter(audience.segmentId);
  letterId = sent.id!;
  uniqueId = sent.uniqueId;
  // Past the prefetch window, so a reader's own open counts as confirmed.
  await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute' WHERE letter_id = ${letterId}`.execute(h.t.db);

  const tracked = (name: string) => hrefsOf(h.mailTo(audience.email(name))).filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`));
  const pixel = (name: string) => {
    const html = String(h.mailTo(audience.email(name)).mail.html);
    return pathOf(/src="(https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]+\.gif)"/.exec(html)![1]!);
  };
  const ada = { 'user-agent': CHROME };
  expect((await get(pixel('ada'), ada)).statusCode).toBe(200);
  expect((await get(pixel('ada'), ada)).statusCode).toBe(200);
  expect((await get(pixel('bob'), { 'user-agent': 'Mozilla/5.0' })).statusCode).toBe(200);
  const [story, tides] = tracked('ada');
  expect((await get(pathOf(story!), ada)).headers.location).toBe(STORY_URL);
  expect((await get(pathOf(story!), ada)).headers.location).toBe(STORY_URL);
  expect((await get(pathOf(tides!), ada)).headers.location).toBe(TIDES_URL);
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/channels/:channelId/letters/:id/metrics', () => {
  it('counts readers: tried, taken, refused, opened, opened for certain, clicked', async () => {
    expect(await metricsOf(letterId)).toEqual([
      { sent: 3, accepted: 2, bounced: 1, delivered: 2, opensUnique: 2, opensUniqueConfirmed: 1, clicksUnique: 1, unsubscribed: 0 },
    ]);
  });

  // bounced_at and unsubscribed_at are written by the bounce and unsubscribe handling
  // (issue 16, migration 0011); the counts follow the columns whoever writes them.
  it('counts a reader who unsubscribed through this letter, and an email that bounced back after it was taken', async () => {
    const mark = (column: 'unsubscribedAt' | 'bouncedAt', name: string) =>
      h.t.db.updateTable('letterRecipients').set({ [column]: new Date() }).where('letterId', '=', letterId).where('email', '=', people.email(name)).execute();
    await mark('unsubscribedAt', 'bob');
    await mark('bouncedAt', 'ada');
    expect(await metricsOf(letterId)).toEqual([
      { sent: 3, accepted: 2, bounced: 2, delivered: 1, opensUnique: 2, opensUniqueConfirmed: 1, clicksUnique: 1, unsubscribed: 1 },
    ]);
    await h.t.db.updateTable('letterRecipients').set({ bouncedAt: null }).where('letterId', '=', letterId).execute();
    expect((await metricsOf(letterId))[0]).toMatchObject({ bounced: 1, delivered: 2, unsubscribed: 1 });
  });

  it('answers zeros for a letter never sent', async () => {
    const draft = await h.draftLetter();
    expect(await metricsOf(draft.id!)).toEqual([
      { sent: 0, accepted: 0, bounced: 0, delivered: 0, opensUnique: 0, opensUniqueConfirmed: 0, clicksUnique: 0, unsubscribed: 0 },
    ]);
    expect(await clicksOf(draft.id!)).toEqual([]);
  });
});

describe('GET /api/channels/:channelId/letters/:id/metrics/clicks', () => {
  it('lists every tracked link with its readers and clicks, most readers first, then by address', async () => {
    expect(await clicksOf(letterId)).toEqual([
      { url: STORY_URL, uniques: 1, total: 2 },
      { url: TIDES_URL, uniques: 1, total: 1 },
      { url: CREDIT_URL, uniques: 0, total: 0 },
    ]);
  });
});

describe('GET /api/channels/:slug/letters/:uniqueId/edition-metrics and /edition-metrics/clicks', () => {
  it('answers the same numbers and links by channel slug and uniqueId', async () => {
    const metrics = await get(platformPaths.editionMetrics('weekly', uniqueId), h.editor);
    expect(metrics.statusCode, metrics.body).toBe(200);
    expect(EditionMetricsResponseSchema.parse(metrics.json()).items).toEqual(await metricsOf(letterId));
    const clicks = await get(platformPaths.editionMetricsClicks('weekly', uniqueId), h.editor);
    expect(clicks.statusCode, clicks.body).toBe(200);
    expect(ClickLinksResponseSchema.parse(clicks.json()).items).toEqual(await clicksOf(letterId));
  });

  it('answers 404 for an unknown uniqueId or channel, 401 without a token', async () => {
    expect((await get(platformPaths.editionMetrics('weekly', 'no-such-letter'), h.editor)).statusCode).toBe(404);
    expect((await get(platformPaths.editionMetricsClicks('nowhere', uniqueId), h.editor)).statusCode).toBe(404);
    expect((await get(platformPaths.editionMetrics('weekly', uniqueId), {})).statusCode).toBe(401);
  });
});

describe('another tenant', () => {
  it('is refused both calls and learns nothing', async () => {
    const paths = [
      platformPaths.letterMetrics(h.weekly.channelId, letterId),
      platformPaths.letterMetricsClicks(h.weekly.channelId, letterId),
      platformPaths.editionMetrics('weekly', uniqueId),
      platformPaths.editionMetricsClicks('weekly', uniqueId),
    ];
    for (const path of paths) {
      const response = await get(path, rival.headers);
      expect([403, 404], response.body).toContain(response.statusCode);
      expect(response.body).not.toContain('example.com');
    }
  });

  it('finds no letter of another channel under its own channel', async () => {
    const ownChannelId = rival.account.channelId;
    const response = await get(platformPaths.letterMetrics(ownChannelId, letterId), rival.headers);
    expect(response.statusCode).toBe(404);
  });
});
