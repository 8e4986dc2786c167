import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE, publicPagePaths } from '../../shared/contract/public-pages';
import { createReaderLinks } from '../audience/reader-links';
import { UNSUBSCRIBE_UNDO_WINDOW_MS } from '../audience/subscriber-links';
import { createAccount } from '../db/accounts';
import { createPlatformSecret, ephemeralPlatformSecret } from '../sending/platform-secret';
import { audienceSnapshot, channelIdOf } from '../testing/audience-fixtures';
import { HOSTILE_TEXT } from '../testing/hostile-input';
import { addLinkedSubscriber, linkedSubscriberState } from '../testing/subscriber-link-fixtures';
import { createTestApp } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The unsubscribe link of every email: GET only asks, POST (the page's form or an RFC 8058
// one-click) unsubscribes, undo revives only what the link itself did, and any link that
// does not name a subscriber of that channel, or lacks the platform's signature for that
// reader and letter, gets one neutral page and changes nothing.

let t: TestApp;
let weeklyId: number;
let otherWeeklyId: number;
let dailyId: number;

const INVALID = 'This link is no longer valid.';

/** The app's secret: the links these tests follow are signed as a send signs them. */
const secret = ephemeralPlatformSecret();
const links = createReaderLinks(secret);
/** The letter the links say they came in (a signature names one; no email was sent here). */
const LETTER_ID = 41;

beforeAll(async () => {
  t = await createTestApp({ secret });
  weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
  // A second brand whose channel has the same slug, and a third with another slug.
  await createAccount(t.db, { tenantName: 'Other', brandSlug: 'other', channelSlug: 'weekly', email: 'o@other.test', password: 'other-password' });
  await t.db.updateTable('channels').set({ channelName: 'Other Weekly' }).where('slug', '=', 'weekly').where('id', '<>', weeklyId).execute();
  otherWeeklyId = await channelIdOf(t.db, 'other', 'weekly');
  await createAccount(t.db, { tenantName: 'Rival', brandSlug: 'rival', channelSlug: 'daily', email: 'o@rival.test', password: 'rival-password' });
  dailyId = await channelIdOf(t.db, 'rival', 'daily');
});
afterAll(async () => {
  await t?.close();
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload?: string, contentType?: string) =>
  t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload }), ...(contentType ? { headers: { 'content-type': contentType } } : {}) });

const unsubscribeUrl = (uniqueId: string, slug = 'weekly') => links.unsubscribe(slug, uniqueId, LETTER_ID);
/** The undo of the unsubscribe made at `at` (what the confirmation page's form posts to). */
const undoUrl = (uniqueId: string, at: Date, slug = 'weekly') => links.undoUnsubscribe(slug, uniqueId, LETTER_ID, at);
const unsubscribedAt = async (uniqueId: string) => (await linkedSubscriberState(t.db, uniqueId)).unsubscribedByLinkAt!;
const signatureOf = (url: string) => new URL(url, 'http://x').searchParams.get('s')!;

