import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { CreateLetterRequest } from '../../shared/contract/platform-api';
import { AUTOMATION_MESSAGES, TemplateAutomationSchema } from '../../shared/contract/platform-automations';
import type { TemplateAutomation } from '../../shared/contract/platform-automations';
import { EditionMetricsResponseSchema } from '../../shared/contract/platform-metrics';
import type { AutomationSettings } from '../../shared/model/automation';
import type { Letter } from '../../shared/model/letter';
import { newSection } from '../../shared/model/section-factory';
import type { Section } from '../../shared/model/section';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { insertSubscriber, insertTagSegment } from '../testing/audience-fixtures';
import { deliverySections } from '../testing/delivery-fixtures';
import { waitUntilDelivered } from '../testing/due-deliveries';
import { channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { ReceivedMail, TestSmtp } from '../testing/smtp-fixture';
import { ephemeralPlatformSecret } from '../sending/platform-secret';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { buildApp } from '../app';
import { automationsDue } from './automation-jobs';
import { createJobRunner } from './job-runner';
import type { JobRunner } from './job-runner';

// Templates that run (issue 32), end to end on the platform: a real PostgreSQL with pg-boss,
// a real SMTP server on loopback, the API wired to the job runner as start.ts wires it.
// The automations' clock is the runners' `clock`, moved by the tests: a welcome's delay or
// a weekly digest's Monday morning comes at once, without waiting for it.

dayjs.extend(utc);
dayjs.extend(timezone);

const PUBLIC_URL = 'https://letters.example.com';
const ZONE = 'America/New_York';
const WAIT_MS = 20_000;

let t: TestApp;
let smtp: TestSmtp;
let app: FastifyInstance;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
const runners: JobRunner[] = [];
let runner: JobRunner;
const secret = ephemeralPlatformSecret();
/** The automations' clock; null: the real one. */
let clockAt: Date | null = null;
const clock = () => clockAt ?? new Date();

function newRunner(): JobRunner {
  const created = createJobRunner({
    db: t.db,
    connectionString: t.connectionString,
    smtpUrl: smtp.url,
    mailFrom: 'The Weekly <news@weekly.example>',
    secret,
    retryDelaySeconds: 0,
    pollingIntervalSeconds: 0.5,
    sendBatchSize: 2,
    clock,
    warn: () => undefined,
  });
  runners.push(created);
  return created;
}

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  runner = newRunner();
  app = await buildApp({
    db: t.db,
    secret,
    delivery: { letterScheduled: (id) => runner.letterScheduled(id), welcomesOwed: () => runner.welcomesOwed!() },
  });
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

// --- helpers ---

async function until<T>(what: string, probe: () => Promise<T | null | undefined | false>, timeoutMs = WAIT_MS): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > giveUpAt) throw new Error(`Gave up waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function post(url: string, payload: object, status = 200) {
  const response = await app.inject({ method: 'POST', url, headers: editor, payload });
  expect(response.statusCode, response.body).toBe(status);
  return response.json<Letter>();
}

/** A template made, configured with `automation` (save-on-scheduling in template configure) and activated. */
async function activeTemplate(title: string, automation: AutomationSettings, overrides: Partial<CreateLetterRequest> = {}): Promise<Letter> {
  const draft = await createLetterAs(app, editor, weekly, {
    title,
    subtitle: 'A preview',
    segmentId: 0,
    publicationStatus: 3,
    blocks: JSON.stringify(deliverySections()),
    ...overrides,
  });
  const configured = await post(platformPaths.saveOnScheduling(weekly.channelId, draft.id!), {
    claimant: null,
    emailTemplate: '',
    hasAbTest: false,
    openGraphHeadline: '',
    openGraphDescription: '',
    openGraphImageUrl: '',
    publicationDate: null,
    publicationStatus: 8,
    publicationDateTzCode: ZONE,
    segmentId: draft.segmentId,
    subjectB: '',
    subtitle: draft.subtitle,
    title: draft.title,
    uniqueId: draft.uniqueId,
    updatePreviewText: false,
    automation,
  });
  expect(configured.publicationStatus).toBe(8);
  expect(configured.automation).toEqual(automation);
  expect(configured.publicationEvent).toBe(automation.trigger === 'newSubscriber' ? 1 : 3);
  return setStatus(configured, 8, 9);
}

async function setStatus(letter: Letter, from: number, to: number): Promise<Letter> {
  return post(platformPaths.updateStatus(weekly.channelId, letter.id!), { publicationStatus: to, currentStatus: from, uniqueId: letter.uniqueId });
}

async function automationOf(letterId: number): Promise<TemplateAutomation> {
  const response = await app.inject({ method: 'GET', url: platformPaths.templateAutomation(weekly.channelId, letterId), headers: editor });
  expect(response.statusCode, response.body).toBe(200);
  return TemplateAutomationSchema.parse(response.json());
}

async function addSubscriber(email: string): Promise<number> {
  const response = await app.inject({ method: 'POST', url: platformPaths.subscribers(weekly.brand, weekly.channel), headers: editor, payload: { email } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ id: number }>().id;
}

const mailsTo = (address: string, subject: string): ReceivedMail[] =>
  smtp.received.filter((mail) => mail.envelope.to.includes(address) && mail.mail.subject === subject);

const mailsWith = (subject: string): ReceivedMail[] => smtp.received.filter((mail) => mail.mail.subject === subject);

async function sentRows(letterId: number) {
  return t.db.selectFrom('letterRecipients').select(['email', 'status']).where('letterId', '=', letterId).orderBy('email').execute();
}

/** save-on-scheduling's body for a template staying in template configure. */
function configureBody(letter: Letter) {
  return {
    claimant: null,
    emailTemplate: '',
    hasAbTest: false,
    openGraphHeadline: '',
    openGraphDescription: '',
    openGraphImageUrl: '',
    publicationDate: null,
    publicationStatus: 8,
    publicationDateTzCode: ZONE,
    segmentId: letter.segmentId,
    subjectB: '',
    subtitle: letter.subtitle,
    title: letter.title,
    uniqueId: letter.uniqueId,
    updatePreviewText: false,
  };
}

// --- new subscriber (publication type 1) ---

describe('a welcome template', () => {
  it('reaches a subscriber added in the app once, as a real tracked email, and says so', async () => {
    const template = await activeTemplate('Welcome aboard', { trigger: 'newSubscriber', delay: { amount: 0, unit: 'minutes' } });
    const before = await automationOf(template.id!);
    expect(before).toMatchObject({ active: true, waitsForNewSubscribers: true, nextRunAt: null, sentCount: 0 });

    const address = 'first.welcome@example.com';
    await addSubscriber(address);
    const [mail] = await until('the welcome', async () => mailsTo(address, 'Welcome aboard').length > 0 && mailsTo(address, 'Welcome aboard'));
    // The send path of scheduled letters: signed unsubscribe header, tracked open pixel.
    const headers = mail!.raw.toString().split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
    expect(headers).toContain(`List-Unsubscribe: <${PUBLIC_URL}/unsubscribe/weekly/`);
    expect(headers).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mail!.mail.html).toContain(`${PUBLIC_URL}/t/o/`);

    // Sweeping again (as every minute) sends nothing more.
    await runner.sweep();
    await runner.sweep();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(address, 'Welcome aboard')).toHaveLength(1);
    expect(await sentRows(template.id!)).toEqual([{ email: address, status: 'sent' }]);

    const after = await automationOf(template.id!);
    expect(after.sentCount).toBe(1);
    expect(after.waitingCount).toBe(0);
    // Its own report figures: the template's edition metrics count the welcome.
    const metrics = await app.inject({ method: 'GET', url: platformPaths.letterMetrics(weekly.channelId, template.id!), headers: editor });
    expect(metrics.statusCode, metrics.body).toBe(200);
    expect(EditionMetricsResponseSchema.parse(metrics.json()).items[0]).toMatchObject({ sent: 1, accepted: 1 });
    await setStatus(template, 9, 3);
  });

  it('waits for its delay and never reaches a reader who unsubscribed or bounced meanwhile', async () => {
    const subject = 'Welcome, an hour later';
    const template = await activeTemplate(subject, { trigger: 'newSubscriber', delay: { amount: 1, unit: 'hours' } });
    const stays = 'stays.delay@example.com';
    const leaves = 'leaves.delay@example.com';
    const bounces = 'bounces.delay@example.com';
    await addSubscriber(stays);
    const leaverId = await addSubscriber(leaves);
    const bouncerId = await addSubscriber(bounces);
    // A hard bounce of another letter (bounces/bounce-records.ts) makes the subscriber bounced.
    await t.db.updateTable('subscribers').set({ status: 'bounced' }).where('id', '=', bouncerId).execute();
    const unsubscribe = await app.inject({
      method: 'POST',
      url: platformPaths.subscriberUnsubscribe(weekly.brand, weekly.channel, leaverId),
      headers: editor,
      payload: {},
    });
    expect(unsubscribe.statusCode, unsubscribe.body).toBeLessThan(300);
    expect((await automationOf(template.id!)).waitingCount).toBe(3);

    // Not due yet: the sweep queues nothing for this template.
    expect((await automationsDue(t.db, clock())).some((job) => job.kind === 'welcomes' && job.templateId === template.id)).toBe(false);
    clockAt = dayjs().add(61, 'minute').toDate();
    try {
      await runner.sweep();
      await until('the delayed welcome', async () => mailsTo(stays, subject).length > 0);
      await until('the welcomes settled', async () => (await automationOf(template.id!)).waitingCount === 0);
    } finally {
      clockAt = null;
    }
    expect(mailsTo(stays, subject)).toHaveLength(1);
    expect(mailsTo(leaves, subject)).toHaveLength(0);
    expect(mailsTo(bounces, subject)).toHaveLength(0);
    expect(await sentRows(template.id!)).toEqual([{ email: stays, status: 'sent' }]);
    const welcomes = await t.db.selectFrom('automationWelcomes').select(['subscriberId', 'state']).where('templateId', '=', template.id!).execute();
    expect(welcomes.find((row) => row.subscriberId === leaverId)?.state).toBe('dropped');
    expect(welcomes.find((row) => row.subscriberId === bouncerId)?.state).toBe('dropped');
  });

  it('is sent once to each subscriber an import welcomes, with two instances and a restart in between', async () => {
    const subject = 'Welcome from the import';
    const template = await activeTemplate(subject, { trigger: 'newSubscriber', delay: { amount: 0, unit: 'minutes' } });
    // An import without the option owes no welcome (it is off by default).
    const quiet = await app.inject({
      method: 'POST',
      url: platformPaths.subscribersImport(weekly.brand, weekly.channel),
      headers: editor,
      payload: { csv: 'email\nquiet.import@example.com\n' },
    });
    expect(quiet.statusCode, quiet.body).toBe(200);

    smtp.delayMessages(120);
    const other = newRunner();
    await other.start({ publicUrl: PUBLIC_URL });
    const names = Array.from({ length: 8 }, (_, i) => `imported${i}@example.com`);
    const imported = await app.inject({
      method: 'POST',
      url: platformPaths.subscribersImport(weekly.brand, weekly.channel),
      headers: editor,
      payload: { csv: `email\n${names.join('\n')}\n`, sendWelcome: true },
    });
    expect(imported.statusCode, imported.body).toBe(200);
    await Promise.all([runner.sweep(), other.sweep(), runner.sweep(), other.sweep()]);
    // The first instance stops halfway; a new one starts on the same database.
    await until('some welcomes', async () => mailsWith(subject).length >= 2);
    await runner.stop();
    runner = newRunner();
    await runner.start({ publicUrl: PUBLIC_URL });
    await until('every welcome', async () => (await automationOf(template.id!)).sentCount === names.length);
    await other.stop();
    smtp.delayMessages(0);
    await runner.sweep();
    await new Promise((resolve) => setTimeout(resolve, 500));

    const arrived = mailsWith(subject).flatMap((mail) => mail.envelope.to).sort();
    expect(arrived).toEqual([...names].sort());
    expect(mailsTo('quiet.import@example.com', subject)).toHaveLength(0);
    await setStatus(template, 9, 3);
  });
});

// --- recurring (publication type 3) ---

function digestSection(): Section {
  const section = newSection('curation', 'digest');
  if (section.type !== 'curation') throw new Error('not a curation section');
  section.blockModel = { ...section.blockModel, itemCount: 5, daysToDisplay: 1, useExactDates: false, keyword: 'Digestible', items: [] };
  return section;
}

async function curate(title: string, curatedAt: Date) {
  await t.db
    .insertInto('aggregates')
    .values({ channelId: weekly.channelId, title, originalUrl: `https://example.com/${encodeURIComponent(title)}`, curated: true, curatedAt, publicationDate: curatedAt })
    .execute();
}

