import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREDIT_URL, PLAIN_TEXT_URL, PUBLIC_URL, STORY_URL, TIDES_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';
import { TRANSPARENT_GIF } from './tracking';

// Open and click tracking end to end: a letter sent by the real scheduled send to a real
// SMTP server, its links and pixel followed as a mail client would.

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36';
const APPLE_PRIVACY_PROXY = 'Mozilla/5.0';

let h: TrackingHarness;
let letterId: number;
let people: { email: (name: string) => string };
/** Ada's email's tracked addresses. */
let adaHrefs: string[];

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ada', 'bob', 'cy']);
  people = audience;
  h.smtp.refuseAddress(audience.email('cy'), 'No such mailbox');
  letterId = (await h.sendLetter(audience.segmentId)).id!;
  adaHrefs = hrefsOf(h.mailTo(audience.email('ada')));
});
afterAll(async () => {
  await h?.close();
});

const get = (url: string, userAgent = CHROME) => h.app.inject({ method: 'GET', url, headers: { 'user-agent': userAgent } });

async function recipient(name: string) {
  return h.t.db
    .selectFrom('letterRecipients')
    .select(['subscriberId', 'trackingToken', 'status'])
    .where('letterId', '=', letterId)
    .where('email', '=', people.email(name))
    .executeTakeFirstOrThrow();
}

async function opensOf(name: string) {
  const { subscriberId } = await recipient(name);
  return h.t.db
    .selectFrom('recipientOpens')
    .select(['confirmed', 'userAgent'])
    .where('letterId', '=', letterId)
    .where('subscriberId', '=', subscriberId)
    .orderBy('id')
    .execute();
}

