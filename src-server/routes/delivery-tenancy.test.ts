import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { LocalMailboxResponseSchema } from '../../shared/contract/platform-delivery';
import type { Letter } from '../../shared/model/letter';
import { buildApp } from '../app';
import type { AccountFixture } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { deliveryBlocks, knowMemberCodeField } from '../testing/delivery-fixtures';
import { channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { TestSmtp } from '../testing/smtp-fixture';
import { createOutsiders } from '../testing/route-suite';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// Another tenant's user on every call this part added, with and without an SMTP server:
// refused (403 for a channel named by id, 404 where a slug or letter is looked up among
// their own), shown nothing, and nothing is sent, stored or changed. The rival's channel is
// also called `weekly`, so slug paths resolve to their own channel and must still not
// reach the demo letter.

let t: TestApp;
let smtp: TestSmtp;
let smtpApp: FastifyInstance;
let editor: Headers;
let rival: Headers;
let loner: Headers;
let rivalAccount: AccountFixture;
let weeklyId: number;
let letter: Letter;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  smtpApp = await buildApp({ db: t.db, smtpUrl: smtp.url });
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = await channelId(t.db, 'weekly');
  await knowMemberCodeField(t.db, weeklyId);
  ({ rival, rivalAccount, loner } = await createOutsiders(t));
  letter = await createLetterAs(t.app, editor, { brand: 'demo', channel: 'weekly', channelId: weeklyId }, {
    title: 'Demo secret',
    blocks: deliveryBlocks(),
  });
  // A message of the demo brand in the local mailbox, which outsiders must not see.
  const seeded = await t.app.inject({
    method: 'POST',
    url: platformPaths.testEmail(weeklyId, letter.id!),
    headers: editor,
    payload: { toEmail: 'editor@example.com' },
  });
  expect(seeded.statusCode, seeded.body).toBe(200);
});
afterAll(async () => {
  await smtpApp.close();
  await smtp.close();
  await t.close();
});

async function everything() {
  const letters = await t.db.selectFrom('letters').selectAll().orderBy('id').execute();
  const revisions = await t.db.selectFrom('letterRevisions').select(['letterId', 'version']).orderBy('id').execute();
  const mailbox = await t.db.withTables<{ localMailbox: { id: number } }>().selectFrom('localMailbox').select('id').execute();
  return { letters, revisions, mailbox };
}

type Call = { name: string; url: string; payload: object; expected: number };

function calls(): Call[] {
  const id = letter.id!;
  const toEmail = { toEmail: 'thief@rival.test' };
  return [
    { name: 'generate-preview by id', url: platformPaths.generatePreview('weekly', id), payload: {}, expected: 404 },
    { name: 'generate-preview by uniqueId', url: platformPaths.generatePreview('weekly', letter.uniqueId), payload: {}, expected: 404 },
    { name: 'sendTestEmail', url: platformPaths.sendTestEmail(weeklyId, id), payload: toEmail, expected: 403 },
    { name: 'test', url: platformPaths.testEmail(weeklyId, id), payload: toEmail, expected: 403 },
  ];
}

describe('delivery calls across tenants', () => {
  for (const [who, headers] of [
    ['a user of another tenant', () => rival],
    ['a user of a tenant without that channel', () => loner],
  ] as const) {
    it(`refuses ${who} on every call, and nothing is sent or changes`, async () => {
      const before = await everything();
      for (const app of [t.app, smtpApp]) {
        for (const call of calls()) {
          const response = await app.inject({ method: 'POST', url: call.url, headers: headers(), payload: call.payload });
          expect(response.statusCode, `${call.name}: ${response.body}`).toBe(call.expected);
          expect(response.body).not.toContain('Demo secret');
        }
      }
      expect(await everything()).toEqual(before);
      expect(smtp.received).toHaveLength(0);
    });
  }

  it('finds nothing when the demo letter is named through the rival’s own channel', async () => {
    const before = await everything();
    for (const path of [platformPaths.sendTestEmail, platformPaths.testEmail]) {
      const response = await smtpApp.inject({
        method: 'POST',
        url: path(rivalAccount.channelId, letter.id!),
        headers: rival,
        payload: { toEmail: 'thief@rival.test' },
      });
      expect(response.statusCode).toBe(404);
    }
    expect(await everything()).toEqual(before);
    expect(smtp.received).toHaveLength(0);
  });

  it('shows the local mailbox to the demo brand only', async () => {
    const list = async (headers: Headers) =>
      LocalMailboxResponseSchema.parse((await t.app.inject({ method: 'GET', url: platformPaths.localMailbox(), headers })).json()).items;
    expect((await list(editor)).map((message) => message.subject)).toEqual(['Demo secret']);
    expect(await list(rival)).toEqual([]);
    expect(await list(loner)).toEqual([]);
  });

  it('answers 401 without a token on every call', async () => {
    for (const call of calls()) {
      const response = await t.app.inject({ method: 'POST', url: call.url, payload: call.payload });
      expect(response.statusCode, call.name).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: platformPaths.localMailbox() })).statusCode).toBe(401);
  });
});