describe('a weekly digest', () => {
  it("runs at its time on the channel's clock with that day's curated items, is skipped without any, and stops when deactivated", async () => {
    const subject = 'The Monday digest';
    const tag = 'digest';
    for (const name of ['ann', 'bob']) await insertSubscriber(t.db, { channelId: weekly.channelId, email: `${name}.${tag}@example.com`, tags: [tag] });
    const segmentId = await insertTagSegment(t.db, weekly.channelId, tag);
    const activatedAt = new Date();
    const template = await activeTemplate(
      subject,
      { trigger: 'recurring', schedule: { frequency: 'weekly', weekdays: [1], time: '08:00' } },
      { segmentId, blocks: JSON.stringify([...deliverySections(), digestSection()]) },
    );

    const configured = await automationOf(template.id!);
    expect(configured.active).toBe(true);
    expect(configured.waitsForNewSubscribers).toBe(false);
    const firstRun = new Date(configured.nextRunAt!);
    expect(dayjs(firstRun).tz(ZONE).format('dddd HH:mm')).toBe('Monday 08:00');
    expect(firstRun.getTime()).toBeGreaterThan(activatedAt.getTime());
    expect(firstRun.getTime() - activatedAt.getTime()).toBeLessThanOrEqual(7 * 24 * 3600 * 1000);

    // That Monday's item, and one curated the evening before, which "the last day" leaves out.
    const monday = dayjs(firstRun).tz(ZONE);
    await curate('Digestible: tide tables for the week', monday.subtract(1, 'hour').toDate());
    await curate('Digestible: old harbour news', monday.subtract(12, 'hour').toDate());

    // Not due before its time.
    clockAt = new Date(firstRun.getTime() - 60_000);
    expect((await automationsDue(t.db, clock())).some((job) => job.kind === 'recurring' && job.templateId === template.id)).toBe(false);

    // Its time: two instances sweep at once, one edition is made and sent.
    const other = newRunner();
    await other.start({ publicUrl: PUBLIC_URL });
    clockAt = new Date(firstRun.getTime() + 30_000);
    await Promise.all([runner.sweep(), other.sweep(), runner.sweep(), other.sweep()]);
    const run = await until('the first run', () =>
      t.db.selectFrom('automationRuns').selectAll().where('templateId', '=', template.id!).where('runAt', '=', firstRun).executeTakeFirst(),
    );
    expect(run.outcome).toBe('sent');
    const editionId = run.editionId!;
    // Made in 11 (processing for automation), then scheduled and sent as any letter.
    await until('the edition scheduled', async () => (await t.db.selectFrom('letters').select('publicationStatus').where('id', '=', editionId).executeTakeFirstOrThrow()).publicationStatus !== 11);
    await waitUntilDelivered(t.db, [editionId]);
    await other.stop();

    const edition = await t.db.selectFrom('letters').selectAll().where('id', '=', editionId).executeTakeFirstOrThrow();
    expect(edition).toMatchObject({ publicationStatus: 1, publicationEvent: 3, automationUniqueId: template.uniqueId, title: subject });
    expect(edition.publicationDate).toBe(`${monday.format('YYYY-MM-DD')} 08:00:00`);
    const mails = mailsWith(subject);
    expect(mails.flatMap((mail) => mail.envelope.to).sort()).toEqual([`ann.${tag}@example.com`, `bob.${tag}@example.com`]);
    for (const mail of mails) {
      expect(mail.mail.html).toContain('Digestible: tide tables for the week');
      expect(mail.mail.html).not.toContain('old harbour news');
    }
    // An edition of its own: in the letters list as published, with its own report.
    const list = await app.inject({ method: 'GET', url: platformPaths.letters(weekly.brand, weekly.channel), headers: editor });
    expect(list.json<{ items: { id: number; publicationStatus: number }[] }>().items.find((item) => item.id === editionId)?.publicationStatus).toBe(1);
    const metrics = await app.inject({ method: 'GET', url: platformPaths.letterMetrics(weekly.channelId, editionId), headers: editor });
    expect(EditionMetricsResponseSchema.parse(metrics.json()).items[0]).toMatchObject({ sent: 2 });

    const afterFirst = await automationOf(template.id!);
    expect(afterFirst.sentCount).toBe(2);
    expect(afterFirst.runs).toEqual([{ runAt: firstRun.toISOString(), outcome: 'sent', letterId: editionId, message: '' }]);
    const secondRun = new Date(afterFirst.nextRunAt!);
    expect(dayjs(secondRun).tz(ZONE).format('YYYY-MM-DD HH:mm')).toBe(`${monday.add(7, 'day').format('YYYY-MM-DD')} 08:00`);

    // The next Monday nothing was curated: the run is skipped and says so.
    clockAt = new Date(secondRun.getTime() + 30_000);
    await runner.sweep();
    const skipped = await until('the second run', () =>
      t.db.selectFrom('automationRuns').selectAll().where('templateId', '=', template.id!).where('runAt', '=', secondRun).executeTakeFirst(),
    );
    expect(skipped).toMatchObject({ outcome: 'skipped', editionId: null, message: AUTOMATION_MESSAGES.skippedEmpty });
    const afterSecond = await automationOf(template.id!);
    expect(afterSecond.runs[0]).toEqual({ runAt: secondRun.toISOString(), outcome: 'skipped', letterId: null, message: AUTOMATION_MESSAGES.skippedEmpty });
    expect(afterSecond.sentCount).toBe(2);
    expect(mailsWith(subject)).toHaveLength(2);
    const thirdRun = new Date(afterSecond.nextRunAt!);

    // Deactivated: no next run, and at the third Monday nothing is due.
    await setStatus(template, 9, 3);
    expect(await automationOf(template.id!)).toMatchObject({ active: false, nextRunAt: null });
    await curate('Digestible: a third week', new Date(thirdRun.getTime() - 3_600_000));
    clockAt = new Date(thirdRun.getTime() + 30_000);
    expect((await automationsDue(t.db, clock())).some((job) => job.kind === 'recurring' && job.templateId === template.id)).toBe(false);
    await runner.sweep();
    clockAt = null;
    const runs = await t.db.selectFrom('automationRuns').select('runAt').where('templateId', '=', template.id!).execute();
    expect(runs).toHaveLength(2);
  });
});

