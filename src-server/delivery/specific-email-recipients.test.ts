import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { AudienceSegmentsResponse, SpecificEmailsLeftOutResponse, SubscriberImportResponse, SubscriberListResponse } from '../../shared/contract/platform-audience';
import type { UserActivityResponse } from '../../shared/contract/platform-reports';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID } from '../../shared/model/segment';
import { recordBounce } from '../bounces/bounce-records';
import { PUBLIC_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// 'Specific emails' recipients (migration 0030, docs/decisions.md "Specific emails
// recipients"): an address a letter names that is not a subscriber receives that letter
// only. It is kept for the letter's report, never counted or listed as a subscriber, never
// in another audience; its unsubscribe or bounce suppresses it for the channel; a real
// subscribe makes it an ordinary subscriber. Sent through the real scheduled send to a
// loopback SMTP server; tests/e2e/specific-emails-recipients.e2e.test.ts follows it into a
// later 'All active subscribers' letter.

const CHROME = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15';

let h: TrackingHarness;
let known: { tag: string; email: (name: string) => string };
let fresh: string;
let letterId: number;

const specificEmails = (emails: string[]) => ({ settings: JSON.stringify({ specificEmails: emails }) });
const rowOf = (email: string) =>
  h.t.db.selectFrom('subscribers').select(['id', 'status', 'tags', 'uniqueId']).where('channelId', '=', h.weekly.channelId).where('email', '=', email).executeTakeFirstOrThrow();
const get = (url: string, headers: Record<string, string> = h.editor) => h.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown) => h.app.inject({ method: 'POST', url, headers: h.editor, payload: payload as object });
const receivedBy = (email: string) => h.smtp.received.filter((mail) => mail.envelope.to.includes(email));
const listed = async (search: string) =>
  (await get(`${platformPaths.subscribers('demo', 'weekly')}?search=${encodeURIComponent(search)}`)).json<SubscriberListResponse>();
const leftOut = async (emails: string[]) => {
  const response = await post(platformPaths.specificEmailsLeftOut('demo', 'weekly'), { emails });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SpecificEmailsLeftOutResponse>();
};

beforeAll(async () => {
  h = await startTrackingHarness();
  known = await h.audience(['known']);
  fresh = `fresh.${known.tag}@example.com`;
  letterId = (await h.sendLetter(SPECIFIC_EMAILS_SEGMENT_ID, specificEmails([fresh, known.email('known')]))).id!;
});
afterAll(async () => {
  await h?.close();
});

describe("a 'Specific emails' letter to an address that is not a subscriber", () => {
  it('is received there, and the address is kept as a recipient, not subscribed', async () => {
    expect(receivedBy(fresh)).toHaveLength(1);
    expect(receivedBy(known.email('known'))).toHaveLength(1);
    expect(await rowOf(fresh)).toMatchObject({ status: 'recipient', tags: [] });
    // A subscriber it names is sent to as one, and left as it was.
    expect(await rowOf(known.email('known'))).toMatchObject({ status: 'active', tags: [known.tag] });
  });

  it("is no subscriber anywhere: not listed, exported, opened, counted in 'All active subscribers' or the dashboards' history", async () => {
    expect((await listed(fresh)).total).toBe(0);
    expect((await listed(known.email('known'))).total).toBe(1);
    const exported = await get(platformPaths.subscribersExport('demo', 'weekly'));
    expect(exported.body).toContain(known.email('known'));
    expect(exported.body).not.toContain(fresh);
    const { id } = await rowOf(fresh);
    expect((await get(platformPaths.subscriber('demo', 'weekly', id))).statusCode).toBe(404);
    const segments = (await get(`${platformPaths.audienceSegments('demo')}?channels=${h.weekly.channelId}`)).json<AudienceSegmentsResponse>();
    const active = await h.t.db.selectFrom('subscribers').select((eb) => eb.fn.countAll<string>().as('n')).where('channelId', '=', h.weekly.channelId).where('status', '=', 'active').executeTakeFirstOrThrow();
    expect(segments.items.find((item) => item.id === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID)?.total).toBe(Number(active.n));
    expect(await h.t.db.selectFrom('subscriberEvents').select('id').where('subscriberId', '=', id).execute()).toEqual([]);
  });

  it("is listed in that letter's report, with its opens and clicks", async () => {
    await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute' WHERE letter_id = ${letterId}`.execute(h.t.db);
    const mail = receivedBy(fresh)[0]!;
    const pixel = /src="(https:\/\/letters\.example\.com\/t\/o\/[0-9a-f]+\.gif)"/.exec(String(mail.mail.html))![1]!;
    const tracked = hrefsOf(mail).find((href) => href.startsWith(`${PUBLIC_URL}/t/c/`))!;
    expect((await get(pathOf(pixel), { 'user-agent': CHROME })).statusCode).toBe(200);
    expect((await get(pathOf(tracked), { 'user-agent': CHROME })).statusCode).toBe(302);
    const report = (await get(`${platformPaths.reportUserActivity('demo', 'weekly', letterId)}?search=fresh`)).json<UserActivityResponse>();
    expect(report.items.map((item) => ({ email: item.email, opens: item.opens, clicks: item.clicks }))).toEqual([{ email: fresh, opens: 1, clicks: 1 }]);
  });
});

