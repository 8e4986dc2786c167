import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { DeliveryEventsResponseSchema } from '../../shared/contract/platform-delivery-events';
import {
  ITERABLE_KEY_MANAGERS_ONLY,
  ITERABLE_KEY_MISSING_AT_SEND_MESSAGE,
  ITERABLE_KEY_REQUIRED_MESSAGE,
  ITERABLE_CAMPAIGN_UNCERTAIN_MESSAGE,
  IterableIntegrationSchema,
  iterableSendFailedMessage,
} from '../../shared/contract/platform-iterable';
import type { CreateLetterRequest } from '../../shared/contract/platform-api';
import { EditionReportResponseSchema } from '../../shared/contract/platform-reports';
import { ClickLinksResponseSchema } from '../../shared/contract/platform-metrics';
import type { Letter } from '../../shared/model/letter';
import { buildApp } from '../app';
import { addMembership, createUser } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { insertSubscriber, insertTagSegment } from '../testing/audience-fixtures';
import { LETTER_TEXT, deliverySections, knowMemberCodeField } from '../testing/delivery-fixtures';
import { makeScheduledLettersDue, waitUntilDelivered } from '../testing/due-deliveries';
import { startLoopbackIterable } from '../testing/iterable-server';
import type { LoopbackIterable } from '../testing/iterable-server';
import { READY_TO_SCHEDULE, channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { ephemeralPlatformSecret } from '../sending/platform-secret';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { createJobRunner } from '../jobs/job-runner';
import type { JobRunner } from '../jobs/job-runner';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';

// An Iterable letter end to end on the platform: the organization's key set through the API
// (sealed at rest), scheduling refused without it, and with it the letter sent at its time
// through the loopback Iterable (list, subscribers, template, campaign), its readers' events
// read back by the provider-events job into the letter's report. Real PostgreSQL, pg-boss and
// the loopback Iterable; nothing of the platform's own is stood in for.

const PUBLIC_URL = 'https://letters.example.com';
const API_KEY = 'iterable-server-key-00000000001a2b';
const LINK = 'https://tides.example.com/this-week';

let t: TestApp;
let iterable: LoopbackIterable;
let app: FastifyInstance;
let runner: JobRunner;
let owner: Headers;
let weekly: { brand: string; channel: string; channelId: number };
const secret = ephemeralPlatformSecret();

beforeAll(async () => {
  t = await createTestApp();
  iterable = await startLoopbackIterable({ apiKey: API_KEY });
  runner = createJobRunner({
    db: t.db,
    connectionString: t.connectionString,
    secret,
    retryDelaySeconds: 0,
    pollingIntervalSeconds: 0.5,
    // Read when the test says so (it moves next_poll_at), not on a clock.
    iterable: { apiUrl: iterable.url, firstReadAfterSeconds: 3600, readEverySeconds: 3600 },
    warn: () => undefined,
  });
  app = await buildApp({ db: t.db, secret, delivery: { letterScheduled: (id) => runner.letterScheduled(id) } });
  await runner.start({ publicUrl: PUBLIC_URL });
  owner = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  // The letters fill {{ member_code }}: scheduling refuses a tag the channel does not know.
  await knowMemberCodeField(t.db, weekly.channelId);
});
afterAll(async () => {
  await runner?.stop();
  await app?.close();
  await iterable?.close();
  await t?.close();
});

const keyPath = () => platformPaths.iterableIntegration('demo');
const putKey = (apiKey: string, headers = owner) => app.inject({ method: 'PUT', url: keyPath(), headers, payload: { apiKey } });
const removeKey = (headers = owner) => app.inject({ method: 'DELETE', url: keyPath(), headers });

let audiences = 0;
async function audience(names: string[]) {
  const tag = `it${++audiences}`;
  for (const name of names) {
    await insertSubscriber(t.db, { channelId: weekly.channelId, email: `${name}.${tag}@example.com`, firstName: name, tags: [tag] });
  }
  return { segmentId: await insertTagSegment(t.db, weekly.channelId, tag), email: (name: string) => `${name}.${tag}@example.com` };
}

function linkedParagraph(): Section {
  return { ...newSection('paragraph', 'p-link'), delta: { ops: [{ insert: 'Read the ' }, { insert: 'tide tables', attributes: { link: LINK } }, { insert: '.\n' }] } };
}

async function post(url: string, payload: object) {
  return app.inject({ method: 'POST', url, headers: owner, payload });
}

/** A draft of the weekly channel made an Iterable letter (esp 1), then taken to the schedule step. */
async function iterableLetterAtSchedule(overrides: Partial<CreateLetterRequest>): Promise<Letter> {
  const draft = await createLetterAs(app, owner, weekly, { ...READY_TO_SCHEDULE, blocks: JSON.stringify([...deliverySections(), linkedParagraph()]), ...overrides });
  await t.db.updateTable('letters').set({ esp: 1 }).where('id', '=', draft.id!).execute();
  const response = await post(platformPaths.updateStatus(weekly.channelId, draft.id!), { publicationStatus: 7, currentStatus: 0, uniqueId: draft.uniqueId });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<Letter>();
}

const schedule = (letter: Letter) => post(platformPaths.updateStatus(weekly.channelId, letter.id!), { publicationStatus: 2, currentStatus: 7, uniqueId: letter.uniqueId });

async function statusOf(letterId: number): Promise<number> {
  return (await t.db.selectFrom('letters').select('publicationStatus').where('id', '=', letterId).executeTakeFirstOrThrow()).publicationStatus;
}

async function report(letterId: number) {
  const response = await app.inject({ method: 'GET', url: platformPaths.report('demo', 'weekly', letterId), headers: owner });
  expect(response.statusCode, response.body).toBe(200);
  return EditionReportResponseSchema.parse(response.json()).items[0]!;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > giveUpAt) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("the organization's Iterable API key", () => {
  it('is set and removed by an owner, kept sealed, and shown only by its ending', async () => {
    const none = IterableIntegrationSchema.parse((await app.inject({ method: 'GET', url: keyPath(), headers: owner })).json());
    expect(none).toMatchObject({ configured: false, keyEnding: null, canManage: true });

    const saved = await putKey(`  ${API_KEY} `);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(IterableIntegrationSchema.parse(saved.json())).toMatchObject({ kind: 'iterable', configured: true, keyEnding: '1a2b' });
    expect(saved.body).not.toContain(API_KEY);
    const stored = await t.db.selectFrom('organizationIntegrations').select('token').where('kind', '=', 'iterable').executeTakeFirstOrThrow();
    expect(stored.token).not.toContain(API_KEY);
    expect(secret.open(stored.token)).toBe(API_KEY);

    const blank = await putKey('   ');
    expect(blank.statusCode).toBe(422);
    expect(JSON.stringify(blank.json())).toContain('Enter your Iterable API key.');
    expect(secret.open((await t.db.selectFrom('organizationIntegrations').select('token').where('kind', '=', 'iterable').executeTakeFirstOrThrow()).token)).toBe(API_KEY);

    const removed = await removeKey();
    expect(IterableIntegrationSchema.parse(removed.json())).toMatchObject({ configured: false, keyEnding: null });
    expect(await t.db.selectFrom('organizationIntegrations').select('id').where('kind', '=', 'iterable').execute()).toHaveLength(0);
  });

  it('is shown to an editor, who may not change it', async () => {
    const user = await createUser(t.db, { email: 'editor@iterable.test', password: 'editor-password', name: 'Ed', surname: 'Itor' });
    const demo = await t.db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    await addMembership(t.db, { userId: user.id, organizationId: demo.id, role: 'editor' });
    const editor = await signIn(app, 'editor@iterable.test', 'editor-password');
    const seen = IterableIntegrationSchema.parse((await app.inject({ method: 'GET', url: keyPath(), headers: editor })).json());
    expect(seen.canManage).toBe(false);
    const refused = await putKey(API_KEY, editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(ITERABLE_KEY_MANAGERS_ONLY);
    expect((await removeKey(editor)).statusCode).toBe(403);
    expect(await t.db.selectFrom('organizationIntegrations').select('id').where('kind', '=', 'iterable').execute()).toHaveLength(0);
  });
});

describe('an Iterable letter', () => {
  it('cannot be scheduled while the organization has no key: a clear message, and the letter stays where it was', async () => {
    const people = await audience(['nia']);
    const letter = await iterableLetterAtSchedule({ segmentId: people.segmentId });
    const refused = await schedule(letter);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().message).toBe(ITERABLE_KEY_REQUIRED_MESSAGE);
    expect(await statusOf(letter.id!)).toBe(7);
    expect(iterable.campaigns.size).toBe(0);
  });

  it('goes back to draft at its time, saying why, if the key was removed after it was scheduled', async () => {
    expect((await putKey(API_KEY)).statusCode).toBe(200);
    const people = await audience(['oli']);
    const letter = await iterableLetterAtSchedule({ segmentId: people.segmentId });
    const scheduled = await schedule(letter);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect((await removeKey()).statusCode).toBe(200);
    await makeScheduledLettersDue(t.db, [letter.id!]);
    await runner.sweep();
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(await statusOf(letter.id!)).toBe(0);
    const events = await app.inject({ method: 'GET', url: `${platformPaths.deliveryEvents()}?since=0`, headers: owner });
    const mine = DeliveryEventsResponseSchema.parse(events.json()).items.filter((event) => event.letterId === letter.id);
    expect(mine.at(-1)).toMatchObject({ kind: 'failed', message: ITERABLE_KEY_MISSING_AT_SEND_MESSAGE });
    expect(iterable.campaigns.size).toBe(0);
  });

  it('goes back to draft with Iterable’s own words when Iterable refuses the key, and is not retried', async () => {
    expect((await putKey('a-key-iterable-does-not-know')).statusCode).toBe(200);
    const people = await audience(['pia']);
    const letter = await iterableLetterAtSchedule({ segmentId: people.segmentId });
    const scheduled = await schedule(letter);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const campaignsBefore = iterable.campaigns.size;
    await makeScheduledLettersDue(t.db, [letter.id!]);
    await runner.sweep();
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(await statusOf(letter.id!)).toBe(0);
    const events = await app.inject({ method: 'GET', url: `${platformPaths.deliveryEvents()}?since=0`, headers: owner });
    const mine = DeliveryEventsResponseSchema.parse(events.json()).items.filter((event) => event.letterId === letter.id);
    expect(mine.at(-1)).toMatchObject({ kind: 'failed', message: iterableSendFailedMessage('Invalid API key') });
    expect(iterable.campaigns.size).toBe(campaignsBefore);
    expect((await putKey(API_KEY)).statusCode).toBe(200);
  });

  it('never asks Iterable for a campaign twice: a run finding one asked for and unanswered stops, and scheduling again starts over', async () => {
    expect((await putKey(API_KEY)).statusCode).toBe(200);
    const people = await audience(['quin', 'rae']);
    const letter = await iterableLetterAtSchedule({ segmentId: people.segmentId });
    const scheduled = await schedule(letter);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const campaignsBefore = iterable.campaigns.size;
    await makeScheduledLettersDue(t.db, [letter.id!]);
    // As a run killed while Iterable was creating the campaign leaves it.
    const { publicationAt } = await t.db.selectFrom('letters').select('publicationAt').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    await t.db.insertInto('iterableSends').values({ letterId: letter.id!, publicationAt: publicationAt!, listId: 424242, campaignRequestedAt: new Date() }).execute();
    await runner.sweep();
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(await statusOf(letter.id!)).toBe(0);
    const events = await app.inject({ method: 'GET', url: `${platformPaths.deliveryEvents()}?since=0`, headers: owner });
    const mine = DeliveryEventsResponseSchema.parse(events.json()).items.filter((event) => event.letterId === letter.id);
    expect(mine.at(-1)).toMatchObject({ kind: 'failed', message: ITERABLE_CAMPAIGN_UNCERTAIN_MESSAGE });
    expect(iterable.campaigns.size).toBe(campaignsBefore);

    // The editor checked Iterable and schedules it again: a send of its own, with a list of its own.
    const atSchedule = await post(platformPaths.updateStatus(weekly.channelId, letter.id!), { publicationStatus: 7, currentStatus: 0, uniqueId: letter.uniqueId });
    expect(atSchedule.statusCode, atSchedule.body).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await schedule(letter)).statusCode).toBe(200);
    await makeScheduledLettersDue(t.db, [letter.id!]);
    await runner.sweep();
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(await statusOf(letter.id!)).toBe(1);
    expect(iterable.campaigns.size).toBe(campaignsBefore + 1);
    const campaign = [...iterable.campaigns.values()].at(-1)!;
    expect(campaign.listIds).not.toContain(424242);
    expect(campaign.sentTo.sort()).toEqual(['quin', 'rae'].map(people.email));
  });

  it('is sent to its whole audience with the A subject when it was set up as an A/B test (Iterable sends one subject)', async () => {
    expect((await putKey(API_KEY)).statusCode).toBe(200);
    const people = await audience(['ab1', 'ab2', 'ab3', 'ab4', 'ab5', 'ab6']);
    const letter = await iterableLetterAtSchedule({ segmentId: people.segmentId, title: 'Subject A' });
    await t.db.updateTable('letters').set({ hasAbTest: true, subjectB: 'Subject B' }).where('id', '=', letter.id!).execute();
    const scheduled = await schedule({ ...letter });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    const campaignsBefore = new Set(iterable.campaigns.keys());
    await makeScheduledLettersDue(t.db, [letter.id!]);
    await runner.sweep();
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(await statusOf(letter.id!)).toBe(1);
    const mine = [...iterable.campaigns.entries()].filter(([id]) => !campaignsBefore.has(id));
    expect(mine).toHaveLength(1);
    expect(mine[0]![1].sentTo.sort()).toEqual(['ab1', 'ab2', 'ab3', 'ab4', 'ab5', 'ab6'].map(people.email));
    expect(iterable.templates.get(mine[0]![1].templateId)?.subject).toBe('Subject A');
    expect(await t.db.selectFrom('abTests').select('letterId').where('letterId', '=', letter.id!).execute()).toHaveLength(0);
  });

  it('is sent through Iterable at its time, and its readers’ opens, clicks, bounces and unsubscribes reach its report', async () => {
    expect((await putKey(API_KEY)).statusCode).toBe(200);
    const campaignsBefore = new Set(iterable.campaigns.keys());
    const requestsBefore = iterable.requests.length;
    const people = await audience(['ada', 'bob', 'cy', 'dee']);
    const letter = await iterableLetterAtSchedule({ segmentId: people.segmentId, title: 'Tides this week' });
    const scheduled = await schedule(letter);
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    await makeScheduledLettersDue(t.db, [letter.id!]);
    await runner.sweep();
    await waitUntilDelivered(t.db, [letter.id!]);
    expect(await statusOf(letter.id!)).toBe(1);

    // One list of the four readers, one template of the rendered letter, one campaign of both.
    const mine = [...iterable.campaigns.entries()].filter(([id]) => !campaignsBefore.has(id));
    expect(mine).toHaveLength(1);
    const [campaignId, campaign] = mine[0]!;
    expect(campaign.sentTo.sort()).toEqual(['ada', 'bob', 'cy', 'dee'].map(people.email));
    const template = iterable.templates.get(campaign.templateId)!;
    expect(template.subject).toBe('Tides this week');
    expect(template.html).toContain(LETTER_TEXT);
    // Iterable fills its own unsubscribe link; the links are the letter's own (Iterable tracks clicks itself).
    expect(template.html).toContain('{{unsubscribeUrl}}');
    expect(template.html).toContain(`href="${LINK}"`);
    expect(iterable.lists.get(campaign.listIds[0]!)?.members.get(people.email('ada'))).toMatchObject({ firstName: 'ada' });
    for (const request of iterable.requests.slice(requestsBefore)) expect(request.headers['api-key']).toBe(API_KEY);
    const rows = await t.db.selectFrom('letterRecipients').select(['email', 'status']).where('letterId', '=', letter.id!).execute();
    expect(rows.map((row) => row.status)).toEqual(['sent', 'sent', 'sent', 'sent']);

    // Readers act an hour later (well past the machine windows), as Iterable reports them.
    const later = new Date(Date.now() + 60 * 60 * 1000);
    const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Safari/605.1.15';
    iterable.readerEvent('emailOpen', campaignId, people.email('ada'), { userAgent: browser }, later);
    iterable.readerEvent('emailOpen', campaignId, people.email('bob'), { userAgent: browser }, later);
    iterable.readerEvent('emailClick', campaignId, people.email('ada'), { url: LINK, userAgent: browser }, new Date(later.getTime() + 60_000));
    iterable.readerEvent('emailBounce', campaignId, people.email('cy'), { recipientState: 'HardBounce' }, later);
    iterable.readerEvent('emailUnSubscribe', campaignId, people.email('dee'), {}, later);

    await t.db.updateTable('iterableSends').set({ nextPollAt: new Date(Date.now() - 1000) }).where('letterId', '=', letter.id!).execute();
    await runner.sweep();
    const counted = await until(() => report(letter.id!), (item) => item.metrics.unsubscribed === 1 && item.metrics.clicksUnique === 1 && item.metrics.bounced === 1);
    expect(counted.letter.esp).toBe(1);
    expect(counted.metrics).toMatchObject({ opensUnique: 2, clicksUnique: 1, bounced: 1, unsubscribed: 1 });
    const links = ClickLinksResponseSchema.parse(
      (await app.inject({ method: 'GET', url: platformPaths.reportTopLinks('demo', 'weekly', letter.id!), headers: owner })).json(),
    );
    expect(links.items.find((link) => link.url === LINK)).toMatchObject({ uniques: 1, total: 1 });
    const cy = await t.db.selectFrom('subscribers').select('status').where('email', '=', people.email('cy')).executeTakeFirstOrThrow();
    expect(cy.status).toBe('bounced');
    const dee = await t.db.selectFrom('subscribers').select('status').where('email', '=', people.email('dee')).executeTakeFirstOrThrow();
    expect(dee.status).toBe('unsubscribed');

    // Read again (Iterable hands the same events back): nothing is counted twice.
    await t.db.updateTable('iterableSends').set({ nextPollAt: new Date(Date.now() - 1000), readTo: null }).where('letterId', '=', letter.id!).execute();
    await runner.sweep();
    await until(
      async () => (await t.db.selectFrom('iterableSends').select('nextPollAt').where('letterId', '=', letter.id!).executeTakeFirstOrThrow()).nextPollAt,
      (next) => next !== null && next.getTime() > Date.now(),
    );
    expect((await report(letter.id!)).metrics).toMatchObject({ opensUnique: 2, clicksUnique: 1, bounced: 1, unsubscribed: 1 });
    // And the send itself never repeats: still one campaign.
    expect([...iterable.campaigns.keys()].filter((id) => !campaignsBefore.has(id))).toHaveLength(1);
  });
});