async function clickCount(): Promise<number> {
  const row = await h.t.db.selectFrom('recipientClicks').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Moves the reader's send a minute back, past the prefetch window. */
async function sentAMinuteAgo(name: string) {
  const { subscriberId } = await recipient(name);
  await h.t.db
    .updateTable('letterRecipients')
    .set({ sentAt: sql`sent_at - interval '1 minute'` })
    .where('letterId', '=', letterId)
    .where('subscriberId', '=', subscriberId)
    .execute();
}

describe('the email as sent', () => {
  it('links through /t/c/ with the reader’s own token, except the merge-tag and unsubscribe links', async () => {
    const { trackingToken } = await recipient('ada');
    expect(trackingToken).toMatch(/^[0-9a-f]{40}$/);
    const tracked = adaHrefs.filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`));
    // The story twice (one position), the tides once, and the footer's "made with" link.
    expect(tracked).toHaveLength(4);
    for (const href of tracked) expect(href).toMatch(new RegExp(`^${PUBLIC_URL}/t/c/${trackingToken}/\\d+$`));
    expect(tracked[0]).toBe(tracked[2]);
    // Filled per reader after tracking, so it stays the reader's own address.
    expect(adaHrefs).toContain(`https://example.com/profile?email=${people.email('ada')}`);
    expect(adaHrefs.some((href) => href.startsWith(`${PUBLIC_URL}/unsubscribe/weekly/`))).toBe(true);
    expect(adaHrefs).not.toContain(STORY_URL);
    expect(adaHrefs).not.toContain(TIDES_URL);
  });

  it('keeps the bare address in the text and carries the open pixel', () => {
    const html = String(h.mailTo(people.email('ada')).mail.html);
    expect(html).toContain(PLAIN_TEXT_URL);
    expect(html).toMatch(/<img src="https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]{40}\.gif" width="1" height="1" alt=""[^>]*\/><\/body>/);
  });

  it('stores the letter’s links by position, once per address', async () => {
    const links = await h.t.db.selectFrom('letterLinks').select(['position', 'url']).where('letterId', '=', letterId).orderBy('position').execute();
    expect(links.map((link) => link.url)).toEqual([STORY_URL, TIDES_URL, CREDIT_URL]);
    expect(links.map((link) => link.position)).toEqual([1, 2, 3]);
  });
});

describe('GET /t/c/:token/:position', () => {
  it('redirects to the original address and records the click and, for a reader’s agent, a confirmed open', async () => {
    await sentAMinuteAgo('ada');
    const before = await clickCount();
    const response = await get(pathOf(adaHrefs.find((href) => href.startsWith(`${PUBLIC_URL}/t/c/`))!));
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(STORY_URL);
    expect(await clickCount()).toBe(before + 1);
    expect(await opensOf('ada')).toEqual([{ confirmed: true, userAgent: CHROME }]);
    // A second click adds a click, not another open.
    await get(pathOf(adaHrefs.find((href) => href.startsWith(`${PUBLIC_URL}/t/c/`))!));
    expect(await clickCount()).toBe(before + 2);
    expect(await opensOf('ada')).toHaveLength(1);
  });

  it('answers the neutral 404 page for an unknown token, position or refused reader, recording nothing', async () => {
    const { trackingToken } = await recipient('ada');
    const cy = await recipient('cy');
    expect(cy.status).toBe('refused');
    const before = await clickCount();
    for (const path of [
      `/t/c/${'0'.repeat(40)}/1`,
      `/t/c/${trackingToken}/99`,
      `/t/c/${trackingToken}/0`,
      `/t/c/${trackingToken}/abc`,
      `/t/c/${trackingToken}/1.5`,
      `/t/c/${cy.trackingToken}/1`,
      `/t/c/${trackingToken}`,
      '/t/c/%00/1',
    ]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(404);
      expect(response.headers['content-type'], path).toMatch(/^text\/html/);
      expect(response.body, path).toMatch(/<h1>[^<]+<\/h1>/);
      expect(response.headers.location, path).toBeUndefined();
    }
    expect(await clickCount()).toBe(before);
  });

  it('still redirects when the click cannot be written down', async () => {
    const { trackingToken } = await recipient('bob');
    await sql`ALTER TABLE recipient_clicks RENAME TO recipient_clicks_away`.execute(h.t.db);
    try {
      const response = await get(`/t/c/${trackingToken}/2`);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(TIDES_URL);
    } finally {
      await sql`ALTER TABLE recipient_clicks_away RENAME TO recipient_clicks`.execute(h.t.db);
    }
  });
});

describe('GET /t/o/:file', () => {
  const pixelOf = async (name: string) => `/t/o/${(await recipient(name)).trackingToken}.gif`;

  function expectGif(response: Awaited<ReturnType<typeof get>>) {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/gif');
    expect(response.headers['cache-control']).toBe('no-store, private');
    expect(response.rawPayload).toEqual(TRANSPARENT_GIF);
    expect(response.rawPayload).toHaveLength(43);
  }

  it('records every open; one right after the send or by a privacy proxy is not confirmed', async () => {
    // Bob's email went out moments ago: a fetch now is a prefetch.
    expectGif(await get(await pixelOf('bob')));
    await sentAMinuteAgo('bob');
    expectGif(await get(await pixelOf('bob'), APPLE_PRIVACY_PROXY));
    expectGif(await get(await pixelOf('bob'), ''));
    expectGif(await get(await pixelOf('bob')));
    expect(await opensOf('bob')).toEqual([
      { confirmed: false, userAgent: CHROME },
      { confirmed: false, userAgent: APPLE_PRIVACY_PROXY },
      { confirmed: false, userAgent: '' },
      { confirmed: true, userAgent: CHROME },
    ]);
  });

  it('answers the same image for unknown tokens and malformed files, recording nothing', async () => {
    const count = async () => Number((await h.t.db.selectFrom('recipientOpens').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const cy = await recipient('cy');
    for (const path of [`/t/o/${'0'.repeat(40)}.gif`, `/t/o/${cy.trackingToken}.gif`, '/t/o/nothing', '/t/o/%00.gif', `/t/o/${'f'.repeat(5000)}.gif`]) {
      const response = await get(path);
      expect(response.statusCode, path).toBe(200);
      expectGif(response);
    }
    expect(await count()).toBe(before);
  });
});
