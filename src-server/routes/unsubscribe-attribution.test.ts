import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ONE_CLICK_FIELD, ONE_CLICK_VALUE } from '../../shared/contract/public-pages';
import type { ReceivedMail } from '../testing/smtp-fixture';
import { editionMetrics } from '../tracking/edition-metrics';
import { PUBLIC_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// An unsubscribe counts against the letter whose email's link was used — not every letter
// sent before it: two letters sent to the same readers, each reader leaving through one.

let h: TrackingHarness;
let email: (name: string) => string;
let first: number;
let second: number;
/** Each letter's emails, by address. */
const mails = new Map<number, Map<string, ReceivedMail>>();

async function send(segmentId: number): Promise<number> {
  const before = h.smtp.received.length;
  const id = (await h.sendLetter(segmentId)).id!;
  mails.set(id, new Map(h.smtp.received.slice(before).map((mail) => [mail.envelope.to[0]!, mail])));
  return id;
}

beforeAll(async () => {
  h = await startTrackingHarness();
  const audience = await h.audience(['ada', 'bob', 'cy']);
  email = audience.email;
  first = await send(audience.segmentId);
  second = await send(audience.segmentId);
});
afterAll(async () => {
  await h?.close();
});

/** The unsubscribe link in one reader's email of one letter, as a path. */
function unsubscribeLink(letterId: number, name: string): string {
  const mail = mails.get(letterId)!.get(email(name))!;
  return pathOf(hrefsOf(mail).find((href) => href.startsWith(`${PUBLIC_URL}/unsubscribe/`))!);
}

/** The List-Unsubscribe address of one reader's email, as a path. */
function listUnsubscribe(letterId: number, name: string): string {
  const mail = mails.get(letterId)!.get(email(name))!;
  const line = mail.mail.headerLines.find((entry) => entry.key === 'list-unsubscribe')!.line;
  return pathOf(/<([^>]+)>/.exec(line)![1]!);
}

const unsubscribedOf = async (letterId: number) => (await editionMetrics(h.t.db, letterId)).unsubscribed;
const formActions = (html: string) => [...html.matchAll(/<form method="post" action="([^"]*)">/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('unsubscribing through a sent email', () => {
  it('counts against that email’s letter only, through the page’s form', async () => {
    const link = unsubscribeLink(first, 'ada');
    const page = await h.app.inject({ method: 'GET', url: link });
    expect(page.statusCode).toBe(200);
    // Asking changes nothing; the form posts to the same signed link.
    expect(await unsubscribedOf(first)).toBe(0);
    expect(formActions(page.body)).toEqual([link]);
    const done = await h.app.inject({ method: 'POST', url: formActions(page.body)[0]!, payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(done.statusCode).toBe(200);
    expect(await unsubscribedOf(first)).toBe(1);
    expect(await unsubscribedOf(second)).toBe(0);
  });

  it('counts an RFC 8058 one-click on the List-Unsubscribe address against that letter', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: listUnsubscribe(second, 'bob'),
      payload: `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(await unsubscribedOf(second)).toBe(1);
    expect(await unsubscribedOf(first)).toBe(1);
    // The provider repeating it changes nothing.
    await h.app.inject({ method: 'POST', url: listUnsubscribe(first, 'bob'), payload: `${ONE_CLICK_FIELD}=${ONE_CLICK_VALUE}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect([await unsubscribedOf(first), await unsubscribedOf(second)]).toEqual([1, 1]);
  });

  it('takes it off the letter again on undo', async () => {
    const page = await h.app.inject({ method: 'POST', url: unsubscribeLink(first, 'ada'), payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    const undo = formActions(page.body).find((action) => action.includes('/undo'))!;
    expect((await h.app.inject({ method: 'POST', url: undo })).statusCode).toBe(200);
    expect(await unsubscribedOf(first)).toBe(0);
    expect(await unsubscribedOf(second)).toBe(1);
  });

  it('never echoes a signature that is not one into the page', async () => {
    const bare = unsubscribeLink(first, 'cy').split('?')[0]!;
    const page = await h.app.inject({ method: 'GET', url: `${bare}?l=${first}&s=${encodeURIComponent('"><script>alert(1)</script>')}` });
    expect(page.statusCode).toBe(404);
    expect(page.body).toContain('This link is no longer valid.');
    expect(page.body).not.toContain('<script>');
  });

  it('changes nothing through a link with another reader’s signature or another letter, then counts cy’s own link against its letter', async () => {
    const cyLink = unsubscribeLink(first, 'cy');
    const bobsLink = unsubscribeLink(first, 'bob');
    const signature = (link: string) => new URLSearchParams(link.split('?')[1]).get('s')!;
    const form = { payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } };
    const before = await recipientsOut();
    for (const url of [cyLink.replace(signature(cyLink), signature(bobsLink)), cyLink.replace(`l=${first}`, `l=${second}`), cyLink.split('?')[0]!]) {
      const response = await h.app.inject({ method: 'POST', url, ...form });
      expect(response.statusCode, url).toBe(404);
    }
    expect(await recipientsOut()).toEqual(before);
    await h.app.inject({ method: 'POST', url: unsubscribeLink(second, 'cy'), ...form });
    const after = await recipientsOut();
    expect(after).toHaveLength(before.length + 1);
    expect(after).toContainEqual([second, email('cy')]);
    expect(after).not.toContainEqual([first, email('cy')]);
  });
});

/** Which letters' rows are counted as unsubscribed, by letter and address. */
async function recipientsOut(): Promise<Array<[number, string]>> {
  const rows = await h.t.db
    .selectFrom('letterRecipients')
    .select(['letterId', 'email'])
    .where('letterId', 'in', [first, second])
    .where('unsubscribedAt', 'is not', null)
    .orderBy('letterId')
    .orderBy('email')
    .execute();
  return rows.map((row) => [row.letterId, row.email]);
}
