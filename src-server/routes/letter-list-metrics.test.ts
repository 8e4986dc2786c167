import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { LetterListMetricsResponseSchema } from '../../shared/contract/platform-letter-list-metrics';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { PUBLIC_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// The letters list's counts after a real scheduled send: two readers, one of whom opens
// (confirmed) and clicks, plus a draft never sent, asked for in one call.

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

let h: TrackingHarness;
let rival: Rival;
let sentId: number;
let draftId: number;

const listMetrics = (query: string, headers = h.editor, brand = 'demo', channel = 'weekly') =>
  h.app.inject({ method: 'GET', url: `${platformPaths.letterListMetrics(brand, channel)}?${query}`, headers });

beforeAll(async () => {
  h = await startTrackingHarness();
  rival = await createRival(h.t);
  const audience = await h.audience(['ann', 'ben']);
  sentId = (await h.sendLetter(audience.segmentId)).id!;
  draftId = (await h.draftLetter()).id!;
  await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute' WHERE letter_id = ${sentId}`.execute(h.t.db);
  const html = String(h.mailTo(audience.email('ann')).mail.html);
  const pixel = pathOf(/src="(https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]+\.gif)"/.exec(html)![1]!);
  expect((await h.app.inject({ method: 'GET', url: pixel, headers: { 'user-agent': CHROME } })).statusCode).toBe(200);
  const link = hrefsOf(h.mailTo(audience.email('ann'))).find((href) => href.startsWith(`${PUBLIC_URL}/t/c/`))!;
  expect((await h.app.inject({ method: 'GET', url: pathOf(link), headers: { 'user-agent': CHROME } })).statusCode).toBe(302);
});
afterAll(async () => {
  await h?.close();
});

describe('GET /api/brands/:brand/channels/:channel/letters/metrics', () => {
  it('counts recipients, opens and clicks of each letter asked for, zeros for one never sent', async () => {
    const response = await listMetrics(`ids[]=${sentId}&ids[]=${draftId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(LetterListMetricsResponseSchema.parse(response.json()).items).toEqual([
      { id: sentId, sent: 2, accepted: 2, delivered: 2, opensUnique: 1, opensUniqueConfirmed: 1, clicksUnique: 1 },
      { id: draftId, sent: 0, accepted: 0, delivered: 0, opensUnique: 0, opensUniqueConfirmed: 0, clicksUnique: 0 },
    ].sort((a, b) => a.id - b.id));
  });

  it('leaves out deleted letters and letters of other channels', async () => {
    const deleted = await h.draftLetter();
    const removal = await h.app.inject({ method: 'DELETE', url: platformPaths.letter('demo', 'weekly', deleted.id!), headers: h.editor });
    expect(removal.statusCode).toBe(204);
    const response = await listMetrics(`ids[]=${deleted.id}&ids[]=${sentId}`);
    expect(response.json().items.map((item: { id: number }) => item.id)).toEqual([sentId]);
  });

  it('refuses a request naming no letter, or a malformed id, with a clear message', async () => {
    const none = await listMetrics('');
    expect(none.statusCode).toBe(422);
    expect(none.body).toContain('Name at least one letter.');
    const bad = await listMetrics('ids[]=abc');
    expect([400, 422]).toContain(bad.statusCode);
  });

  it("tells another tenant nothing about this brand's letters", async () => {
    const response = await listMetrics(`ids[]=${sentId}`, rival.headers);
    expect([403, 404]).toContain(response.statusCode);
    const own = await listMetrics(`ids[]=${sentId}`, rival.headers, 'rival', 'daily');
    expect(own.statusCode).toBe(200);
    expect(own.json().items).toEqual([]);
  });
});
