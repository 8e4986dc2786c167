import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SegmentSchema } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { publicPagePaths } from '../../shared/contract/public-pages';
import { toJson } from '../db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { audienceSnapshot, channelIdOf, createRival } from '../testing/audience-fixtures';
import { addLinkedSubscriber, linkedSubscriberState } from '../testing/subscriber-link-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The behaviour opt-out link of letters sent to engagement segments: the reader keeps the
// newsletter but drops out of every engagement segment (and only those), and can opt back in.

let t: TestApp;
let editor: { authorization: string };
let weeklyId: number;
let engagementSegmentId: number;
let plainSegmentId: number;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
  const criteria = toJson({ match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'optout-test' }] });
  const segments = await t.db
    .insertInto('segments')
    .values([
      { channelId: weeklyId, name: 'Tagged, by engagement', criteria, isEngagementSegment: true },
      { channelId: weeklyId, name: 'Tagged', criteria, isEngagementSegment: false },
    ])
    .returning(['id', 'isEngagementSegment'])
    .execute();
  engagementSegmentId = segments.find((s) => s.isEngagementSegment)!.id;
  plainSegmentId = segments.find((s) => !s.isEngagementSegment)!.id;
});
afterAll(async () => {
  await t?.close();
});

const optOutUrl = (uniqueId: string, slug = 'weekly') => publicPagePaths.behaviourOptOut(slug, uniqueId);
const undoUrl = (uniqueId: string, slug = 'weekly') => publicPagePaths.undoBehaviourOptOut(slug, uniqueId);
const formActions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]*)">/g)].map((m) => m[1]);

async function segmentTotal(id: number): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: platformPaths.segment('demo', 'weekly', id), headers: editor });
  expect(response.statusCode, response.body).toBe(200);
  return SegmentSchema.parse(response.json()).total;
}

async function allActiveTotal(): Promise<number> {
  const response = await t.app.inject({
    method: 'GET',
    url: `${platformPaths.audienceSegments('demo')}?channels[]=${weeklyId}`,
    headers: editor,
  });
  return (response.json() as { items: Array<{ id: number; total: number }> }).items.find((item) => item.id === 0)!.total;
}

describe('/opt-out/{channelSlug}/{uniqueId}', () => {
  it('GET asks, naming the channel and the masked address, and changes nothing', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'asker@example.com' });
    const before = await audienceSnapshot(t.db);
    const response = await t.app.inject({ method: 'GET', url: optOutUrl(uniqueId) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(response.body).toContain('<h1>Opt out of emails based on your activity?</h1>');
    expect(response.body).toContain('You will keep getting The Weekly at a•••@example.com');
    expect(formActions(response.body)).toEqual([optOutUrl(uniqueId)]);
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });

  it('POST leaves the reader out of engagement segments only; undo brings them back', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'optout@example.com', tags: ['optout-test'] });
    const [engaged, plain, everyone] = [await segmentTotal(engagementSegmentId), await segmentTotal(plainSegmentId), await allActiveTotal()];
    expect(engaged).toBeGreaterThan(0);

    const response = await t.app.inject({ method: 'POST', url: optOutUrl(uniqueId) });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<h1>You&#39;ve opted out of emails based on your activity.</h1>');
    expect(response.body).toContain('You will keep getting The Weekly.');
    expect(formActions(response.body)).toEqual([undoUrl(uniqueId)]);
    expect(await linkedSubscriberState(t.db, uniqueId)).toEqual({ status: 'active', behaviourOptOut: true, unsubscribedByLinkAt: null });
    expect(await segmentTotal(engagementSegmentId)).toBe(engaged - 1);
    expect(await segmentTotal(plainSegmentId)).toBe(plain);
    expect(await allActiveTotal()).toBe(everyone);

    // Again: nothing more changes; the page now says it is done.
    const again = await audienceSnapshot(t.db);
    expect((await t.app.inject({ method: 'POST', url: optOutUrl(uniqueId) })).statusCode).toBe(200);
    expect(await audienceSnapshot(t.db)).toEqual(again);
    expect((await t.app.inject({ method: 'GET', url: optOutUrl(uniqueId) })).body).toContain('You&#39;ve opted out');

    const undo = await t.app.inject({ method: 'POST', url: undoUrl(uniqueId) });
    expect(undo.statusCode).toBe(200);
    expect(undo.body).toContain('<h1>You&#39;re opted back in to emails based on your activity.</h1>');
    expect((await linkedSubscriberState(t.db, uniqueId)).behaviourOptOut).toBe(false);
    expect(await segmentTotal(engagementSegmentId)).toBe(engaged);
  });

  it('answers the neutral 404 page for a link that names no subscriber of that channel, changing nothing', async () => {
    await createRival(t);
    const rivalChannelId = await channelIdOf(t.db, 'rival', 'daily');
    const weeklyReader = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'kept@example.com' });
    const dailyReader = await addLinkedSubscriber(t.db, { channelId: rivalChannelId, email: 'daily@example.com' });
    const before = await audienceSnapshot(t.db);
    for (const [slug, id] of [['weekly', randomUUID()], ['daily', weeklyReader], ['weekly', dailyReader], ['weekly', 'not an id']] as const) {
      for (const [method, url] of [['GET', optOutUrl(id, slug)], ['POST', optOutUrl(id, slug)], ['POST', undoUrl(id, slug)]] as const) {
        const response = await t.app.inject({ method, url });
        expect(response.statusCode, `${method} ${url}`).toBe(404);
        expect(response.body).toContain('<h1>This link is no longer valid.</h1>');
      }
    }
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });
});