/** The page's form targets, as paths. */
const formActions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]*)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('GET /unsubscribe/{channelSlug}/{uniqueId}', () => {
  it('names the channel, masks the address, offers one button that posts back, and changes nothing', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'jane.reader@example.com' });
    const before = await audienceSnapshot(t.db);
    const response = await get(unsubscribeUrl(uniqueId));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.body).toContain('<h1>Unsubscribe from The Weekly?</h1>');
    expect(response.body).toContain('j•••@example.com');
    expect(response.body).not.toContain('jane.reader');
    expect(formActions(response.body)).toEqual([unsubscribeUrl(uniqueId)]);
    expect(response.body).toContain('<button type="submit">Unsubscribe</button>');
    expect(response.body).toContain('<html lang="en">');
    expect(await audienceSnapshot(t.db)).toEqual(before);
    expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe('active');
  });

  it('sends a strict Content-Security-Policy that allows exactly its own stylesheet and no script', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'csp@example.com' });
    const response = await get(unsubscribeUrl(uniqueId));
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toMatch(/script-src/);
    const styles = [...response.body.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(1);
    const hash = createHash('sha256').update(styles[0]!, 'utf8').digest('base64');
    expect(csp).toContain(`style-src 'sha256-${hash}'`);
    expect(response.body).not.toMatch(/<script|\sstyle=|\son[a-z]+=/i);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('needs no sign-in and ignores an Authorization header', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'noauth@example.com' });
    expect((await get(unsubscribeUrl(uniqueId), { authorization: 'Bearer not-a-token' })).statusCode).toBe(200);
  });

  it('escapes a hostile channel name', async () => {
    const org = await t.db.selectFrom('organizations').select(['id', 'tenantId']).where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const channel = await t.db
      .insertInto('channels')
      .values({
        tenantId: org.tenantId,
        organizationId: org.id,
        slug: 'hostile',
        title: 'Hostile',
        channelName: `<script>alert(1)</script><img src=x onerror=alert(2)> "Tom" & 'Jerry'`,
        timezone: 'UTC',
        accentColor: '#000000',
        defaultStyleBaseFontSize: 16,
        channelSquareLogo: null,
        contactCompany: '',
        contactAddressLine1: '',
        contactAddressLine2: '',
        contactCity: '',
        contactRegion: '',
        contactPostalCode: '',
        contactCountry: '',
        esp: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: channel.id, email: '"<b>x</b>"@example.com' });
    for (const response of [await get(unsubscribeUrl(uniqueId, 'hostile')), await post(unsubscribeUrl(uniqueId, 'hostile'))]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<script>alert');
      expect(response.body).not.toContain('<img');
      expect(response.body).not.toContain('<b>');
      expect(response.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt; &quot;Tom&quot; &amp; &#39;Jerry&#39;');
    }
  });
});

