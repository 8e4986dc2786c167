import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BOUNCE_WEBHOOK_PATH, BOUNCE_WEBHOOK_SECRET_HEADER } from '../../shared/contract/platform-bounces';
import { buildApp } from '../app';
import { deliverRaw, dsnMail } from '../testing/dsn-fixtures';
import { editionMetrics } from '../tracking/edition-metrics';
import { startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';
import { startBounceListener } from './bounce-listener';
import type { BounceListener } from './bounce-listener';
import { SOFT_BOUNCES_BEFORE_SUPPRESSED } from './bounce-records';

// Bounces end to end: letters sent by the real scheduled send to a real SMTP server on
// loopback, bounce mail (RFC 3464) delivered with nodemailer to the platform's inbound
// listener, ESP events posted to the webhook — and what that does to the subscriber, the
// letter's metrics and the next send.

const SECRET = 'a-long-shared-webhook-secret';

let h: TrackingHarness;
let listener: BounceListener;
let webhookApp: FastifyInstance;
let segmentId: number;
let email: (name: string) => string;
const letters: number[] = [];

beforeAll(async () => {
  h = await startTrackingHarness();
  listener = await startBounceListener({ db: h.t.db, port: 0 });
  webhookApp = await buildApp({ db: h.t.db, bounceWebhookSecret: SECRET });
  const audience = await h.audience(['ada', 'bob', 'cy', 'dee', 'eve']);
  segmentId = audience.segmentId;
  email = audience.email;
  letters.push((await h.sendLetter(segmentId)).id!);
});
afterAll(async () => {
  await webhookApp?.close();
  await listener?.close();
  await h?.close();
});

/** The email of one letter that reached one reader. */
function mailOf(letterId: number, name: string) {
  return h.smtp.received.find(
    (mail) => mail.envelope.to.includes(email(name)) && mail.mail.headerLines.some((line) => line.key === 'x-letterdesk-recipient') && sentIn(letterId, mail),
  );
}
const tokens = new Map<string, number>();
function sentIn(letterId: number, mail: { mail: { headers: Map<string, unknown> } }): boolean {
  return tokens.get(String(mail.mail.headers.get('x-letterdesk-recipient'))) === letterId;
}
async function learnTokens() {
  const rows = await h.t.db.selectFrom('letterRecipients').select(['trackingToken', 'letterId']).execute();
  for (const row of rows) tokens.set(row.trackingToken, row.letterId);
}

async function statusOf(name: string): Promise<string> {
  const row = await h.t.db.selectFrom('subscribers').select('status').where('email', '=', email(name)).executeTakeFirstOrThrow();
  return row.status;
}

async function tokenOf(letterId: number, name: string): Promise<string> {
  const row = await h.t.db
    .selectFrom('letterRecipients')
    .select('trackingToken')
    .where('letterId', '=', letterId)
    .where('email', '=', email(name))
    .executeTakeFirstOrThrow();
  return row.trackingToken;
}

/** Everything a bounce may change. */
async function bounceState() {
  const { rows } = await sql<{ state: string }>`
    SELECT (SELECT string_agg(email || ':' || status, ',' ORDER BY id) FROM subscribers)
      || '|' || (SELECT coalesce(string_agg(letter_id || ':' || subscriber_id || ':' || coalesce(bounced_at::text, '-'), ',' ORDER BY letter_id, subscriber_id), '') FROM letter_recipients)
      || '|' || (SELECT count(*) FROM bounce_events) AS state`.execute(h.t.db);
  return rows[0]!.state;
}

const postEvents = (payload: unknown, secret: string | null = SECRET) =>
  webhookApp.inject({
    method: 'POST',
    url: BOUNCE_WEBHOOK_PATH,
    headers: secret === null ? {} : { [BOUNCE_WEBHOOK_SECRET_HEADER]: secret },
    payload: payload as object,
  });

describe('bounce mail on the inbound listener', () => {
  it('turns a hard bounce into a bounced subscriber and a bounced, undelivered email of that letter', async () => {
    await learnTokens();
    const [first] = letters;
    const original = mailOf(first!, 'ada')!;
    await deliverRaw(listener.port, dsnMail({ finalRecipient: email('ada'), original }));
    expect(await statusOf('ada')).toBe('bounced');
    const metrics = await editionMetrics(h.t.db, first!);
    expect(metrics).toMatchObject({ sent: 5, accepted: 5, bounced: 1, delivered: 4 });
    const event = await h.t.db.selectFrom('bounceEvents').selectAll().executeTakeFirstOrThrow();
    expect(event).toMatchObject({ source: 'dsn', kind: 'hard', email: email('ada'), letterId: first, reason: '550 5.1.1 No such user' });
  });

  it('records a soft bounce (4.x.x) against the letter without suppressing the reader', async () => {
    const [first] = letters;
    await deliverRaw(
      listener.port,
      dsnMail({ finalRecipient: email('bob'), status: '4.2.2', diagnostic: '452 4.2.2 Mailbox full', original: mailOf(first!, 'bob')! }),
    );
    expect(await statusOf('bob')).toBe('active');
    expect(await editionMetrics(h.t.db, first!)).toMatchObject({ bounced: 2, delivered: 3 });
  });

  it('changes nothing for a delay notice, a report quoting no email of ours, or mail that is no report', async () => {
    const [first] = letters;
    const before = await bounceState();
    await deliverRaw(listener.port, dsnMail({ finalRecipient: email('cy'), action: 'delayed', status: '4.4.1', original: mailOf(first!, 'cy')! }));
    // Anyone can mail the listener: an address alone is not believed.
    await deliverRaw(listener.port, dsnMail({ finalRecipient: email('cy'), original: null }));
    await deliverRaw(listener.port, ['From: someone@example.net', 'To: bounces@weekly.example', 'Subject: hello', '', `Final-Recipient: rfc822; ${email('cy')}`, 'Action: failed', ''].join('\r\n'));
    expect(await bounceState()).toBe(before);
    expect(await statusOf('cy')).toBe('active');
  });

  it('leaves the bounced reader out of the next letter', async () => {
    const before = h.smtp.received.length;
    letters.push((await h.sendLetter(segmentId)).id!);
    const to = h.smtp.received.slice(before).flatMap((mail) => mail.envelope.to);
    expect(to).not.toContain(email('ada'));
    expect(to).toEqual(expect.arrayContaining([email('bob'), email('cy'), email('dee'), email('eve')]));
    expect(to).toHaveLength(4);
  });
});

describe(`POST ${BOUNCE_WEBHOOK_PATH}`, () => {
  it('refuses a missing or wrong secret with 401 and changes nothing', async () => {
    const before = await bounceState();
    const event = { recipientToken: await tokenOf(letters[1]!, 'cy'), type: 'hard', reason: 'x' };
    for (const secret of [null, '', 'wrong', `${SECRET}x`]) {
      const response = await postEvents(event, secret);
      expect(response.statusCode, String(secret)).toBe(401);
      expect(response.json()).toEqual({ message: 'The webhook secret is missing or wrong.' });
    }
    expect(await bounceState()).toBe(before);
    expect(await statusOf('cy')).toBe('active');
  });

  it('answers 404 on a platform without a secret set', async () => {
    const before = await bounceState();
    const response = await h.app.inject({ method: 'POST', url: BOUNCE_WEBHOOK_PATH, headers: { [BOUNCE_WEBHOOK_SECRET_HEADER]: SECRET }, payload: { email: email('cy'), type: 'hard' } });
    expect(response.statusCode).toBe(404);
    expect(await bounceState()).toBe(before);
  });

  it('refuses a malformed event with 422 and the field, changing nothing', async () => {
    const before = await bounceState();
    for (const payload of [{ type: 'hard' }, { email: email('cy'), type: 'bouncy' }, { recipientToken: 'nope', type: 'soft' }, []]) {
      const response = await postEvents(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().message).toBe('The given data was invalid.');
    }
    expect(await bounceState()).toBe(before);
  });

  it(`suppresses a reader whose last ${SOFT_BOUNCES_BEFORE_SUPPRESSED} letters came back soft`, async () => {
    // Bob: letter 1 came back soft over SMTP; now letter 2 through the ESP, then a third letter.
    const second = await postEvents({ recipientToken: await tokenOf(letters[1]!, 'bob'), type: 'soft', reason: 'Mailbox full' });
    expect(second.json()).toEqual({ recorded: 1, unknown: 0 });
    expect(await statusOf('bob')).toBe('active');
    letters.push((await h.sendLetter(segmentId)).id!);
    await postEvents([{ recipientToken: await tokenOf(letters[2]!, 'bob'), email: email('bob'), type: 'soft' }]);
    expect(await statusOf('bob')).toBe('bounced');
    expect(await editionMetrics(h.t.db, letters[2]!)).toMatchObject({ sent: 4, bounced: 1, delivered: 3 });
  });

  it('takes a list; an address alone bounces every subscriber with it, an unknown one nothing', async () => {
    const response = await postEvents([
      { email: email('dee').toUpperCase(), type: 'hard', reason: 'User unknown' },
      { email: 'nobody@nowhere.example', type: 'hard' },
      { recipientToken: 'f'.repeat(40), type: 'hard' },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ recorded: 1, unknown: 2 });
    expect(await statusOf('dee')).toBe('bounced');
    // No letter named: no letter's numbers change.
    expect((await editionMetrics(h.t.db, letters[2]!)).bounced).toBe(1);
  });
});
