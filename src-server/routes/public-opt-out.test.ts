import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SegmentSchema } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { publicPagePaths } from '../../shared/contract/public-pages';
import { createReaderLinks } from '../audience/reader-links';
import { toJson } from '../db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { audienceSnapshot, channelIdOf, createRival } from '../testing/audience-fixtures';
import { addLinkedSubscriber, linkedSubscriberState } from '../testing/subscriber-link-fixtures';
import { ephemeralPlatformSecret } from '../sending/platform-secret';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The behaviour opt-out link of letters sent to engagement segments: the reader keeps the
// newsletter but drops out of every engagement segment (and only those), and can opt back in.
// Only through the link the platform signed for that reader and letter.

let t: TestApp;
let editor: { authorization: string };
let weeklyId: number;
let engagementSegmentId: number;
let plainSegmentId: number;

/** The app's secret: the links these tests follow are signed as a send signs them. */
const secret = ephemeralPlatformSecret();
const links = createReaderLinks(secret);
/** The letter the links say they came in (a signature names one; no email was sent here). */
const LETTER_ID = 41;

beforeAll(async () => {
  t = await createTestApp({ secret });
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

const optOutUrl = (uniqueId: string, slug = 'weekly') => links.optOut(slug, uniqueId, LETTER_ID);
const undoUrl = (uniqueId: string, slug = 'weekly') => links.undoOptOut(slug, uniqueId, LETTER_ID);
const formActions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]*)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

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

  it('changes nothing through a bare id, a forged or altered signature, another reader\'s signature or another letter', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'forged-optout@example.com', tags: ['optout-test'] });
    const other = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'other-optout@example.com' });
    const signed = optOutUrl(uniqueId);
    const signatureOf = (url: string) => new URL(url, 'http://x').searchParams.get('s')!;
    const signature = signatureOf(signed);
    const forged = [
      publicPagePaths.behaviourOptOut('weekly', uniqueId),
      `${publicPagePaths.behaviourOptOut('weekly', uniqueId)}?r=${'a'.repeat(40)}`,
      signed.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
      signed.replace(/s=[^&]+/, `s=${encodeURIComponent("' OR 1=1--")}`),
      signed.replace(signature, signatureOf(optOutUrl(other))),
      signed.replace(`l=${LETTER_ID}`, `l=${LETTER_ID + 1}`),
      signed.replace(`l=${LETTER_ID}&`, ''),
      // The unsubscribe link's signature is not the opt-out's.
      `${publicPagePaths.behaviourOptOut('weekly', uniqueId)}${new URL(links.unsubscribe('weekly', uniqueId, LETTER_ID), 'http://x').search}`,
    ];
    const before = await audienceSnapshot(t.db);
    for (const url of forged) {
      for (const target of [url, url.replace(`/${uniqueId}`, `/${uniqueId}/undo`)]) {
        for (const method of ['GET', 'POST'] as const) {
          const response = await t.app.inject({ method, url: target });
          expect(response.statusCode, `${method} ${target}`).toBe(404);
          expect(response.body).toContain('<h1>This link is no longer valid.</h1>');
          expect(response.body).not.toContain('forged-optout');
        }
      }
    }
    expect(await audienceSnapshot(t.db)).toEqual(before);
    expect((await linkedSubscriberState(t.db, uniqueId)).behaviourOptOut).toBe(false);
  });
});
