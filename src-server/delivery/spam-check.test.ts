import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SPAMASSASSIN_MISSING_MESSAGE,
  SPAM_CHECK_BUSY_MESSAGE,
  SPAM_CHECK_FAILED_MESSAGE,
  SPAM_THRESHOLD_DEFAULT,
} from '../../shared/contract/platform-spam-check';
import { SPAM_RULE_WORDS } from '../../shared/rules/spam-rules';
import { createSpamChecker, parseSpamReport, spamCheckAnswer } from './spam-check';

// The spam checker on its own: SpamAssassin's answer read into score, threshold and rules
// in plain words; a program that is not there, or fails, answers a message instead of a
// score; runs beyond the limit are turned away rather than queued without end; and a spamd
// on loopback (started here with -L) is asked through spamc. The route test
// (routes/spam-check.test.ts) scores a real letter's email.

/** `spamassassin -L -t`'s answer as SpamAssassin 4 writes it, a long description wrapped. */
const ANSWER = `X-Spam-Checker-Version: SpamAssassin 4.0.1 (2024-03-26) on vm
X-Spam-Level: *
X-Spam-Status: No, score=1.6 required=5.0 tests=FREEMAIL_FROM,NO_RECEIVED,
\tNO_RELAYS,SUBJ_ALL_CAPS autolearn=no autolearn_force=no version=4.0.1
Subject: FREE MONEY!!!

Content analysis details:   (1.6 points, 5.0 required)

 pts rule name              description
---- ---------------------- --------------------------------------------------
-0.0 NO_RECEIVED            Informational: message has no Received headers
 1.0 FREEMAIL_FROM          Sender email is commonly abused enduser mail
                            provider
                            [someone[at]mail.example]
 0.5 SUBJ_ALL_CAPS          Subject is all capitals
-0.0 NO_RELAYS              Informational: message was not relayed via SMTP

`;

const message = (subject: string) =>
  Buffer.from(
    [
      'From: "The Weekly" <news@weekly.example>',
      'To: ada@example.com',
      `Subject: ${subject}`,
      'Date: Sat, 28 Nov 2026 09:00:00 +0000',
      'Message-ID: <spam-check-test-1@weekly.example>',
      'MIME-Version: 1.0',
      'Content-Type: text/plain; charset=utf-8',
      '',
      'Hello Ada, the new pier opens on Saturday and the ferry keeps its summer times.',
      '',
    ].join('\r\n'),
  );

const which = (program: string) => {
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
};
const installed = which('spamassassin') !== null;
if (!installed) console.warn('SpamAssassin is not installed (apt-get install -y spamassassin): the spam checker runs are skipped.');
// Debian puts spamd in /usr/sbin, which a user's PATH may lack.
const spamdProgram = which('spamd') ?? which('/usr/sbin/spamd');
const spamcInstalled = which('spamc') !== null;
if (!spamdProgram || !spamcInstalled) console.warn('spamd or spamc is not installed (apt-get install -y spamd spamc): the spamd runs are skipped.');

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('reading SpamAssassin’s answer', () => {
  it('takes the score, the threshold and every rule with its points and whole description', () => {
    expect(parseSpamReport(ANSWER)).toEqual({
      score: 1.6,
      threshold: 5,
      rules: [
        { name: 'NO_RECEIVED', score: -0, description: 'Informational: message has no Received headers' },
        { name: 'FREEMAIL_FROM', score: 1, description: 'Sender email is commonly abused enduser mail provider [someone[at]mail.example]' },
        { name: 'SUBJ_ALL_CAPS', score: 0.5, description: 'Subject is all capitals' },
        { name: 'NO_RELAYS', score: -0, description: 'Informational: message was not relayed via SMTP' },
      ],
    });
  });

  it('puts the costliest rules first, in our words where we have them', () => {
    const answer = spamCheckAnswer(parseSpamReport(ANSWER));
    expect(answer.rules.map((rule) => rule.name)).toEqual(['FREEMAIL_FROM', 'SUBJ_ALL_CAPS', 'NO_RECEIVED', 'NO_RELAYS']);
    expect(answer.rules[1]).toEqual({ name: 'SUBJ_ALL_CAPS', score: 0.5, ...SPAM_RULE_WORDS.SUBJ_ALL_CAPS });
    expect(answer.rules[1]!.advice).toMatch(/sentence case/);
    // Informational rules say what they found and ask nothing.
    expect(answer.rules[2]!.advice).toBe('');
  });

  it('falls back to SpamAssassin’s description for a rule it has no words for', () => {
    const answer = spamCheckAnswer({ score: 2, threshold: 5, rules: [{ name: 'SOME_NEW_RULE', score: 2, description: 'Something new' }] });
    expect(answer.rules).toEqual([{ name: 'SOME_NEW_RULE', score: 2, description: 'Something new', advice: '' }]);
  });

  it('refuses an answer without X-Spam-Status', () => {
    expect(() => parseSpamReport('Subject: hello\n\nbody')).toThrow(/No X-Spam-Status/);
  });
});

