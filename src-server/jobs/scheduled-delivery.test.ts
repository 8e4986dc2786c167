import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { DeliveryEventsResponseSchema, deliveryStoppedMessage } from '../../shared/contract/platform-delivery-events';
import { ITERABLE_KEY_MISSING_AT_SEND_MESSAGE } from '../../shared/contract/platform-iterable';
import type { DeliveryEvent } from '../../shared/contract/platform-delivery-events';
import { SyncChangesResponseSchema } from '../../shared/contract/platform-letters';
import type { CreateLetterRequest } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { buildApp } from '../app';
import { createReaderLinks } from '../audience/reader-links';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { insertSubscriber, insertTagSegment } from '../testing/audience-fixtures';
import { LETTER_TEXT, deliveryBlocks } from '../testing/delivery-fixtures';
import { makeScheduledLettersDue, waitUntilDelivered } from '../testing/due-deliveries';
import { READY_TO_SCHEDULE, channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { ReceivedMail, TestSmtp } from '../testing/smtp-fixture';
import { ephemeralPlatformSecret } from '../sending/platform-secret';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { REFUSALS_BEFORE_SERVER_BLAMED } from '../delivery/edition-delivery';
import { createJobRunner } from './job-runner';
import type { JobRunner } from './job-runner';

// Scheduled sends end to end: a real PostgreSQL with pg-boss on it, a real SMTP server on
// loopback, the API wired to the job runner as start.ts wires it. Letters are made due by
// moving their publication instant (testing/due-deliveries.ts), or scheduled a few seconds
// ahead where the job queued at scheduling time is what is being tested.

dayjs.extend(utc);
dayjs.extend(timezone);

const PUBLIC_URL = 'https://letters.example.com';
const MAIL_FROM = 'The Weekly <news@weekly.example>';
const ZONE = 'America/New_York';

let t: TestApp;
let smtp: TestSmtp;
let app: FastifyInstance;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
const runners: JobRunner[] = [];
let runner: JobRunner;
/** One secret for the app and every runner, as start.ts passes it: links the jobs sign, the app verifies. */
const secret = ephemeralPlatformSecret();
const links = createReaderLinks(secret);

function newRunner(): JobRunner {
  const created = createJobRunner({
    db: t.db,
    connectionString: t.connectionString,
    smtpUrl: smtp.url,
    mailFrom: MAIL_FROM,
    secret,
    retryDelaySeconds: 0,
    pollingIntervalSeconds: 0.5,
    // Small batches, so a send here takes several, as a large audience does with the default.
    sendBatchSize: 2,
    warn: () => undefined,
  });
  runners.push(created);
  return created;
}

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  runner = newRunner();
  // The routes tell whichever runner is current, as start.ts hands them its one runner.
  app = await buildApp({ db: t.db, secret, delivery: { letterScheduled: (id) => runner.letterScheduled(id) } });
  await runner.start({ publicUrl: PUBLIC_URL });
  editor = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
});
afterAll(async () => {
  for (const each of runners) await each.stop();
  await app?.close();
  await smtp?.close();
  await t?.close();
});
beforeEach(() => {
  smtp.refuseRecipients(null);
  smtp.refuseConnections(null);
  smtp.refuseSenders(null);
  smtp.delayMessages(0);
});

// --- audiences: each test gets subscribers of its own, tagged, and a segment of that tag ---

let audiences = 0;
interface Person {
  name: string;
  status?: 'active' | 'unsubscribed' | 'bounced';
  firstName?: string;
  customFields?: Record<string, unknown>;
}

async function audience(people: Person[]) {
  const tag = `t${++audiences}`;
  for (const person of people) {
    await insertSubscriber(t.db, {
      channelId: weekly.channelId,
      email: `${person.name}.${tag}@example.com`,
      status: person.status ?? 'active',
      firstName: person.firstName ?? '',
      tags: [tag],
      customFields: person.customFields ?? {},
    });
  }
  const segmentId = await insertTagSegment(t.db, weekly.channelId, tag);
  return { tag, segmentId, email: (name: string) => `${name}.${tag}@example.com` };
}

/** What arrived for one audience: recipient addresses, sorted. */
function arrivedFor(tag: string): ReceivedMail[] {
  return smtp.received.filter((mail) => mail.envelope.to.some((to) => to.includes(`.${tag}@`)));
}
const addressesOf = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.envelope.to).sort();