describe('POST /unsubscribe/{channelSlug}/{uniqueId}', () => {
  it('unsubscribes from the form and confirms, with a way to undo', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'form@example.com' });
    const response = await post(unsubscribeUrl(uniqueId), '', 'application/x-www-form-urlencoded');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
    expect(response.body).toContain("<h1>You&#39;re unsubscribed from The Weekly.</h1>");
    expect(formActions(response.body)).toEqual([undoUrl(uniqueId, await unsubscribedAt(uniqueId))]);
    const state = await linkedSubscriberState(t.db, uniqueId);
    expect(state.status).toBe('unsubscribed');
    expect(state.unsubscribedByLinkAt).toBeInstanceOf(Date);
  });

  it('is idempotent: a second post changes nothing and answers the same', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'twice@example.com' });
    const first = await post(unsubscribeUrl(uniqueId));
    const after = await audienceSnapshot(t.db);
    const second = await post(unsubscribeUrl(uniqueId));
    expect(second.statusCode).toBe(200);
    expect(second.body).toBe(first.body);
    expect(await audienceSnapshot(t.db)).toEqual(after);
  });

  it.each([
    ['application/x-www-form-urlencoded', `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`],
    [
      'multipart/form-data; boundary=----b0undary',
      `------b0undary\r\nContent-Disposition: form-data; name="${ONE_CLICK_FIELD}"\r\n\r\n${ONE_CLICK_VALUE}\r\n------b0undary--\r\n`,
    ],
  ])('takes an RFC 8058 one-click (%s) and answers 200 with a short plain body', async (contentType, body) => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: `oneclick-${randomUUID()}@example.com` });
    const response = await post(unsubscribeUrl(uniqueId), body, contentType);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(response.body).toBe("You're unsubscribed from The Weekly.\n");
    expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe('unsubscribed');
    // Repeated by the provider: the same answer.
    expect((await post(unsubscribeUrl(uniqueId), body, contentType)).body).toBe(response.body);
  });

  it('unsubscribes whatever else the body holds, and refuses an oversized one with a page, changing nothing', async () => {
    const bodies: Array<[string | undefined, string | undefined]> = [
      [undefined, undefined],
      ['application/json', '{"broken":'],
      ['text/plain', 'hello'],
      ['application/xml', '<a/>'],
      ['multipart/form-data', 'no boundary at all'],
      ['application/x-www-form-urlencoded', '__proto__[polluted]=1&List-Unsubscribe=Other'],
    ];
    for (const [contentType, body] of bodies) {
      const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: `odd-${randomUUID()}@example.com` });
      const response = await post(unsubscribeUrl(uniqueId), body, contentType);
      expect(response.statusCode, `${contentType}: ${response.body}`).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe('unsubscribed');
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();

    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'huge@example.com' });
    const before = await audienceSnapshot(t.db);
    const huge = await post(unsubscribeUrl(uniqueId), `${ONE_CLICK_FIELD}=${'x'.repeat(20_000)}`, 'application/x-www-form-urlencoded');
    expect(huge.statusCode).toBe(413);
    expect(huge.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(huge.body).toContain('<h1>This request could not be handled.</h1>');
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });

  it('answers any body aimed at a real subscriber with a page, never a fault', async () => {
    const contentType = fc.oneof(
      fc.constantFrom('application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/json', 'text/plain', 'application/octet-stream'),
      fc.string({ maxLength: 30 }),
    );
    const payload = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 200 }));
    await fc.assert(
      fc.asyncProperty(contentType, payload, async (type, body) => {
        const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: `fuzz-${randomUUID()}@example.com` });
        const response = await t.app.inject({ method: 'POST', url: unsubscribeUrl(uniqueId), headers: { 'content-type': type }, payload: body });
        expect(response.statusCode, response.body.slice(0, 200)).toBeLessThan(500);
        // Any body unsubscribes; only one over the limit (413) or a Content-Type that is no media type at all (415) is refused, with a page.
        if (response.statusCode === 200) {
          expect(response.headers['content-type']).toMatch(/^text\/(html|plain); charset=utf-8$/);
          expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe('unsubscribed');
        } else {
          expect([413, 415]).toContain(response.statusCode);
          expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
          expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe('active');
        }
      }),
      { numRuns: 60 },
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('leaves a bounced subscriber bounced and offers no undo', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'bounced@example.com', status: 'bounced' });
    const response = await post(unsubscribeUrl(uniqueId));
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>You&#39;re unsubscribed from The Weekly.</h1>");
    expect(formActions(response.body)).toEqual([]);
    expect(await linkedSubscriberState(t.db, uniqueId)).toEqual({ status: 'bounced', behaviourOptOut: false, unsubscribedByLinkAt: null });
  });

  it('unsubscribes the subscriber its slug and id name, when two brands have a channel of that slug', async () => {
    const demoReader = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'same@example.com' });
    const otherReader = await addLinkedSubscriber(t.db, { channelId: otherWeeklyId, email: 'same@example.com' });
    const response = await post(unsubscribeUrl(otherReader));
    expect(response.body).toContain('Other Weekly');
    expect((await linkedSubscriberState(t.db, otherReader)).status).toBe('unsubscribed');
    expect((await linkedSubscriberState(t.db, demoReader)).status).toBe('active');
  });
});

