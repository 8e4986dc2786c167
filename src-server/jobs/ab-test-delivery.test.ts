import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { AbTestMetrics, Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { PublicationStatus } from '../../shared/model/publication';
import { AB_TEST_MESSAGES } from '../../shared/rules/ab-test';
import { buildApp } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { insertSubscriber, insertTagSegment } from '../testing/audience-fixtures';
import { deliveryBlocks, knowMemberCodeField } from '../testing/delivery-fixtures';
import { makeScheduledLettersDue, waitUntilDelivered } from '../testing/due-deliveries';
import { READY_TO_SCHEDULE, channelId, createBody, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { ReceivedMail, TestSmtp } from '../testing/smtp-fixture';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { trackingPaths } from '../tracking/tracking-paths';
import { createJobRunner } from './job-runner';
import type { JobRunner } from './job-runner';

// The A/B subject test end to end: a real PostgreSQL with pg-boss, a real SMTP server on
// loopback, opens made through the tracking pixel as a mail client makes them. The runners
// keep the letters' own waits (15 minutes at least); a test ends a wait by moving the
// instant it ends, and the job queued for it, to now — what the clock would do.

const PUBLIC_URL = 'https://letters.example.com';
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
/** Apple Mail Privacy Protection's fetch: an open, but not a confirmed one. */
const APPLE_PROXY = 'Mozilla/5.0';
const SENDING = [PublicationStatus.sending, PublicationStatus.sending25, PublicationStatus.sending50, PublicationStatus.sending75];

let t: TestApp;
let smtp: TestSmtp;
let app: FastifyInstance;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
const runners: JobRunner[] = [];
let runner: JobRunner;

function newRunner(options: { abTestWaitSeconds?: number } = {}): JobRunner {
  const created = createJobRunner({
    db: t.db,
    connectionString: t.connectionString,
    smtpUrl: smtp.url,
    retryDelaySeconds: 0,
    pollingIntervalSeconds: 0.5,
    warn: () => undefined,
    ...options,
  });
  runners.push(created);
  return created;
}

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  runner = newRunner();
  app = await buildApp({ db: t.db, delivery: { letterScheduled: (id) => runner.letterScheduled(id) } });
  await runner.start({ publicUrl: PUBLIC_URL });
  editor = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  await knowMemberCodeField(t.db, weekly.channelId);
});
afterAll(async () => {
  for (const each of runners) await each.stop();
  await app?.close();
  await smtp?.close();
  await t?.close();
});

let audiences = 0;
async function audience(size: number) {
  const tag = `ab${++audiences}`;
  const email = (i: number) => `r${i}.${tag}@example.com`;
  for (let i = 1; i <= size; i++) await insertSubscriber(t.db, { channelId: weekly.channelId, email: email(i), tags: [tag] });
  const segmentId = await insertTagSegment(t.db, weekly.channelId, tag);
  return { tag, segmentId, email, addresses: Array.from({ length: size }, (_, i) => email(i + 1)).sort() };
}

const arrivedFor = (tag: string): ReceivedMail[] => smtp.received.filter((mail) => mail.envelope.to.some((to) => to.includes(`.${tag}@`)));
const addressesOf = (mails: ReceivedMail[]) => mails.flatMap((mail) => mail.envelope.to).sort();

async function post(url: string, payload: object) {
  const response = await app.inject({ method: 'POST', url, headers: editor, payload });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Letter>();
}

/** An A/B letter ('Subject A' / 'Subject B') scheduled for the segment, due now. */
async function abLetter(segmentId: number, abTest?: { samplePercent: number; waitMinutes: number }): Promise<Letter> {
  const settings = { ...defaultLetterSettings(), ...(abTest ? { abTest } : {}) };
  const draft = await createLetterAs(app, editor, weekly, {
    ...READY_TO_SCHEDULE,
    blocks: deliveryBlocks(),
    title: 'Subject A',
    segmentId,
    settings: JSON.stringify(settings),
  });
  const path = platformPaths.updateStatus(weekly.channelId, draft.id!);
  const atSchedule = await post(path, { publicationStatus: 7, currentStatus: 0, uniqueId: draft.uniqueId });
  const scheduled = await post(path, { publicationStatus: 2, currentStatus: 7, uniqueId: draft.uniqueId });
  expect(atSchedule.publicationStatus).toBe(7);
  // hasAbTest and subject B are schedule-step fields; set on the row as the step would.
  await t.db.updateTable('letters').set({ hasAbTest: true, subjectB: 'Subject B' }).where('id', '=', draft.id!).execute();
  await makeScheduledLettersDue(t.db, [draft.id!]);
  return scheduled;
}

async function abRow(letterId: number) {
  return t.db.selectFrom('abTests').selectAll().where('letterId', '=', letterId).executeTakeFirst();
}