describe('configuring a template', () => {
  it('refuses a trigger on a letter, and an activation that lacks what the automation needs', async () => {
    const letter = await createLetterAs(app, editor, weekly, { title: 'Just a letter', subtitle: 'x', segmentId: 0 });
    const onLetter = await app.inject({
      method: 'POST',
      url: platformPaths.saveOnScheduling(weekly.channelId, letter.id!),
      headers: editor,
      payload: {
        claimant: null,
        emailTemplate: '',
        hasAbTest: false,
        openGraphHeadline: '',
        openGraphDescription: '',
        openGraphImageUrl: '',
        publicationDate: null,
        publicationStatus: 0,
        publicationDateTzCode: ZONE,
        segmentId: 0,
        subjectB: '',
        subtitle: 'x',
        title: 'Just a letter',
        uniqueId: letter.uniqueId,
        updatePreviewText: false,
        automation: { trigger: 'newSubscriber', delay: { amount: 0, unit: 'minutes' } },
      },
    });
    expect(onLetter.statusCode).toBe(422);
    expect(onLetter.json()).toMatchObject({ errors: { automation: [AUTOMATION_MESSAGES.notTemplate] } });

    const noAudience = await createLetterAs(app, editor, weekly, { title: 'Digest without readers', subtitle: 'x', segmentId: null, publicationStatus: 3 });
    const configured = await post(platformPaths.saveOnScheduling(weekly.channelId, noAudience.id!), {
      claimant: null,
      emailTemplate: '',
      hasAbTest: false,
      openGraphHeadline: '',
      openGraphDescription: '',
      openGraphImageUrl: '',
      publicationDate: null,
      publicationStatus: 8,
      publicationDateTzCode: ZONE,
      segmentId: null,
      subjectB: '',
      subtitle: 'x',
      title: 'Digest without readers',
      uniqueId: noAudience.uniqueId,
      updatePreviewText: false,
      automation: { trigger: 'recurring', schedule: { frequency: 'daily', time: '07:30' } },
    });
    const refused = await app.inject({
      method: 'POST',
      url: platformPaths.updateStatus(weekly.channelId, configured.id!),
      headers: editor,
      payload: { publicationStatus: 9, currentStatus: 8, uniqueId: configured.uniqueId },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({ message: AUTOMATION_MESSAGES.activationRefused, errors: { segmentId: [AUTOMATION_MESSAGES.audience] } });
    expect(await automationOf(configured.id!)).toMatchObject({ active: false, nextRunAt: null, automation: { trigger: 'recurring' } });

    // A weekly schedule needs a day; a time is HH:mm.
    for (const [schedule, field, message] of [
      [{ frequency: 'weekly', weekdays: [], time: '08:00' }, 'automation.schedule.weekdays', 'Choose at least one day of the week.'],
      [{ frequency: 'daily', time: '8 am' }, 'automation.schedule.time', 'Use the format HH:mm (00:00 to 23:59).'],
    ] as const) {
      const response = await app.inject({
        method: 'POST',
        url: platformPaths.saveOnScheduling(weekly.channelId, configured.id!),
        headers: editor,
        payload: { ...configureBody(configured), automation: { trigger: 'recurring', schedule } },
      });
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json<{ errors: Record<string, string[]> }>().errors[field]).toEqual([message]);
    }
  });
});