describe('POST /unsubscribe/{channelSlug}/{uniqueId}/undo', () => {
  it('makes a subscriber who unsubscribed through the link active again, once', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'undo@example.com' });
    const [undo] = formActions((await post(unsubscribeUrl(uniqueId))).body);
    expect(undo).toBe(undoUrl(uniqueId, await unsubscribedAt(uniqueId)));
    const response = await post(undo!);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<h1>You&#39;re subscribed to The Weekly again.</h1>");
    expect(formActions(response.body)).toEqual([unsubscribeUrl(uniqueId)]);
    expect(await linkedSubscriberState(t.db, uniqueId)).toEqual({ status: 'active', behaviourOptOut: false, unsubscribedByLinkAt: null });
    // That unsubscribe is undone: its undo is no longer a valid link, and changes nothing.
    const again = await post(undo!);
    expect(again.statusCode).toBe(404);
    expect(again.body).toContain(`<h1>${INVALID}</h1>`);
    expect((await get(unsubscribeUrl(uniqueId))).body).toContain('<h1>Unsubscribe from The Weekly?</h1>');
  });

  it('after a one-click, the page says so and offers the undo', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'later@example.com' });
    await post(unsubscribeUrl(uniqueId), `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`, 'application/x-www-form-urlencoded');
    const page = await get(unsubscribeUrl(uniqueId));
    expect(page.body).toContain("<h1>You&#39;re unsubscribed from The Weekly.</h1>");
    expect(formActions(page.body)).toEqual([undoUrl(uniqueId, await unsubscribedAt(uniqueId))]);
  });

  it('undoes only that unsubscribe: an undo signed for an earlier one, or for another reader, is no longer valid', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'twice-out@example.com' });
    const other = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'twice-other@example.com' });
    await post(unsubscribeUrl(uniqueId));
    const firstUndo = undoUrl(uniqueId, await unsubscribedAt(uniqueId));
    expect((await post(firstUndo)).statusCode).toBe(200);
    await post(unsubscribeUrl(uniqueId));
    await post(unsubscribeUrl(other));
    const current = undoUrl(uniqueId, await unsubscribedAt(uniqueId));
    const before = await audienceSnapshot(t.db);
    for (const url of [
      firstUndo,
      publicPagePaths.undoUnsubscribe('weekly', uniqueId),
      // The unsubscribe link's own signature is not an undo's.
      `${publicPagePaths.undoUnsubscribe('weekly', uniqueId)}${new URL(unsubscribeUrl(uniqueId), 'http://x').search}`,
      current.replace(signatureOf(current), signatureOf(undoUrl(other, await unsubscribedAt(other)))),
      current.replace(`l=${LETTER_ID}`, `l=${LETTER_ID + 1}`),
    ]) {
      const response = await post(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain(`<h1>${INVALID}</h1>`);
    }
    expect(await audienceSnapshot(t.db)).toEqual(before);
    expect((await post(current)).statusCode).toBe(200);
  });

  it(`expires after ${UNSUBSCRIBE_UNDO_WINDOW_MS / 86_400_000} days: the page offers no undo and the old one changes nothing`, async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'expired@example.com' });
    await post(unsubscribeUrl(uniqueId));
    const longAgo = new Date(Date.now() - UNSUBSCRIBE_UNDO_WINDOW_MS - 60_000);
    await t.db.updateTable('subscribers').set({ unsubscribedByLinkAt: longAgo }).where('uniqueId', '=', uniqueId).execute();
    const page = await get(unsubscribeUrl(uniqueId));
    expect(page.body).toContain("<h1>You&#39;re unsubscribed from The Weekly.</h1>");
    expect(formActions(page.body)).toEqual([]);
    const before = await audienceSnapshot(t.db);
    const response = await post(undoUrl(uniqueId, longAgo));
    expect(response.statusCode).toBe(409);
    expect(response.body).toContain("<h1>This address can&#39;t be subscribed again from this page.</h1>");
    expect(await audienceSnapshot(t.db)).toEqual(before);
    expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe('unsubscribed');
  });

  it.each(['bounced', 'unsubscribed'] as const)('never revives a subscriber who is %s for another reason', async (status) => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: `kept-${status}@example.com`, status });
    if (status === 'unsubscribed') expect(formActions((await get(unsubscribeUrl(uniqueId))).body)).toEqual([]);
    const before = await audienceSnapshot(t.db);
    const response = await post(undoUrl(uniqueId, new Date()));
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain(`<h1>${INVALID}</h1>`);
    expect(await audienceSnapshot(t.db)).toEqual(before);
    expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe(status);
  });
});

