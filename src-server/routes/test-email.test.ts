import type { FastifyInstance } from 'fastify';
import type { AddressObject } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  COMPANY_TEST_REFUSED_MESSAGE,
  ITERABLE_TEST_REFUSED_MESSAGE,
  TEST_EMAIL_INVALID_MESSAGE,
  TEST_EMAIL_REQUIRED_MESSAGE,
  TEST_SENT_MESSAGE,
  TestEmailResponseSchema,
} from '../../shared/contract/platform-delivery';
import type { Letter } from '../../shared/model/letter';
import { buildApp } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { startPlatform } from '../start';
import { LETTER_TEXT, deliveryBlocks, paragraph } from '../testing/delivery-fixtures';
import { insertSubscriber } from '../testing/audience-fixtures';
import { newSection } from '../../shared/model/section-factory';
import { channelId, createBody, createLetterAs, setStatus, snapshot } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { TestSmtp } from '../testing/smtp-fixture';
import { createTestDatabase } from '../testing/test-database';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { TEST_SECRET_KEY } from '../testing/test-platform';
import { minifyEmailHtml } from '../../shared/render/minify-email';

// Test sends through a real SMTP server on loopback (smtp-server), reading what arrived
// with mailparser: the letter as a subscriber gets it, with a test subscriber's tags.

const MAIL_FROM = 'The Weekly <news@weekly.example>';

let t: TestApp;
let smtp: TestSmtp;
let app: FastifyInstance;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
let letter: Letter;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  // The same database as the test app, served by an app that sends through the test server.
  app = await buildApp({ db: t.db, smtpUrl: smtp.url, mailFrom: MAIL_FROM });
  editor = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  // A reader with the custom field the letter's {{ member_code }} names: the channel knows it.
  await insertSubscriber(t.db, { channelId: weekly.channelId, email: 'member@example.com', customFields: { member_code: 'M-1' } });
  letter = await createLetterAs(app, editor, weekly, {
    title: 'News for {{ first_name }}',
    subtitle: 'Tides and harbour news, in short',
    blocks: deliveryBlocks({ promotionZone: 3 }),
  });
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await t.close();
});
beforeEach(() => {
  smtp.received.length = 0;
  smtp.refuseRecipients(null);
});

const send = (path: string, payload: object, headers: Headers = editor) => app.inject({ method: 'POST', url: path, headers, payload });
const mailboxRows = async () => (await t.db.withTables<{ localMailbox: { id: number } }>().selectFrom('localMailbox').select('id').execute()).length;
const addresses = (field: AddressObject | AddressObject[] | undefined) =>
  (Array.isArray(field) ? field : field ? [field] : []).flatMap((group) => group.value.map((address) => address.address));