// --- letters through the API ---

async function post(url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, headers: editor, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Letter>();
}

async function setStatusThroughApi(letter: Letter, from: number, to: number): Promise<Letter> {
  return post(platformPaths.updateStatus(weekly.channelId, letter.id!), {
    publicationStatus: to,
    currentStatus: from,
    uniqueId: letter.uniqueId,
  });
}

/** A wall-clock time in the channel's zone `seconds` from now. */
const wallClockIn = (seconds: number) => dayjs().tz(ZONE).add(seconds, 'second').format('YYYY-MM-DD HH:mm:ss');

async function scheduledLetter(overrides: Partial<CreateLetterRequest>): Promise<Letter> {
  const draft = await createLetterAs(app, editor, weekly, {
    ...READY_TO_SCHEDULE,
    blocks: deliveryBlocks(),
    ...overrides,
  });
  const atSchedule = await setStatusThroughApi(draft, 0, 7);
  return setStatusThroughApi(atSchedule, 7, 2);
}

async function deliverNow(letterIds: number[]): Promise<void> {
  await makeScheduledLettersDue(t.db, letterIds);
  await runner.sweep();
  await waitUntilDelivered(t.db, letterIds);
}

async function statusOf(letterId: number): Promise<number> {
  const row = await t.db.selectFrom('letters').select('publicationStatus').where('id', '=', letterId).executeTakeFirstOrThrow();
  return row.publicationStatus;
}

/**
 * The letter's events through the feed. The feed holds back what younger transactions
 * wrote while an older one anywhere in the cluster runs (other test files share it), so
 * it is read until it has handed out every event the table holds for the letter.
 */