describe('links without the platform’s signature for that reader and letter', () => {
  it('change nothing: a bare id, a forged, altered or injected signature, another reader’s, another letter’s', async () => {
    const uniqueId = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'target@example.com' });
    const other = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'bystander@example.com' });
    const signed = unsubscribeUrl(uniqueId);
    const signature = signatureOf(signed);
    const bare = publicPagePaths.unsubscribe('weekly', uniqueId);
    const forged = [
      bare,
      `${bare}?r=${'a'.repeat(40)}`,
      `${bare}?r=${encodeURIComponent("' OR 1=1--")}`,
      `${bare}?l=${LETTER_ID}`,
      signed.replace(signature, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
      signed.replace(signature, encodeURIComponent("' OR 1=1--")),
      signed.replace(signature, signatureOf(unsubscribeUrl(other))),
      signed.replace(`l=${LETTER_ID}`, `l=${LETTER_ID + 1}`),
      signed.replace(`l=${LETTER_ID}`, 'l=0'),
      // The opt-out link's signature is not the unsubscribe's.
      `${bare}${new URL(links.optOut('weekly', uniqueId, LETTER_ID), 'http://x').search}`,
      // Signed by another platform.
      createReaderLinks(ephemeralPlatformSecret()).unsubscribe('weekly', uniqueId, LETTER_ID),
    ];
    const before = await audienceSnapshot(t.db);
    const bodies = new Set<string>();
    for (const url of forged) {
      for (const response of [
        await get(url),
        await post(url),
        await post(url, `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`, 'application/x-www-form-urlencoded'),
      ]) {
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        bodies.add(response.body);
      }
    }
    expect(bodies.size).toBe(1);
    expect([...bodies][0]).toContain(`<h1>${INVALID}</h1>`);
    expect(await audienceSnapshot(t.db)).toEqual(before);
    expect((await linkedSubscriberState(t.db, uniqueId)).status).toBe('active');
  });

  it('still accepts a link signed with the previous key during a key rotation, and no other', async () => {
    const oldKey = randomBytes(32);
    const rotated = await createTestApp({ secret: createPlatformSecret(randomBytes(32), oldKey) });
    try {
      const channelId = await channelIdOf(rotated.db, 'demo', 'weekly');
      const uniqueId = await addLinkedSubscriber(rotated.db, { channelId, email: 'rotation@example.com' });
      const oldLink = createReaderLinks(createPlatformSecret(oldKey)).unsubscribe('weekly', uniqueId, LETTER_ID);
      expect((await rotated.app.inject({ method: 'POST', url: unsubscribeUrl(uniqueId) })).statusCode).toBe(404);
      expect((await rotated.app.inject({ method: 'POST', url: oldLink })).statusCode).toBe(200);
      expect((await linkedSubscriberState(rotated.db, uniqueId)).status).toBe('unsubscribed');
    } finally {
      await rotated.close();
    }
  });
});

describe('links that name no subscriber of that channel', () => {
  it('all get the same neutral 404 page and change nothing', async () => {
    const weeklyReader = await addLinkedSubscriber(t.db, { channelId: weeklyId, email: 'kept@example.com' });
    const dailyReader = await addLinkedSubscriber(t.db, { channelId: dailyId, email: 'daily@example.com' });
    const links: Array<[string, string]> = [
      ['weekly', randomUUID()],
      ['nosuchchannel', weeklyReader],
      ['daily', weeklyReader],
      ['weekly', dailyReader],
      ['WEEKLY', weeklyReader],
      ['weekly', weeklyReader.toUpperCase()],
      ['weekly', `${weeklyReader}x`],
      ['weekly', 'a b'],
      ['weekly', '<script>alert(1)</script>'],
      ['weekly', "' OR '1'='1"],
      // The longest id a path may carry (Fastify refuses longer ones itself, 414).
      ['weekly', 'x'.repeat(100)],
      ['weekly', 'nul\u0000inside'],
      ['<b>weekly</b>', weeklyReader],
    ];
    const before = await audienceSnapshot(t.db);
    const bodies = new Set<string>();
    for (const [slug, id] of links) {
      for (const response of [await get(unsubscribeUrl(id, slug)), await post(unsubscribeUrl(id, slug)), await post(undoUrl(id, new Date(), slug))]) {
        expect(response.statusCode, `${slug}/${id}`).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.headers['content-security-policy']).toContain("default-src 'none'");
        bodies.add(response.body);
      }
    }
    expect(bodies.size).toBe(1);
    const [body] = [...bodies];
    expect(body).toContain(`<h1>${INVALID}</h1>`);
    expect(body).not.toMatch(/weekly|daily|script/i);
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });

  it('answers a link cut short with the same page, not a sign-in error', async () => {
    const before = await audienceSnapshot(t.db);
    for (const url of ['/unsubscribe/weekly', '/unsubscribe/', '/opt-out/weekly', '/unsubscribe/weekly/id/extra/parts']) {
      for (const response of [await get(url), await post(url)]) {
        expect(response.statusCode, url).toBe(404);
        expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(response.body).toContain(`<h1>${INVALID}</h1>`);
      }
    }
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });
});