describe('test sends over SMTP', () => {
  it('sends the rendered letter with a test subscriber’s merge tags filled', async () => {
    const response = await send(platformPaths.sendTestEmail(weekly.channelId, letter.id!), { toEmail: ' Me@Example.com ' });
    expect(response.statusCode, response.body).toBe(200);
    expect(TestEmailResponseSchema.parse(response.json())).toEqual({ message: TEST_SENT_MESSAGE, sent: true, note: null });

    expect(smtp.received).toHaveLength(1);
    const { envelope, mail } = smtp.received[0]!;
    // The address is trimmed; nodemailer lower-cases the domain. The envelope sender is on the
    // return-path domain, so a bounce reaches the platform rather than the editor's mailbox.
    expect(envelope).toEqual({ from: 'bounce@weekly.example', to: ['Me@example.com'] });
    expect(mail.subject).toBe('News for Test');
    expect(addresses(mail.to)).toEqual(['Me@example.com']);
    expect(mail.from?.text).toBe('"The Weekly" <news@weekly.example>');
    const html = typeof mail.html === 'string' ? mail.html : '';
    expect(html).toContain(LETTER_TEXT);
    // Minified as a send's is (edition-html.ts): minifying it again changes nothing, and MJML's indentation is gone from the body.
    expect(await minifyEmailHtml(html)).toBe(html);
    expect(html.slice(html.indexOf('<body'))).not.toMatch(/>\n\s+</);
    expect(html).toContain('Hello Test, you read this at Me@Example.com.');
    // A custom field the test subscriber lacks shows its default, as for a real reader.
    expect(html).toContain('Member code: none yet.');
    // A reader's links that would change something open the test-email page, which records nothing.
    expect(html).toMatch(/href="http:\/\/localhost(:80)?\/test-email"/);
    expect(html).not.toMatch(/\/unsubscribe\//);
    const listUnsubscribe = mail.headerLines.find((line) => line.key === 'list-unsubscribe')?.line.replace(/\r?\n\s+/g, ' ');
    expect(listUnsubscribe).toMatch(/^List-Unsubscribe: <http:\/\/localhost(:80)?\/test-email>, <mailto:unsubscribe-test@weekly\.example\?subject=unsubscribe>$/);
    expect(mail.text).toContain('Hello Test, you read this at Me@Example.com.');
    // The preview text is the hidden preheader.
    expect(html).toContain('Tides and harbour news, in short');
    expect(html).not.toMatch(/\{\{\s*(first_name|email|uniqueId|member_code)/);
    // A test is not a send: no click tracking, no open pixel.
    expect(html).not.toMatch(/\/t\/[co]\//);
    // No promotion runs in zone 3 today: the zone is left out, as in a reader's email.
    expect(html).not.toContain('{{promotion.');
    expect(html).not.toContain('ld-slot');
    expect(await mailboxRows()).toBe(0);
  });

  it('answers the same on /test, in any status, and changes nothing on the letter', async () => {
    await setStatus(t.db, letter.id!, 2);
    const before = await snapshot(t.db, letter.id!);
    const response = await send(platformPaths.testEmail(weekly.channelId, letter.id!), { toEmail: 'qa@example.com' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ message: string }>().message).toBe(TEST_SENT_MESSAGE);
    expect(addresses(smtp.received[0]?.mail.to)).toEqual(['qa@example.com']);
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
    await setStatus(t.db, letter.id!, 0);
  });

  it('answers 502 with the mail server’s own words when it refuses, and records nothing as sent', async () => {
    smtp.refuseRecipients('Mailbox unavailable: no such user here');
    const response = await send(platformPaths.sendTestEmail(weekly.channelId, letter.id!), { toEmail: 'ghost@example.com' });
    expect(response.statusCode).toBe(502);
    const { message } = response.json<{ message: string }>();
    expect(message).toContain('550 Mailbox unavailable: no such user here');
    expect(message).not.toBe(TEST_SENT_MESSAGE);
    expect(smtp.received).toHaveLength(0);
    expect(await mailboxRows()).toBe(0);
  });

  it('answers 502 when the mail server cannot be reached', async () => {
    const closed = await startTestSmtp();
    await closed.close();
    const unreachable = await buildApp({ db: t.db, smtpUrl: closed.url });
    try {
      const response = await unreachable.inject({
        method: 'POST',
        url: platformPaths.sendTestEmail(weekly.channelId, letter.id!),
        headers: editor,
        payload: { toEmail: 'me@example.com' },
      });
      expect(response.statusCode).toBe(502);
      expect(response.json<{ message: string }>().message).toMatch(/ECONNREFUSED|connect/i);
      expect(await mailboxRows()).toBe(0);
    } finally {
      await unreachable.close();
    }
  });

  it('refuses a missing or malformed address (422) with the field’s message, sending nothing', async () => {
    const cases: Array<[object, string]> = [
      [{}, TEST_EMAIL_REQUIRED_MESSAGE],
      [{ toEmail: '   ' }, TEST_EMAIL_REQUIRED_MESSAGE],
      [{ toEmail: 'not-an-address' }, TEST_EMAIL_INVALID_MESSAGE],
      [{ toEmail: 'a@b.com, c@d.com' }, TEST_EMAIL_INVALID_MESSAGE],
      [{ toEmail: 42 }, TEST_EMAIL_REQUIRED_MESSAGE],
    ];
    for (const [payload, message] of cases) {
      const response = await send(platformPaths.testEmail(weekly.channelId, letter.id!), payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json()).toEqual({ message, errors: { toEmail: [message] } });
    }
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses company letters and Iterable letters (409) saying why, and a missing letter (404)', async () => {
    const companyId = await channelId(t.db, 'company');
    const companyLetter = await createLetterAs(app, editor, { brand: 'demo', channel: 'company', channelId: companyId }, {
      blocks: deliveryBlocks(),
    });
    const company = await send(platformPaths.sendTestEmail(companyId, companyLetter.id!), { toEmail: 'me@example.com' });
    expect(company.statusCode).toBe(409);
    expect(company.json<{ message: string }>().message).toBe(COMPANY_TEST_REFUSED_MESSAGE);

    const iterable = await createLetterAs(app, editor, weekly, { blocks: deliveryBlocks() });
    await t.db.updateTable('letters').set({ esp: 1 }).where('id', '=', iterable.id!).execute();
    const refused = await send(platformPaths.testEmail(weekly.channelId, iterable.id!), { toEmail: 'me@example.com' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ message: string }>().message).toBe(ITERABLE_TEST_REFUSED_MESSAGE);

    // The letter is looked up in the channel of the path, not anywhere.
    const elsewhere = await send(platformPaths.testEmail(companyId, letter.id!), { toEmail: 'me@example.com' });
    expect(elsewhere.statusCode).toBe(404);
    expect(smtp.received).toHaveLength(0);
  });
});

describe('SMTP settings', () => {
  it('refuses a malformed SMTP_URL when the app is built', async () => {
    await expect(buildApp({ db: t.db, smtpUrl: 'mail.example.com:25' })).rejects.toThrow(/SMTP_URL/);
    await expect(buildApp({ db: t.db, smtpUrl: 'https://mail.example.com' })).rejects.toThrow(/smtp:\/\/ or smtps:\/\//);
  });

  it('startPlatform passes SMTP_URL and MAIL_FROM through to the app', async () => {
    const database = await createTestDatabase();
    const platform = await startPlatform({
      databaseUrl: database.connectionString,
      secretKey: TEST_SECRET_KEY,
      seedDemo: true,
      port: 0,
      smtpUrl: smtp.url,
      mailFrom: 'Platform <platform@example.com>',
    });
    try {
      const login = await fetch(`${platform.url}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: DEMO_EMAIL, password: DEMO_PASSWORD }),
      });
      const authorization = `Bearer ${((await login.json()) as { token: string }).token}`;
      const channels = await fetch(`${platform.url}/api/me`, { headers: { authorization } });
      const me = (await channels.json()) as { organizations: Array<{ channels: Array<{ id: number; channelSlug: string }> }> };
      const weeklyChannel = me.organizations[0]!.channels.find((channel) => channel.channelSlug === 'weekly')!;
      const created = await fetch(`${platform.url}${platformPaths.letters('demo', 'weekly')}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ ...createBody(weeklyChannel.id), title: 'Over HTTP', blocks: JSON.stringify([paragraph('p', 'Hello {{ first_name }}.'), newSection('footer', 'footer')]) }),
      });
      const { id } = (await created.json()) as { id: number };
      const response = await fetch(`${platform.url}${platformPaths.sendTestEmail(weeklyChannel.id, id)}`, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/json' },
        body: JSON.stringify({ toEmail: 'http@example.com' }),
      });
      expect(response.status).toBe(200);
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.mail.subject).toBe('Over HTTP');
      expect(smtp.received[0]!.envelope.from).toBe('bounce@example.com');
      expect(smtp.received[0]!.mail.from?.text).toBe('"Platform" <platform@example.com>');
      // Over real HTTP the links point at the origin the platform was reached at.
      expect(smtp.received[0]!.mail.html).toContain(`${platform.url}/test-email`);
    } finally {
      await platform.close();
      await database.destroy();
    }
  });
});
