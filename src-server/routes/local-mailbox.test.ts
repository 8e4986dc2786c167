import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import {
  LOCAL_MAILBOX_NOTE,
  LocalMailboxResponseSchema,
  TEST_SENT_MESSAGE,
  TestEmailResponseSchema,
} from '../../shared/contract/platform-delivery';
import { createAccount } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { LOCAL_MAILBOX_KEPT_PER_BRAND, LOCAL_MAILBOX_LISTED, storeInLocalMailbox } from '../delivery/local-mailbox';
import { LETTER_TEXT, deliveryBlocks, knowMemberCodeField } from '../testing/delivery-fixtures';
import { channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// Without SMTP_URL a test email goes to the local mailbox in the database, listed at
// GET /api/local-mailbox for the brands the caller belongs to, marked as not sent.

let t: TestApp;
let editor: Headers;
let rival: Headers;
let weekly: { brand: string; channel: string; channelId: number };

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  await knowMemberCodeField(t.db, weekly.channelId);
  await createAccount(t.db, { tenantName: 'Rival', brandSlug: 'rival', channelSlug: 'weekly', email: 'o@rival.test', password: 'rival-password' });
  rival = await signIn(t.app, 'o@rival.test', 'rival-password');
});
afterAll(async () => {
  await t.close();
});

const mailbox = async (headers: Headers) => {
  const response = await t.app.inject({ method: 'GET', url: platformPaths.localMailbox(), headers });
  expect(response.statusCode, response.body).toBe(200);
  const body = LocalMailboxResponseSchema.parse(response.json());
  // This platform has no SMTP server, and says so to whoever reads its mailbox.
  expect(body.smtpConfigured).toBe(false);
  return body.items;
};

describe('the local mailbox', () => {
  it('keeps a test email when no SMTP server is configured, and says it was not sent', async () => {
    const letter = await createLetterAs(t.app, editor, weekly, { title: 'First test', blocks: deliveryBlocks() });
    const response = await t.app.inject({
      method: 'POST',
      url: platformPaths.sendTestEmail(weekly.channelId, letter.id!),
      headers: editor,
      payload: { toEmail: 'reader@example.com' },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(TestEmailResponseSchema.parse(response.json())).toEqual({ message: TEST_SENT_MESSAGE, sent: false, note: LOCAL_MAILBOX_NOTE });

    const [message, ...rest] = await mailbox(editor);
    expect(rest).toEqual([]);
    expect(message).toMatchObject({
      channelId: weekly.channelId,
      letterId: letter.id,
      // As the sender directory writes the From: the name quoted.
      from: `"Letterdesk" <no-reply@localhost>`,
      to: 'reader@example.com',
      subject: 'First test',
      sent: false,
      note: 'Not sent: this platform has no outgoing mail server yet, so the email went to the Local mailbox. Ask your administrator to connect an SMTP server.',
    });
    expect(message!.html).toContain(LETTER_TEXT);
    expect(message!.html).toContain('Hello Test, you read this at reader@example.com.');
    expect(message!.html).toContain('/test-email"');
    expect(Date.now() - Date.parse(message!.createdAt)).toBeLessThan(60_000);
  });

  it('lists the newest first, and shows another tenant none of them', async () => {
    const letter = await createLetterAs(t.app, editor, weekly, { title: 'Second test', blocks: deliveryBlocks() });
    const sent = await t.app.inject({
      method: 'POST',
      url: platformPaths.testEmail(weekly.channelId, letter.id!),
      headers: editor,
      payload: { toEmail: 'second@example.com' },
    });
    expect(sent.statusCode).toBe(200);
    expect((await mailbox(editor)).map((message) => message.subject)).toEqual(['Second test', 'First test']);
    expect(await mailbox(rival)).toEqual([]);
    const anonymous = await t.app.inject({ method: 'GET', url: platformPaths.localMailbox() });
    expect(anonymous.statusCode).toBe(401);
  });

  it(`keeps the newest ${LOCAL_MAILBOX_KEPT_PER_BRAND} of a brand and lists the newest ${LOCAL_MAILBOX_LISTED}`, async () => {
    const { organizationId } = await t.db
      .selectFrom('channels')
      .select('organizationId')
      .where('id', '=', weekly.channelId)
      .executeTakeFirstOrThrow();
    const entry = (n: number) => ({
      organizationId,
      channelId: weekly.channelId,
      letterId: null,
      sentByUserId: null,
      // As the sender directory writes the From: the name quoted.
      from: `"Letterdesk" <no-reply@localhost>`,
      to: 'bulk@example.com',
      subject: `Bulk ${n}`,
      html: '<p>bulk</p>',
    });
    for (let n = 1; n <= LOCAL_MAILBOX_KEPT_PER_BRAND + 2; n += 1) await storeInLocalMailbox(t.db, entry(n));
    const rows = await t.db
      .withTables<{ localMailbox: { organizationId: number; subject: string } }>()
      .selectFrom('localMailbox')
      .select('subject')
      .where('organizationId', '=', organizationId)
      .execute();
    expect(rows).toHaveLength(LOCAL_MAILBOX_KEPT_PER_BRAND);
    const subjects = new Set(rows.map((row) => row.subject));
    expect(subjects.has('First test')).toBe(false);
    expect(subjects.has('Bulk 1')).toBe(false);
    expect(subjects.has('Bulk 2')).toBe(false);
    expect(subjects.has('Bulk 3')).toBe(true);

    const listed = await mailbox(editor);
    expect(listed).toHaveLength(LOCAL_MAILBOX_LISTED);
    expect(listed[0]!.subject).toBe(`Bulk ${LOCAL_MAILBOX_KEPT_PER_BRAND + 2}`);
    // The rival tenant's mailbox is untouched by another brand's pruning and listing.
    expect(await mailbox(rival)).toEqual([]);
  });
});
