import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import type { Letter } from '../../shared/model/letter';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { insertSubscriber } from '../testing/audience-fixtures';
import { deliveryBlocks } from '../testing/delivery-fixtures';
import { channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { TestSmtp } from '../testing/smtp-fixture';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { SIGNUPS_PER_MINUTE } from './public-subscribe';

// The public subscribe form (issue 32) against a real PostgreSQL and a real SMTP server on
// loopback: sign-ups straight in, double opt-in through the confirmation email's link, the
// welcome owed to whoever joins, the archive's link to the form, and the per-address limit.

const PUBLIC_URL = 'https://letters.example.com';
const text = PUBLIC_PAGE_TEXT.en;

let t: TestApp;
let smtp: TestSmtp;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
/** Each test's own client address, so the sign-up limit of one does not reach another's. */
let clients = 0;
const nextClient = () => `10.0.0.${++clients}`;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await createTestApp({ smtpUrl: smtp.url, publicUrl: PUBLIC_URL, mailFrom: 'The Weekly <news@weekly.example>' });
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

async function subscriberStatus(email: string) {
  const row = await t.db.selectFrom('subscribers').select(['id', 'status', 'firstName']).where('channelId', '=', weekly.channelId).where('email', '=', email).executeTakeFirst();
  return row ?? null;
}

function signUp(payload: string | object, client: string) {
  const form = typeof payload === 'string';
  return t.app.inject({
    method: 'POST',
    url: publicPagePaths.subscribe('weekly', 'demo'),
    remoteAddress: client,
    headers: { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
    payload: form ? payload : JSON.stringify(payload),
  });
}

async function setDoubleOptIn(on: boolean) {
  const response = await t.app.inject({ method: 'PUT', url: platformPaths.channelSettings('demo', 'weekly'), headers: editor, payload: { doubleOptIn: on } });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<{ doubleOptIn: boolean }>().doubleOptIn).toBe(on);
}

async function activeWelcome(title: string): Promise<Letter> {
  const draft = await createLetterAs(t.app, editor, weekly, { title, subtitle: 'Hello', segmentId: 0, publicationStatus: 3, blocks: deliveryBlocks() });
  const configure = await t.app.inject({
    method: 'POST',
    url: platformPaths.saveOnScheduling(weekly.channelId, draft.id!),
    headers: editor,
    payload: {
      claimant: null,
      emailTemplate: '',
      hasAbTest: false,
      openGraphHeadline: '',
      openGraphDescription: '',
      openGraphImageUrl: '',
      publicationDate: null,
      publicationStatus: 8,
      publicationDateTzCode: 'America/New_York',
      segmentId: 0,
      subjectB: '',
      subtitle: 'Hello',
      title,
      uniqueId: draft.uniqueId,
      updatePreviewText: false,
      automation: { trigger: 'newSubscriber', delay: { amount: 0, unit: 'minutes' } },
    },
  });
  expect(configure.statusCode, configure.body).toBe(200);
  const activate = await t.app.inject({
    method: 'POST',
    url: platformPaths.updateStatus(weekly.channelId, draft.id!),
    headers: editor,
    payload: { publicationStatus: 9, currentStatus: 8, uniqueId: draft.uniqueId },
  });
  expect(activate.statusCode, activate.body).toBe(200);
  return activate.json<Letter>();
}

describe('the subscribe form', () => {
  it('is linked from the archive page and shows its fields', async () => {
    const archive = await t.app.inject({ method: 'GET', url: publicPagePaths.channelArchive('weekly', 'demo') });
    expect(archive.statusCode).toBe(200);
    expect(archive.body).toContain(`href="${publicPagePaths.subscribe('weekly', 'demo').replace('&', '&amp;')}"`);
    expect(archive.body).toContain(text.archiveSubscribe);

    const form = await t.app.inject({ method: 'GET', url: publicPagePaths.subscribe('weekly', 'demo') });
    expect(form.statusCode).toBe(200);
    expect(form.headers['content-security-policy']).toContain("form-action 'self'");
    expect(form.body).toContain('<input id="field-email" name="email" type="email" required autocomplete="email">');
    expect(form.body).toContain(`<button type="submit">${text.subscribeButton}</button>`);

    const unknown = await t.app.inject({ method: 'GET', url: publicPagePaths.subscribe('no-such-channel') });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain(text.invalidLinkTitle);
  });

  it('subscribes a new address at once and owes it the welcome, once', async () => {
    const welcome = await activeWelcome('Welcome from the form');
    const client = nextClient();
    const response = await signUp('email=Form.Reader%40Example.com&name=Fran', client);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.body).toContain("You&#39;re subscribed to");
    const row = await subscriberStatus('form.reader@example.com');
    expect(row).toMatchObject({ status: 'active', firstName: 'Fran' });
    const owed = () => t.db.selectFrom('automationWelcomes').select('state').where('templateId', '=', welcome.id!).where('subscriberId', '=', row!.id).execute();
    expect(await owed()).toHaveLength(1);

    // The same address again: the same answer, nothing more owed.
    const again = await signUp({ email: 'form.reader@example.com' }, client);
    expect(again.statusCode).toBe(200);
    expect(await owed()).toHaveLength(1);

    const bad = await signUp('email=not-an-address&name=X', client);
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain(text.subscribeInvalidEmail);
    expect(bad.body).toContain('value="not-an-address"');
  });

  it('with double opt-in, subscribes only once the emailed link is confirmed', async () => {
    await setDoubleOptIn(true);
    try {
      const client = nextClient();
      const response = await signUp({ email: 'careful.reader@example.com', name: 'Cas' }, client);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.body).toContain(text.confirmSentTitle);
      expect(await subscriberStatus('careful.reader@example.com')).toBeNull();

      const mail = smtp.received.find((each) => each.envelope.to.includes('careful.reader@example.com'));
      expect(mail?.mail.subject).toBe(text.confirmEmailSubject('The Weekly'));
      const link = /https:\/\/letters\.example\.com(\/subscribe\/weekly\/confirm\/[A-Za-z0-9_-]+)/.exec(mail!.mail.text ?? '')?.[1];
      expect(link).toBeDefined();

      // Opening the link (as a mail scanner would) asks; it does not subscribe.
      const asked = await t.app.inject({ method: 'GET', url: link! });
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain(text.confirmButton);
      expect(await subscriberStatus('careful.reader@example.com')).toBeNull();

      const confirmed = await t.app.inject({ method: 'POST', url: link!, remoteAddress: client, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: '' });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(await subscriberStatus('careful.reader@example.com')).toMatchObject({ status: 'active', firstName: 'Cas' });

      const forged = await t.app.inject({ method: 'GET', url: publicPagePaths.confirmSubscription('weekly', 'AAAAAAAAAAAAAAAAAAAAAAAA') });
      expect(forged.statusCode).toBe(404);
    } finally {
      await setDoubleOptIn(false);
    }
  });

  it('never subscribes a bounced address, and asks one that unsubscribed to confirm', async () => {
    await insertSubscriber(t.db, { channelId: weekly.channelId, email: 'gone.bounced@example.com', status: 'bounced' });
    await insertSubscriber(t.db, { channelId: weekly.channelId, email: 'left.before@example.com', status: 'unsubscribed' });
    const client = nextClient();
    const before = smtp.received.length;
    const bounced = await signUp({ email: 'gone.bounced@example.com' }, client);
    expect(bounced.body).toContain(text.confirmSentTitle);
    expect((await subscriberStatus('gone.bounced@example.com'))?.status).toBe('bounced');
    const left = await signUp({ email: 'left.before@example.com' }, client);
    expect(left.body).toContain(text.confirmSentTitle);
    expect((await subscriberStatus('left.before@example.com'))?.status).toBe('unsubscribed');
    const mailed = smtp.received.slice(before).flatMap((mail) => mail.envelope.to);
    expect(mailed).toEqual(['left.before@example.com']);
  });

  it('limits sign-ups from one address', async () => {
    const client = nextClient();
    for (let i = 0; i < SIGNUPS_PER_MINUTE; i++) {
      expect((await signUp({ email: `burst${i}@example.com` }, client)).statusCode).toBe(200);
    }
    const refused = await signUp({ email: 'one.too.many@example.com' }, client);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(text.tooManySignUpsTitle);
    expect(await subscriberStatus('one.too.many@example.com')).toBeNull();
    // Another address is not held back.
    expect((await signUp({ email: 'other.client@example.com' }, nextClient())).statusCode).toBe(200);
  });
});