/** Resolves once the sample is sent and the wait has started. */
async function sampleSent(letterId: number): Promise<void> {
  const giveUpAt = Date.now() + 20_000;
  while (!(await abRow(letterId))?.decideAt) {
    if (Date.now() > giveUpAt) throw new Error(`The A/B sample of letter ${letterId} was not sent`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The clock reaches the end of the wait: its instant, and the job queued for it, move to now. */
async function endWait(letterId: number): Promise<void> {
  await sql`UPDATE ab_tests SET decide_at = now() WHERE letter_id = ${letterId}`.execute(t.db);
  await sql`UPDATE pgboss.job SET start_after = now()
    WHERE name = 'send-edition' AND state = 'created' AND data->>'letterId' = ${String(letterId)}`.execute(t.db);
}

async function letterRow(letterId: number) {
  return t.db.selectFrom('letters').select(['publicationStatus', 'abTestMetrics']).where('id', '=', letterId).executeTakeFirstOrThrow();
}
const metricsOf = async (letterId: number) => (await letterRow(letterId)).abTestMetrics as AbTestMetrics | null;

async function recipients(letterId: number) {
  return t.db
    .selectFrom('letterRecipients')
    .select(['email', 'variant', 'status', 'trackingToken'])
    .where('letterId', '=', letterId)
    .orderBy('email')
    .execute();
}

/** A reader opens the email a minute after it arrived (sooner is a prefetch, never confirmed). */
async function open(letterId: number, email: string, userAgent = CHROME): Promise<void> {
  await sql`UPDATE letter_recipients SET sent_at = sent_at - interval '1 minute'
    WHERE letter_id = ${letterId} AND email = ${email}`.execute(t.db);
  const row = (await recipients(letterId)).find((each) => each.email === email)!;
  const response = await app.inject({ method: 'GET', url: trackingPaths.open(row.trackingToken), headers: { 'user-agent': userAgent } });
  expect(response.statusCode).toBe(200);
}

const subjectsByAddress = (mails: ReceivedMail[]) => new Map(mails.map((mail) => [mail.envelope.to[0]!, mail.mail.subject]));

describe('an A/B letter', () => {
  it('sends each subject to 10 % of the audience, waits in its sending status, then sends the winner by confirmed opens to the rest', async () => {
    const people = await audience(20);
    const letter = await abLetter(people.segmentId);
    await runner.sweep();
    await sampleSent(letter.id!);

    // The sample: 2 readers per subject; nobody else yet.
    const sample = arrivedFor(people.tag);
    expect(sample.map((mail) => mail.mail.subject).sort()).toEqual(['Subject A', 'Subject A', 'Subject B', 'Subject B']);
    const rows = await recipients(letter.id!);
    expect(rows.map((row) => row.variant).sort()).toEqual(['A', 'A', 'B', 'B']);
    const test = await abRow(letter.id!);
    expect(test).toMatchObject({ samplePercent: 10, waitMinutes: 240, audience: 20, samplePerSubject: 2, winner: null });
    // Four hours from when the sample went out.
    expect(test!.decideAt!.getTime() - Date.now()).toBeGreaterThan(239 * 60_000);
    const waiting = await letterRow(letter.id!);
    expect(SENDING).toContain(waiting.publicationStatus);
    expect(waiting.abTestMetrics).toEqual({
      winner: null,
      acceptA: 2,
      acceptB: 2,
      openA: 0,
      openB: 0,
      openRateA: 0,
      openRateB: 0,
      sampleSize: 4,
      variantRecipientsCount: '-',
    });
    // The sweep leaves a waiting test alone: its job comes at the end of the wait.
    expect(await runner.sweep()).toBe(0);

    // Both B readers open; one A reader's open is Apple's proxy (not confirmed), one opens twice.
    const [a1, a2] = rows.filter((row) => row.variant === 'A').map((row) => row.email);
    const [b1, b2] = rows.filter((row) => row.variant === 'B').map((row) => row.email);
    await open(letter.id!, b1!);
    await open(letter.id!, b2!);
    await open(letter.id!, a1!, APPLE_PROXY);
    await open(letter.id!, a2!);
    await open(letter.id!, a2!);
    // Someone joins the audience during the wait: they are part of the rest.
    await insertSubscriber(t.db, { channelId: weekly.channelId, email: `late.${people.tag}@example.com`, tags: [people.tag] });

    await endWait(letter.id!);
    await waitUntilDelivered(t.db, [letter.id!]);

    const all = arrivedFor(people.tag);
    expect(addressesOf(all)).toEqual([...people.addresses, `late.${people.tag}@example.com`].sort());
    const subjects = subjectsByAddress(all);
    const sampleAddresses = new Set(rows.map((row) => row.email));
    for (const [address, subject] of subjects) {
      if (!sampleAddresses.has(address)) expect(subject, address).toBe('Subject B');
    }
    const final = await letterRow(letter.id!);
    expect(final.publicationStatus).toBe(PublicationStatus.published);
    expect(final.abTestMetrics).toEqual({
      winner: 'B',
      acceptA: 2,
      acceptB: 2,
      openA: 1,
      openB: 2,
      openRateA: 50,
      openRateB: 100,
      sampleSize: 4,
      variantRecipientsCount: 17,
    });
    const after = await recipients(letter.id!);
    expect(after.filter((row) => row.variant === null)).toHaveLength(17);
    expect(after.every((row) => row.status === 'sent')).toBe(true);
    const events = await t.db.selectFrom('deliveryEvents').select(['kind', 'recipients', 'delivered']).where('letterId', '=', letter.id!).orderBy('id').execute();
    expect(events).toEqual([
      { kind: 'started', recipients: 20, delivered: 0 },
      { kind: 'sent', recipients: 21, delivered: 21 },
    ]);
  });

  it('gives a tie to A', async () => {
    const people = await audience(10);
    const letter = await abLetter(people.segmentId, { samplePercent: 20, waitMinutes: 15 });
    await runner.sweep();
    await sampleSent(letter.id!);
    const rows = await recipients(letter.id!);
    expect(rows.map((row) => row.variant).sort()).toEqual(['A', 'A', 'B', 'B']);
    expect((await abRow(letter.id!))!.decideAt!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
    await open(letter.id!, rows.find((row) => row.variant === 'A')!.email);
    await open(letter.id!, rows.find((row) => row.variant === 'B')!.email);

    await endWait(letter.id!);
    await waitUntilDelivered(t.db, [letter.id!]);
    const subjects = subjectsByAddress(arrivedFor(people.tag));
    expect(subjects.size).toBe(10);
    const rest = [...subjects].filter(([address]) => !rows.some((row) => row.email === address));
    expect(rest).toHaveLength(6);
    for (const [, subject] of rest) expect(subject).toBe('Subject A');
    expect(await metricsOf(letter.id!)).toMatchObject({ winner: 'A', openA: 1, openB: 1, openRateA: 50, openRateB: 50, variantRecipientsCount: 6 });
  });

  it('sizes the sample from its setting: rounded, at least one reader each, at most half each', async () => {
    const nine = await audience(9);
    const quarter = await abLetter(nine.segmentId, { samplePercent: 25, waitMinutes: 15 });
    const three = await audience(3);
    const small = await abLetter(three.segmentId);
    const five = await audience(5);
    const half = await abLetter(five.segmentId, { samplePercent: 50, waitMinutes: 15 });
    await runner.sweep();
    for (const letter of [quarter, small, half]) await sampleSent(letter.id!);
    expect((await abRow(quarter.id!))!.samplePerSubject).toBe(2);
    expect((await abRow(small.id!))!.samplePerSubject).toBe(1);
    expect((await abRow(half.id!))!.samplePerSubject).toBe(2);
    expect(arrivedFor(nine.tag)).toHaveLength(4);
    expect(arrivedFor(three.tag)).toHaveLength(2);
    expect(arrivedFor(five.tag)).toHaveLength(4);
    for (const letter of [quarter, small, half]) await endWait(letter.id!);
    await waitUntilDelivered(t.db, [quarter.id!, small.id!, half.id!]);
    expect(addressesOf(arrivedFor(nine.tag))).toEqual(nine.addresses);
    expect(addressesOf(arrivedFor(three.tag))).toEqual(three.addresses);
    expect(addressesOf(arrivedFor(five.tag))).toEqual(five.addresses);
  });

  it('with one reader, has no one to compare: sent at once with subject A', async () => {
    const one = await audience(1);
    const letter = await abLetter(one.segmentId);
    await runner.sweep();
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(arrivedFor(one.tag).map((mail) => mail.mail.subject)).toEqual(['Subject A']);
    expect(await metricsOf(letter.id!)).toMatchObject({ winner: 'A', sampleSize: 0, variantRecipientsCount: 1 });
  });

  it('survives a restart during the wait, and a lost job: the rest is sent once, nobody twice, nobody skipped', async () => {
    const people = await audience(12);
    const letter = await abLetter(people.segmentId, { samplePercent: 25, waitMinutes: 30 });
    await runner.sweep();
    await sampleSent(letter.id!);
    expect(arrivedFor(people.tag)).toHaveLength(6);
    await runner.stop();

    // Restarted: the job queued for the end of the wait is still there, and runs then.
    runner = newRunner();
    await runner.start({ publicUrl: PUBLIC_URL });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(arrivedFor(people.tag)).toHaveLength(6);
    expect(SENDING).toContain((await letterRow(letter.id!)).publicationStatus);
    // The job is lost too (a database restored without it): the sweep queues one once the wait is over.
    await sql`DELETE FROM pgboss.job WHERE name = 'send-edition' AND state = 'created' AND data->>'letterId' = ${String(letter.id)}`.execute(t.db);
    expect(await runner.sweep()).toBe(0);
    await sql`UPDATE ab_tests SET decide_at = now() WHERE letter_id = ${letter.id!}`.execute(t.db);
    expect(await runner.sweep()).toBe(1);
    await waitUntilDelivered(t.db, [letter.id!]);

    expect(addressesOf(arrivedFor(people.tag))).toEqual(people.addresses);
    expect((await letterRow(letter.id!)).publicationStatus).toBe(PublicationStatus.published);
    expect(await metricsOf(letter.id!)).toMatchObject({ winner: 'A', sampleSize: 6, variantRecipientsCount: 6 });
  });

  it('with two instances on one database, sends each email once', async () => {
    const people = await audience(16);
    smtp.delayMessages(20);
    const other = newRunner();
    await other.start({ publicUrl: PUBLIC_URL });
    try {
      const letter = await abLetter(people.segmentId, { samplePercent: 25, waitMinutes: 15 });
      await Promise.all([runner.sweep(), other.sweep()]);
      await sampleSent(letter.id!);
      expect(arrivedFor(people.tag)).toHaveLength(8);
      await endWait(letter.id!);
      await Promise.all([runner.sweep(), other.sweep(), runner.sweep()]);
      await waitUntilDelivered(t.db, [letter.id!]);
      expect(addressesOf(arrivedFor(people.tag))).toEqual(people.addresses);
    } finally {
      smtp.delayMessages(0);
      await other.stop();
    }
  });
});

describe('with AB_TEST_MIN_WAIT_SECONDS set', () => {
  it('waits that long instead of the letter’s wait, then the job queued for the end of the wait sends the rest', async () => {
    await runner.stop();
    runner = newRunner({ abTestWaitSeconds: 2 });
    await runner.start({ publicUrl: PUBLIC_URL });
    const people = await audience(10);
    const letter = await abLetter(people.segmentId, { samplePercent: 20, waitMinutes: 240 });
    await runner.sweep();
    await sampleSent(letter.id!);
    const test = await abRow(letter.id!);
    expect(test!.waitMinutes).toBe(240);
    expect(test!.decideAt!.getTime() - Date.now()).toBeLessThanOrEqual(2000);
    expect(arrivedFor(people.tag)).toHaveLength(4);
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(addressesOf(arrivedFor(people.tag))).toEqual(people.addresses);
    const decided = await abRow(letter.id!);
    expect(decided!.decidedAt!.getTime()).toBeGreaterThanOrEqual(decided!.decideAt!.getTime());
  });
});

describe('the A/B settings on the platform', () => {
  it('refuses a sample or a wait outside the rules, with the rule’s message, and stores nothing', async () => {
    const bad = { ...defaultLetterSettings(), abTest: { samplePercent: 60, waitMinutes: 10 } };
    const response = await app.inject({
      method: 'POST',
      url: platformPaths.letters(weekly.brand, weekly.channel),
      headers: editor,
      payload: createBody(weekly.channelId, { title: 'Refused', settings: JSON.stringify(bad) }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: object }>().errors).toEqual({
      'settings.abTest.samplePercent': [AB_TEST_MESSAGES.samplePercent],
      'settings.abTest.waitMinutes': [AB_TEST_MESSAGES.waitMinutes],
    });
    expect(await t.db.selectFrom('letters').select('id').where('title', '=', 'Refused').execute()).toEqual([]);

    const letter = await createLetterAs(app, editor, weekly, { title: 'Kept' });
    const update = await app.inject({
      method: 'POST',
      url: platformPaths.updateLetter(weekly.channel, letter.id!),
      headers: editor,
      payload: { ...letter, baseVersion: letter.version, settings: { ...letter.settings, abTest: { samplePercent: 10, waitMinutes: 14.5 } } },
    });
    expect(update.statusCode).toBe(422);
    const stored = await t.db.selectFrom('letters').select(['version', 'settings']).where('id', '=', letter.id!).executeTakeFirstOrThrow();
    expect(stored.version).toBe(letter.version);
    expect((stored.settings as { abTest?: unknown }).abTest).toBeUndefined();

    const good = await post(platformPaths.updateLetter(weekly.channel, letter.id!), {
      ...letter,
      baseVersion: letter.version,
      settings: { ...letter.settings, abTest: { samplePercent: 20, waitMinutes: 60 } },
    });
    expect(good.settings.abTest).toEqual({ samplePercent: 20, waitMinutes: 60 });
  });
});
