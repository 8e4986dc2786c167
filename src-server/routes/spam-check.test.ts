import { spawnSync } from 'node:child_process';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { SPAMASSASSIN_MISSING_MESSAGE, SpamCheckResponseSchema } from '../../shared/contract/platform-spam-check';
import type { Letter } from '../../shared/model/letter';
import { buildApp } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { deliveryBlocks } from '../testing/delivery-fixtures';
import { channelId, createLetterAs, snapshot } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// POST …/letters/{id}/spam-check against a real database and Debian's SpamAssassin: the
// letter's email as a test send builds it, scored; the schedule step's subject (not yet on
// the platform) in the body is what is scored; nothing is stored or sent; another
// organization is refused; a platform without SpamAssassin says what to install.

const installed = spawnSync('sh', ['-c', 'command -v spamassassin'], { encoding: 'utf8' }).status === 0;
if (!installed) console.warn('SpamAssassin is not installed (apt-get install -y spamassassin): the spam score route runs are skipped.');

let t: TestApp;
let editor: Headers;
let rival: Rival;
let weekly: { brand: string; channel: string; channelId: number };
let letter: Letter;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  letter = await createLetterAs(t.app, editor, weekly, {
    title: 'FREE MONEY!!!',
    subtitle: 'Tides and harbour news, in short',
    blocks: deliveryBlocks(),
  });
});
afterAll(async () => {
  await t?.close();
});

const check = (app: FastifyInstance, payload: object, headers: Headers = editor, id = letter.id!) =>
  app.inject({ method: 'POST', url: platformPaths.spamCheck(weekly.channelId, id), headers, payload });
const keptEmails = async () => (await t.db.withTables<{ localMailbox: { id: number } }>().selectFrom('localMailbox').select('id').execute()).length;

describe.runIf(installed)('the spam check with SpamAssassin', () => {
  it('scores the letter’s all-capitals subject, and not the subject the editor fixed', async () => {
    const before = await snapshot(t.db, letter.id!);
    const shouting = await check(t.app, {});
    expect(shouting.statusCode, shouting.body).toBe(200);
    const caps = SpamCheckResponseSchema.parse(shouting.json());
    expect(caps).toMatchObject({ available: true, threshold: 5 });
    const rule = caps.rules.find((fired) => fired.name === 'SUBJ_ALL_CAPS');
    expect(rule, JSON.stringify(caps.rules)).toMatchObject({ description: 'The subject is all in capital letters.', advice: expect.stringMatching(/sentence case/) });
    expect(rule!.score).toBeGreaterThan(0);

    // The schedule step's subject, still only on the editor's computer, comes with the request.
    const fixed = SpamCheckResponseSchema.parse((await check(t.app, { subject: 'Free tickets for the harbour fair' })).json());
    expect(fixed.available).toBe(true);
    expect(fixed.rules.map((fired) => fired.name)).not.toContain('SUBJ_ALL_CAPS');
    expect(fixed.score!).toBeLessThan(caps.score!);
    // Checking changes nothing on the letter and sends nothing, not even to the local mailbox.
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
    expect(await keptEmails()).toBe(0);
  }, 60_000);
});

describe('who may check, and a platform without SpamAssassin', () => {
  it('refuses another organization’s editor, as a test send does', async () => {
    const response = await check(t.app, {}, rival.headers);
    expect(response.statusCode).toBe(403);
  });

  it('answers 404 for a letter the channel does not have', async () => {
    expect((await check(t.app, {}, editor, 999_999)).statusCode).toBe(404);
  });

  it('says SpamAssassin is not installed and what to install, where the platform has none', async () => {
    const app = await buildApp({ db: t.db, spamAssassin: { path: '/nonexistent/bin/spamassassin' } });
    try {
      const response = await check(app, { subject: 'Hello' }, await signIn(app, DEMO_EMAIL, DEMO_PASSWORD));
      expect(response.statusCode, response.body).toBe(200);
      expect(SpamCheckResponseSchema.parse(response.json())).toEqual({ available: false, score: null, threshold: 5, rules: [], message: SPAMASSASSIN_MISSING_MESSAGE });
    } finally {
      await app.close();
    }
  });
});