describe('running the checker', () => {
  it('says SpamAssassin is not installed, and what to install, where its program is not there', async () => {
    const answer = await createSpamChecker({ path: '/nonexistent/bin/spamassassin' }).check(message('Hello'));
    expect(answer).toEqual({ available: false, score: null, threshold: SPAM_THRESHOLD_DEFAULT, rules: [], message: SPAMASSASSIN_MISSING_MESSAGE });
    expect(answer.message).toContain('apt-get install spamassassin');
    expect(answer.message).not.toMatch(/SPAMASSASSIN_PATH|PATH/);
  });

  it('answers a message, not a score, when the program fails', async () => {
    // `false` is there and runs, exits 1 and writes nothing: a SpamAssassin that broke.
    const answer = await createSpamChecker({ path: '/bin/false' }).check(message('Hello'));
    expect(answer).toEqual({ available: true, score: null, threshold: SPAM_THRESHOLD_DEFAULT, rules: [], message: SPAM_CHECK_FAILED_MESSAGE });
  });

  it.runIf(installed)('scores an all-capitals subject with SUBJ_ALL_CAPS, and turns away a check beyond its limit', async () => {
    const checker = createSpamChecker({ concurrency: 1, maxWaiting: 0 });
    const first = checker.check(message('FREE MONEY!!!'));
    // The first holds the only slot until SpamAssassin answers; nothing may wait.
    const second = await checker.check(message('Hello'));
    expect(second).toMatchObject({ available: true, score: null, message: SPAM_CHECK_BUSY_MESSAGE });
    const answer = await first;
    expect(answer.available).toBe(true);
    expect(answer.threshold).toBe(5);
    expect(answer.rules.map((rule) => rule.name)).toContain('SUBJ_ALL_CAPS');
    expect(answer.score).toBeGreaterThanOrEqual(answer.rules.find((rule) => rule.name === 'SUBJ_ALL_CAPS')!.score);
  }, 60_000);
});

describe.runIf(spamdProgram !== null && spamcInstalled)('asking a spamd through spamc', () => {
  let spamd: ChildProcess | undefined;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    // Local tests only, no user preferences, one child; as root it must be told whom to run as.
    const asUser = process.getuid?.() === 0 ? ['-u', 'nobody'] : [];
    spamd = spawn(spamdProgram!, ['-L', '-x', `--listen=127.0.0.1:${port}`, '--max-children=1', '--syslog=stderr', ...asUser], { stdio: 'ignore' });
    // Ready once it answers spamc's ping; loading the rules takes a few seconds (the hook's bound).
    while (spawnSync('spamc', ['-K', '-d', '127.0.0.1', '-p', String(port)]).status !== 0) await sleep(200);
  }, 120_000);
  afterAll(() => {
    spamd?.kill('SIGTERM');
  });

  it('scores through spamd what spamassassin scores, with the report read the same way', async () => {
    const answer = await createSpamChecker({ spamd: { host: '127.0.0.1', port } }).check(message('FREE MONEY!!!'));
    expect(answer).toMatchObject({ available: true, threshold: 5 });
    expect(answer.rules.find((rule) => rule.name === 'SUBJ_ALL_CAPS')).toMatchObject({ score: 0.5, ...SPAM_RULE_WORDS.SUBJ_ALL_CAPS });
    expect(answer.score).toBeGreaterThanOrEqual(0.5);
    const calm = await createSpamChecker({ spamd: { host: '127.0.0.1', port } }).check(message('Free tickets for the harbour fair'));
    expect(calm.rules.map((rule) => rule.name)).not.toContain('SUBJ_ALL_CAPS');
  });

  it('answers a message, not an unscored email, when spamd cannot be reached', async () => {
    const nobody = await freePort();
    const answer = await createSpamChecker({ spamd: { host: '127.0.0.1', port: nobody } }).check(message('Hello'));
    expect(answer).toEqual({ available: true, score: null, threshold: SPAM_THRESHOLD_DEFAULT, rules: [], message: SPAM_CHECK_FAILED_MESSAGE });
  });
});