describe("a recipient's unsubscribe or bounce", () => {
  it('suppresses it for the channel, without an undo: a later letter naming it leaves it out, and the count says so', async () => {
    expect(await leftOut([fresh])).toEqual({ unsubscribed: 0, bounced: 0 });
    const unsubscribe = hrefsOf(receivedBy(fresh)[0]!).find((href) => href.includes('/unsubscribe/'))!;
    const page = await h.app.inject({ method: 'POST', url: pathOf(unsubscribe) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('You&#39;re unsubscribed from The Weekly.');
    // Nothing to go back to: it never subscribed.
    expect(page.body).not.toContain('Subscribe again');
    expect(await rowOf(fresh)).toMatchObject({ status: 'unsubscribed' });
    const report = (await get(`${platformPaths.reportUserActivity('demo', 'weekly', letterId)}?filter=unsubscribed`)).json<UserActivityResponse>();
    expect(report.items.map((item) => item.email)).toEqual([fresh]);

    const other = `other.${known.tag}@example.com`;
    expect(await leftOut([fresh, other, 'not an address'])).toEqual({ unsubscribed: 1, bounced: 0 });
    await h.sendLetter(SPECIFIC_EMAILS_SEGMENT_ID, { title: 'Again', ...specificEmails([fresh, other]) });
    expect(receivedBy(fresh)).toHaveLength(1);
    expect(receivedBy(other)).toHaveLength(1);
  });

  it('a hard bounce makes it bounced, which the count names and the next letter leaves out', async () => {
    const bouncing = `bouncing.${known.tag}@example.com`;
    const sent = (await h.sendLetter(SPECIFIC_EMAILS_SEGMENT_ID, { title: 'Bounces', ...specificEmails([bouncing]) })).id!;
    const token = await h.t.db.selectFrom('letterRecipients').select('trackingToken').where('letterId', '=', sent).executeTakeFirstOrThrow();
    expect(await recordBounce(h.t.db, { source: 'dsn', kind: 'hard', email: bouncing, recipientToken: token.trackingToken, reason: '550 No such user' })).toBe('recorded');
    expect(await rowOf(bouncing)).toMatchObject({ status: 'bounced' });
    expect(await leftOut([fresh, bouncing])).toEqual({ unsubscribed: 1, bounced: 1 });
    await h.sendLetter(SPECIFIC_EMAILS_SEGMENT_ID, { title: 'After the bounce', ...specificEmails([bouncing]) });
    expect(receivedBy(bouncing)).toHaveLength(1);
  });
});

describe('a recipient that really subscribes', () => {
  it('added in the app: becomes an active subscriber, keeping its id and what it was sent', async () => {
    const address = `added.${known.tag}@example.com`;
    await h.sendLetter(SPECIFIC_EMAILS_SEGMENT_ID, { title: 'To be added', ...specificEmails([address]) });
    const before = await rowOf(address);
    expect(before.status).toBe('recipient');
    const response = await post(platformPaths.subscribers('demo', 'weekly'), { email: address, firstName: 'Ada', lastName: '', tags: ['joined'], customFields: {} });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ id: before.id, status: 'active', firstName: 'Ada', tags: ['joined'] });
    expect(await h.t.db.selectFrom('letterRecipients').select('letterId').where('subscriberId', '=', before.id).execute()).toHaveLength(1);
    const events = await h.t.db.selectFrom('subscriberEvents').select(['kind', 'delta']).where('subscriberId', '=', before.id).execute();
    expect(events).toEqual([{ kind: 'subscribed', delta: 1 }]);
    // Adding it again is adding an existing subscriber.
    const again = await post(platformPaths.subscribers('demo', 'weekly'), { email: address });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ email: ['This email is already a subscriber of this channel.'] });
  });

  it('imported: becomes an active subscriber, counted as created; an unsubscribed recipient is not subscribed again', async () => {
    const address = `imported.${known.tag}@example.com`;
    await h.sendLetter(SPECIFIC_EMAILS_SEGMENT_ID, { title: 'To be imported', ...specificEmails([address]) });
    const csv = `email,first_name\n${address},Ira\n${fresh},Fay\n`;
    const response = await post(platformPaths.subscribersImport('demo', 'weekly'), { csv, existing: 'skip' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<SubscriberImportResponse>()).toMatchObject({ created: 1, skippedReasons: { unsubscribed: 1 } });
    expect(await rowOf(address)).toMatchObject({ status: 'active' });
    expect(await rowOf(fresh)).toMatchObject({ status: 'unsubscribed' });
    expect((await listed(address)).items.map((item) => item.firstName)).toEqual(['Ira']);
  });
});