async function eventsOf(letterId: number): Promise<DeliveryEvent[]> {
  const stored = await t.db.selectFrom('deliveryEvents').select('id').where('letterId', '=', letterId).execute();
  const deadline = Date.now() + 10_000;
  for (;;) {
    const response = await app.inject({ method: 'GET', url: `${platformPaths.deliveryEvents()}?since=0`, headers: editor });
    expect(response.statusCode, response.body).toBe(200);
    const items = DeliveryEventsResponseSchema.parse(response.json()).items.filter((event) => event.letterId === letterId);
    if (items.length >= stored.length || Date.now() > deadline) return items;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** The statuses of the letter's revisions after the given one, in version order. */
async function revisionStatusesAfter(letterId: number, version: number): Promise<number[]> {
  const rows = await t.db
    .selectFrom('letterRevisions')
    .select(['version', 'body'])
    .where('letterId', '=', letterId)
    .where('version', '>', version)
    .orderBy('version')
    .execute();
  return rows.map((row) => (row.body as { publicationStatus: number }).publicationStatus);
}

async function recipientRows(letterId: number) {
  return t.db.selectFrom('letterRecipients').selectAll().where('letterId', '=', letterId).orderBy('email').execute();
}

/** A header as sent, unfolded (long lines are folded onto the next with leading space). */
const headerLine = (mail: ReceivedMail, key: string) =>
  mail.mail.headerLines.find((line) => line.key === key)?.line.replace(/\r?\n[ \t]+/g, ' ');
const htmlOf = (mail: ReceivedMail) => (typeof mail.mail.html === 'string' ? mail.mail.html : '');

describe('a scheduled letter at its publication time', () => {
  it('is sent to the active members of its segment, tags filled, with one-click unsubscribe; it ends published', async () => {
    const people = await audience([
      { name: 'ada', firstName: 'ada', customFields: { member_code: 'x-1' } },
      { name: 'bob' },
      { name: 'cy', status: 'unsubscribed' },
      { name: 'dee', status: 'bounced' },
    ]);
    // Not in the segment: same channel, no tag.
    await insertSubscriber(t.db, { channelId: weekly.channelId, email: `outsider.${people.tag}x@example.com` });
    const letter = await scheduledLetter({ title: 'News for {{ first_name | capitalize or "you" }}', segmentId: people.segmentId });
    const feedStart = await changesCursor();

    await deliverNow([letter.id!]);

    const arrived = arrivedFor(people.tag);
    expect(addressesOf(arrived)).toEqual([people.email('ada'), people.email('bob')]);
    const ids = Object.fromEntries(
      (await t.db.selectFrom('subscribers').select(['email', 'uniqueId']).where('email', 'like', `%.${people.tag}@example.com`).execute()).map(
        (row) => [row.email, row.uniqueId],
      ),
    );
    const ada = arrived.find((mail) => mail.envelope.to[0] === people.email('ada'))!;
    const bob = arrived.find((mail) => mail.envelope.to[0] === people.email('bob'))!;
    expect(ada.mail.subject).toBe('News for Ada');
    expect(bob.mail.subject).toBe('News for you');
    expect(ada.mail.from?.text).toBe('"The Weekly" <news@weekly.example>');
    expect(htmlOf(ada)).toContain(LETTER_TEXT);
    // Minified once for the edition (edition-html.ts): MJML's indentation is gone from the body.
    expect(htmlOf(ada).slice(htmlOf(ada).indexOf('<body'))).not.toMatch(/>\n\s+</);
    expect(htmlOf(ada)).toContain(`Hello Ada, you read this at ${people.email('ada')}.`);
    expect(htmlOf(ada)).toContain('Member code: X-1.');
    expect(htmlOf(bob)).toContain(`Hello friend, you read this at ${people.email('bob')}.`);
    expect(htmlOf(bob)).toContain('Member code: none yet.');
    // Each email's unsubscribe link is signed for its reader and this letter, so the unsubscribe counts against this letter;
    // the List-Unsubscribe mailto names the email by its recipient token.
    const tokens = Object.fromEntries(
      (await t.db.selectFrom('letterRecipients').select(['email', 'trackingToken']).where('letterId', '=', letter.id!).execute()).map((row) => [
        row.email,
        row.trackingToken,
      ]),
    );
    for (const mail of [ada, bob]) {
      const to = mail.envelope.to[0]!;
      const unsubscribe = `${PUBLIC_URL}${links.unsubscribe('weekly', ids[to]!, letter.id!)}`;
      expect(headerLine(mail, 'list-unsubscribe')).toBe(`List-Unsubscribe: <${unsubscribe}>, <mailto:unsubscribe-${tokens[to]}@weekly.example?subject=unsubscribe>`);
      // VERP: the envelope sender names this email, so a bounce to it finds the reader.
      expect(mail.envelope.from).toBe(`bounce-${tokens[to]}@weekly.example`);
      expect(headerLine(mail, 'list-unsubscribe-post')).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
      expect(htmlOf(mail)).toContain(`href="${unsubscribe.replace(/&/g, '&amp;')}"`);
      expect(htmlOf(mail)).not.toMatch(/\{\{\s*(first_name|email|uniqueId|member_code)/);
    }

    // 2 → publishing → sending → 75 % (one batch of both: 100 % reaches it) → published, each a revision.
    expect(await revisionStatusesAfter(letter.id!, letter.version)).toEqual([5, 12, 15, 1]);
    const feed = await changesSince(feedStart);
    const inFeed = feed.filter((item) => 'publicationStatus' in item && item.id === letter.id);
    expect(inFeed.at(-1)).toMatchObject({ publicationStatus: 1, version: letter.version + 4 });

    const rows = await recipientRows(letter.id!);
    expect(rows.map((row) => [row.email, row.status, row.variant])).toEqual([
      [people.email('ada'), 'sent', null],
      [people.email('bob'), 'sent', null],
    ]);
    const events = await eventsOf(letter.id!);
    expect(events.map(({ kind, recipients, delivered, message }) => ({ kind, recipients, delivered, message }))).toEqual([
      { kind: 'started', recipients: 2, delivered: 0, message: '' },
      { kind: 'sent', recipients: 2, delivered: 2, message: '' },
    ]);
    expect(events[0]).toMatchObject({ letterUniqueId: letter.uniqueId, channelSlug: 'weekly', brandSlug: 'demo', channelId: weekly.channelId });

    // Sweeping again finds nothing to do and sends nothing more.
    expect(await runner.sweep()).toBe(0);
    expect(arrivedFor(people.tag)).toHaveLength(2);
  });

  it("is sent to exactly the 'Specific emails' listed: new addresses become recipients (not subscribers), unsubscribed and bounced ones get nothing", async () => {
    const people = await audience([{ name: 'known' }, { name: 'gone', status: 'unsubscribed' }, { name: 'bounced', status: 'bounced' }, { name: 'unlisted' }]);
    const listed = [people.email('known'), people.email('gone'), people.email('bounced'), `fresh.${people.tag}@example.com`];
    const settings = { ...defaultLetterSettings(), specificEmails: listed };
    const letter = await scheduledLetter({ title: 'For a few', segmentId: 99991, settings: JSON.stringify(settings) });
    await deliverNow([letter.id!]);
    expect(addressesOf(arrivedFor(people.tag))).toEqual([`fresh.${people.tag}@example.com`, people.email('known')].sort());
    expect((await recipientRows(letter.id!)).map((row) => row.email)).toEqual([`fresh.${people.tag}@example.com`, people.email('known')].sort());
    const fresh = await t.db.selectFrom('subscribers').select(['status', 'tags']).where('email', '=', `fresh.${people.tag}@example.com`).executeTakeFirstOrThrow();
    expect(fresh).toEqual({ status: 'recipient', tags: [] });
  });

  it("refuses to schedule 'Specific emails' without a list, saying so", async () => {
    const draft = await createLetterAs(app, editor, weekly, { ...READY_TO_SCHEDULE, blocks: deliveryBlocks(), segmentId: 99991 });
    const atSchedule = await setStatusThroughApi(draft, 0, 7);
    const response = await app.inject({
      method: 'POST',
      url: platformPaths.updateStatus(weekly.channelId, atSchedule.id!),
      headers: editor,
      payload: { publicationStatus: 2, currentStatus: 7, uniqueId: atSchedule.uniqueId },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ specificEmails: ['Add at least one email address for Specific emails.'] });
    expect(await statusOf(atSchedule.id!)).toBe(7);
  });

  it('is sent at that time by the job queued when it was scheduled, with no sweep', async () => {
    const people = await audience([{ name: 'eve' }]);
    const letter = await scheduledLetter({ segmentId: people.segmentId, publicationDate: wallClockIn(3) });
    expect(arrivedFor(people.tag)).toHaveLength(0);
    await waitUntilDelivered(t.db, [letter.id!], 15_000);
    expect(await statusOf(letter.id!)).toBe(1);
    expect(addressesOf(arrivedFor(people.tag))).toEqual([people.email('eve')]);
  });

  it('is not sent once paused, even when its time comes', async () => {
    const people = await audience([{ name: 'fay' }]);
    const letter = await scheduledLetter({ segmentId: people.segmentId, publicationDate: wallClockIn(2) });
    await setStatusThroughApi(letter, 2, 0);
    await new Promise((resolve) => setTimeout(resolve, 3500));
    // Its instant is past now; a sweep finds a draft, not a due letter.
    await sql`UPDATE letters SET publication_at = now() - interval '1 minute' WHERE id = ${letter.id!}`.execute(t.db);
    await runner.sweep();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await statusOf(letter.id!)).toBe(0);
    expect(arrivedFor(people.tag)).toHaveLength(0);
    expect(await eventsOf(letter.id!)).toEqual([]);
    expect(await recipientRows(letter.id!)).toEqual([]);
  });

  it('is sent once, at its new time, when paused and scheduled again', async () => {
    const people = await audience([{ name: 'gus' }, { name: 'hal' }]);
    const letter = await scheduledLetter({ segmentId: people.segmentId, publicationDate: wallClockIn(2) });
    const paused = await setStatusThroughApi(letter, 2, 0);
    const atSchedule = await setStatusThroughApi(paused, 0, 7);
    const later = wallClockIn(5);
    await post(platformPaths.saveOnScheduling(weekly.channelId, letter.id!), {
      claimant: null,
      emailTemplate: '',
      hasAbTest: false,
      openGraphHeadline: 'A headline',
      openGraphDescription: '',
      openGraphImageUrl: '',
      publicationDate: later,
      publicationStatus: 2,
      publicationDateTzCode: null,
      segmentId: people.segmentId,
      subjectB: '',
      subtitle: 'A preview',
      title: 'Moved',
      uniqueId: atSchedule.uniqueId,
      updatePreviewText: false,
    });
    // The first time passes: the job queued for it finds another instant and sends nothing.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    expect(arrivedFor(people.tag)).toHaveLength(0);
    expect(await statusOf(letter.id!)).toBe(2);
    await waitUntilDelivered(t.db, [letter.id!], 15_000);
    const sentAt = dayjs.tz(later, ZONE).valueOf();
    const rows = await recipientRows(letter.id!);
    for (const row of rows) expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(sentAt);
    expect(addressesOf(arrivedFor(people.tag))).toEqual([people.email('gus'), people.email('hal')]);
    expect((await eventsOf(letter.id!)).map((event) => event.kind)).toEqual(['started', 'sent']);
  });

  it('goes on past an address the mail server refuses, recording its words', async () => {
    const people = await audience([{ name: 'ivy' }, { name: 'jon' }, { name: 'kim' }]);
    smtp.refuseAddress(people.email('jon'), 'Mailbox unavailable: no such user here');
    const letter = await scheduledLetter({ segmentId: people.segmentId });
    await deliverNow([letter.id!]);
    expect(await statusOf(letter.id!)).toBe(1);
    expect(addressesOf(arrivedFor(people.tag))).toEqual([people.email('ivy'), people.email('kim')]);
    const rows = await recipientRows(letter.id!);
    const jon = rows.find((row) => row.email === people.email('jon'))!;
    expect(jon.status).toBe('refused');
    expect(jon.error).toContain('550 Mailbox unavailable: no such user here');
    const sent = (await eventsOf(letter.id!)).find((event) => event.kind === 'sent');
    expect(sent).toMatchObject({ recipients: 3, delivered: 2 });
  });

  it('never sends an Iterable letter by SMTP: without the organization’s key it goes back to draft saying why', async () => {
    const people = await audience([{ name: 'liz' }]);
    const letter = await scheduledLetter({ segmentId: people.segmentId });
    // Made Iterable behind the schedule call's back (which refuses it without a key, providers/iterable-delivery.test.ts).
    await t.db.updateTable('letters').set({ esp: 1 }).where('id', '=', letter.id!).execute();
    await deliverNow([letter.id!]);
    expect(await statusOf(letter.id!)).toBe(0);
    expect(arrivedFor(people.tag)).toHaveLength(0);
    const events = await eventsOf(letter.id!);
    expect(events.map(({ kind, message }) => ({ kind, message })).at(-1)).toEqual({ kind: 'failed', message: ITERABLE_KEY_MISSING_AT_SEND_MESSAGE });
  });
});

describe('when the mail server stops taking mail', () => {
  it('retries, then goes back to draft with a failed event; scheduled again, it sends only the rest', async () => {
    const people = await audience([{ name: 'm1' }, { name: 'm2' }, { name: 'm3' }, { name: 'm4' }]);
    smtp.refuseSenders('Try again later, the queue is full', 2);
    const letter = await scheduledLetter({ segmentId: people.segmentId });
    await deliverNow([letter.id!]);

    expect(await statusOf(letter.id!)).toBe(0);
    expect(arrivedFor(people.tag)).toHaveLength(2);
    const failed = (await eventsOf(letter.id!)).find((event) => event.kind === 'failed')!;
    expect(failed).toMatchObject({ recipients: 4, delivered: 2 });
    expect(failed.message).toBe(deliveryStoppedMessage(2, 4, '451 Try again later, the queue is full'));
    expect(failed.message).toBe('Sending stopped after 2 of 4 emails: 451 Try again later, the queue is full');
    // One job ran, tried 1 + 3 times (the one queued at scheduling waits for the original 2099 date).
    const { rows: jobs } = await sql<{ state: string; retryCount: number }>`
      SELECT state, retry_count FROM pgboss.job
      WHERE name = 'send-edition' AND data->>'letterId' = ${String(letter.id)} AND started_on IS NOT NULL`.execute(t.db);
    expect(jobs).toEqual([{ state: 'failed', retryCount: 3 }]);

    smtp.refuseSenders(null);
    const draft = (await t.db.selectFrom('letters').select(['version']).where('id', '=', letter.id!).executeTakeFirstOrThrow());
    const again = await setStatusThroughApi({ ...letter, version: draft.version }, 0, 7);
    await setStatusThroughApi(again, 7, 2);
    await deliverNow([letter.id!]);
    expect(await statusOf(letter.id!)).toBe(1);
    expect(addressesOf(arrivedFor(people.tag))).toEqual(['m1', 'm2', 'm3', 'm4'].map(people.email));
    expect((await eventsOf(letter.id!)).map((event) => event.kind)).toEqual(['started', 'failed', 'started', 'sent']);
  });
});

describe('when the mail server refuses every address', () => {
  it('blames the server, not the readers: nobody is marked refused, the send stops and can be scheduled again', async () => {
    const names = Array.from({ length: REFUSALS_BEFORE_SERVER_BLAMED + 2 }, (_, i) => `r${i + 1}`);
    const people = await audience(names.map((name) => ({ name })));
    smtp.refuseRecipients('5.7.1 Relaying denied');
    const letter = await scheduledLetter({ segmentId: people.segmentId });
    await deliverNow([letter.id!]);

    expect(await statusOf(letter.id!)).toBe(0);
    expect(arrivedFor(people.tag)).toHaveLength(0);
    // Refused by a server that took nothing: those readers wait for the next try.
    expect((await recipientRows(letter.id!)).filter((row) => row.status === 'refused')).toEqual([]);
    const failed = (await eventsOf(letter.id!)).find((event) => event.kind === 'failed')!;
    expect(failed.message).toBe(
      deliveryStoppedMessage(0, names.length, `The mail server refused ${REFUSALS_BEFORE_SERVER_BLAMED} addresses in a row: 550 5.7.1 Relaying denied`),
    );

    smtp.refuseRecipients(null);
    const draft = await t.db.selectFrom('letters').select(['version']).where('id', '=', letter.id!).executeTakeFirstOrThrow();
    const again = await setStatusThroughApi({ ...letter, version: draft.version }, 0, 7);
    await setStatusThroughApi(again, 7, 2);
    await deliverNow([letter.id!]);
    expect(await statusOf(letter.id!)).toBe(1);
    expect(addressesOf(arrivedFor(people.tag))).toEqual(names.map(people.email).sort());
  });
});

describe('a send interrupted halfway', () => {
  it('is carried on by the next runner, each email sent exactly once', async () => {
    const names = ['n1', 'n2', 'n3', 'n4', 'n5', 'n6'];
    const people = await audience(names.map((name) => ({ name })));
    smtp.delayMessages(150);
    const letter = await scheduledLetter({ segmentId: people.segmentId });
    await makeScheduledLettersDue(t.db, [letter.id!]);
    await runner.sweep();
    while (arrivedFor(people.tag).length < 2) await new Promise((resolve) => setTimeout(resolve, 20));
    await runner.stop();
    const before = arrivedFor(people.tag).length;
    expect(before).toBeLessThan(names.length);
    expect([12, 13, 14, 15]).toContain(await statusOf(letter.id!));

    runner = newRunner();
    await runner.start({ publicUrl: PUBLIC_URL });
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(await statusOf(letter.id!)).toBe(1);
    expect(addressesOf(arrivedFor(people.tag))).toEqual(names.map(people.email));
    expect((await eventsOf(letter.id!)).map((event) => event.kind)).toEqual(['started', 'sent']);
  });
});

describe('two instances on one database', () => {
  it('send each email once between them', async () => {
    const names = Array.from({ length: 8 }, (_, i) => `p${i}`);
    const people = await audience(names.map((name) => ({ name })));
    smtp.delayMessages(30);
    const other = newRunner();
    await other.start({ publicUrl: PUBLIC_URL });
    const letter = await scheduledLetter({ segmentId: people.segmentId });
    await makeScheduledLettersDue(t.db, [letter.id!]);
    await Promise.all([runner.sweep(), other.sweep(), runner.sweep(), other.sweep()]);
    await waitUntilDelivered(t.db, [letter.id!]);
    await other.stop();
    expect(await statusOf(letter.id!)).toBe(1);
    expect(addressesOf(arrivedFor(people.tag))).toEqual(names.map(people.email).sort());
    expect((await eventsOf(letter.id!)).map((event) => event.kind)).toEqual(['started', 'sent']);
  });
});

// --- the letters feed ---

async function changesCursor(): Promise<string> {
  let cursor = '0';
  for (;;) {
    const page = await changesPage(cursor);
    cursor = page.cursor;
    if (!page.hasMore) return cursor;
  }
}

async function changesPage(since: string) {
  const response = await app.inject({ method: 'GET', url: `${platformPaths.syncChanges()}?since=${since}`, headers: editor });
  expect(response.statusCode, response.body).toBe(200);
  return SyncChangesResponseSchema.parse(response.json());
}

async function changesSince(since: string) {
  const items = [];
  let cursor = since;
  for (;;) {
    const page = await changesPage(cursor);
    items.push(...page.items);
    cursor = page.cursor;
    if (!page.hasMore) return items;
  }
}
