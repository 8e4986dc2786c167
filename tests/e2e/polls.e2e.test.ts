import { describe, expect, it } from 'vitest';
import { letterPath, newslettersPath } from '../../shared/app-paths';
import { platformPaths } from '../../shared/contract/platform-api';
import { FEATURE_FLAGS } from '../../shared/model/feature-flags';
import { parseSections } from '../../shared/model/section';
import { setFeatureFlag } from '../../src-server/feature-flags/flag-store';
import type { ReceivedMail } from '../../src-server/testing/smtp-fixture';
import { useAppInBrowser } from './support/app-in-browser';
import { signIn } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { withPlatformDb } from './support/platform-db';
import { expectAccessible } from './support/axe';
import { composerPage } from './support/composer-page';
import { scheduleSoon } from './support/schedule-soon';

// Issue 20's "Done when": with the polls flag on, an editor creates a poll on the polls
// screen, places it in a letter with the poll block's picker, the letter goes to 20 readers
// through a real SMTP server on loopback, readers answer through their emails' own links
// (a changed answer, a repeated one, a HEAD and a prefetch among them, one in Chromium),
// and the letter's report in Chromium shows the exact counts and rate.

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const { palette, section, settings: panel } = composerPage(app);

const ZONE = 'America/New_York';
const SUBJECT = 'What shall we eat?';
const POLL_TITLE = 'Lunch vote';
const QUESTION = 'What should the harbour café serve on Friday?';
/** The demo channel's three active readers plus these: 20. */
const IMPORTED = 17;
const AUDIENCE = 20;

const cellsOf = async (row: ReturnType<typeof app.page.getByRole>) => (await row.locator('td, th').allTextContents()).map((text) => text.trim());


/** The platform's own database (the web host's embedded PostgreSQL, already running), to turn the flag on as an administrator would. */
async function turnPollsOn(): Promise<void> {
  await withPlatformDb(app.host, async (db) => {
    const brand = await db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    await setFeatureFlag(db, FEATURE_FLAGS.composerPollBlock, { organizationId: brand.id }, true);
  });
}

async function importReaders(token: string): Promise<void> {
  const rows = Array.from({ length: IMPORTED }, (_, i) => `diner${i + 1}@example.org,Diner,${i + 1}`);
  const response = await fetch(`${app.host.platformUrl}${platformPaths.subscribersImport('demo', 'weekly')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: ['email,first_name,last_name', ...rows].join('\n'),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

const ofLetter = () => smtp.received.filter((message) => message.mail.subject === SUBJECT);
/** The email's link for one option, as a mail client reads the href. */
function optionLink(message: ReceivedMail, optionId: number): string {
  const hrefs = [...String(message.mail.html).matchAll(/href="([^"]*\/polls\/[^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));
  const link = hrefs.find((href) => new URL(href).searchParams.get('option') === String(optionId));
  if (!link) throw new Error(`No link for option ${optionId} in the email to ${message.envelope.to.join(',')}`);
  return link;
}

/** A reader's click: the page, then its 'Submit my answer' form posted as a browser does. */
async function answer(link: string): Promise<string> {
  const page = await (await fetch(link)).text();
  const action = /<form method="post" action="([^"]+)"/.exec(page)![1]!.replace(/&amp;/g, '&');
  const posted = await fetch(new URL(action, link), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
  expect(posted.status).toBe(200);
  return posted.text();
}

describe('polls', () => {
  it('creates a poll, places it, sends it to 20 readers, counts their answers once each and reports them', async () => {
    const { client, token } = await signIn(app.host.platformUrl);
    await turnPollsOn();
    await importReaders(token);

    // The polls screen, reached from the navigation the flag shows.
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    const nav = app.page.getByRole('navigation', { name: 'Channel' });
    await expect.poll(() => nav.getByRole('link', { name: 'Polls' }).count(), { timeout: 15_000 }).toBe(1);
    await nav.getByRole('link', { name: 'Polls' }).click();
    await expect.poll(() => app.page.getByRole('region', { name: 'No polls yet' }).getByRole('button', { name: 'Create your first poll' }).count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(app.page, 'Polls screen (empty)');

    await app.page.getByRole('button', { name: 'New poll' }).click();
    const form = app.page.getByRole('dialog', { name: 'New poll' });
    await form.getByRole('button', { name: 'Create poll' }).click();
    // Nothing typed: the form's messages, and nothing created.
    await expect.poll(() => form.getByText('Enter a title.').count()).toBe(1);
    await form.getByLabel('Title').fill(POLL_TITLE);
    await form.getByLabel('Question').fill(QUESTION);
    await form.getByLabel('Option 1', { exact: true }).fill('Fish soup');
    await form.getByLabel('Option 2', { exact: true }).fill('Crab salad');
    await form.getByLabel('Show results on the response page').check();
    await form.getByLabel('Confirmation message').fill('Thanks, see you on Friday!');
    await expectAccessible(app.page, 'New poll form');
    await form.getByRole('button', { name: 'Create poll' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const pollRow = app.page.getByRole('table', { name: 'Polls' }).getByRole('row').filter({ hasText: POLL_TITLE });
    await expect.poll(() => pollRow.count(), { timeout: 10_000 }).toBe(1);
    expect((await cellsOf(pollRow)).slice(1, 3)).toEqual(['Vote', '0']);
    await expectAccessible(app.page, 'Polls screen');
    const poll = (await client.polls.list('demo', { title: POLL_TITLE })).items[0]!;
    const [soup, salad] = poll.options;

    // Place it: a new letter, the Poll block, the picker.
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    const id = Number(/\/newsletters\/(\d+)$/.exec(app.page.url())![1]);
    await expect.poll(() => section('Footer').count(), { timeout: 15_000 }).toBe(1);
    await palette('Poll').click();
    await expect.poll(() => section('Poll').getByText('Please select a poll.').count()).toBe(1);
    await section('Poll').click();
    await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
    await expect.poll(() => panel().getByRole('heading', { name: 'Poll settings' }).count()).toBe(1);
    await panel().getByLabel('Poll', { exact: true }).click();
    await panel().getByLabel('Poll', { exact: true }).pressSequentially('Lunch');
    await app.page.getByRole('option', { name: POLL_TITLE }).click();
    await expect.poll(() => section('Poll').getByText(QUESTION).count(), { timeout: 10_000 }).toBe(1);
    expect(await section('Poll').getByText('Fish soup').count()).toBe(1);
    await panel().getByRole('button', { name: 'Close block settings' }).click();

    // The composer pushes the letter; then it is scheduled through the platform API (the
    // schedule step has its own tests), with the status change naming its poll.
    await expect
      .poll(
        async () => {
          const letter = await client.getLetter('demo', 'weekly', id);
          return letter ? parseSections(letter.blocks).some((s) => s.type === 'poll' && s.blockModel.id === poll.id) : false;
        },
        { timeout: 30_000, interval: 500 },
      )
      .toBe(true);
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    const letter = (await client.getLetter('demo', 'weekly', id))!;
    await scheduleSoon(client, letter, { secondsAhead: 3, zone: ZONE, pollIds: [poll.id], subtitle: 'Friday lunch', title: SUBJECT });
    await expect.poll(() => ofLetter().length, { timeout: 120_000, interval: 250 }).toBe(AUDIENCE);
    const emails = [...ofLetter()].sort((a, b) => a.envelope.to[0]!.localeCompare(b.envelope.to[0]!));
    expect(new Set(emails.map((m) => m.envelope.to[0])).size).toBe(AUDIENCE);

    // Prefetchers and HEAD requests on three readers' links: shown, never counted.
    for (const message of emails.slice(15, 18)) {
      const link = optionLink(message, soup!.id);
      expect((await fetch(link, { method: 'HEAD' })).status).toBe(200);
      const prefetched = await fetch(link, { headers: { purpose: 'prefetch', 'sec-purpose': 'prefetch' } });
      expect(await prefetched.text()).toContain('Submit my answer');
    }
    // Seven choose the soup and five the salad.
    for (const message of emails.slice(0, 7)) expect(await answer(optionLink(message, soup!.id))).toContain('Thanks, see you on Friday!');
    for (const message of emails.slice(7, 12)) await answer(optionLink(message, salad!.id));
    // One changes their mind (soup, then salad); one answers soup twice.
    await answer(optionLink(emails[12]!, soup!.id));
    await answer(optionLink(emails[12]!, salad!.id));
    await answer(optionLink(emails[13]!, soup!.id));
    await answer(optionLink(emails[13]!, soup!.id));
    // A forged token is refused and counts nothing.
    const forged = optionLink(emails[19]!, soup!.id).replace(/r=[0-9a-f]{40}/, `r=${'0'.repeat(40)}`);
    expect((await fetch(forged, { method: 'POST' })).status).toBe(404);

    // The fifteenth answers in Chromium: the page's own button, no script.
    await app.page.goto(optionLink(emails[14]!, salad!.id));
    expect(await app.page.getByRole('heading', { name: QUESTION }).count()).toBe(1);
    await app.page.getByRole('button', { name: 'Submit my answer' }).click();
    await expect.poll(() => app.page.getByRole('heading', { name: 'Thanks, see you on Friday!' }).count()).toBe(1);
    // Soup 7 + 1 (twice, once counted) = 8; salad 5 + 1 (changed) + 1 (here) = 7.
    expect(await app.page.getByRole('listitem').allTextContents()).toEqual(['Fish soup: 8 (53.3%)', 'Crab salad: 7 (46.7%)']);

    // The report in Chromium: 15 answers of 20 emails, 75.0 %.
    await app.page.goto(`${app.host.appUrl}${letterPath('demo', 'weekly', id)}`);
    const results = app.page.getByRole('table', { name: 'Poll results' });
    await expect.poll(() => results.count(), { timeout: 60_000 }).toBe(1);
    const row = results.getByRole('row').filter({ hasText: POLL_TITLE });
    expect(await cellsOf(row)).toEqual([POLL_TITLE, 'Vote', '15', String(AUDIENCE), '75.0%']);
    await expectAccessible(app.page, "Letter's report with its poll results");
    await row.getByRole('button', { name: POLL_TITLE }).click();
    const detail = app.page.getByRole('dialog', { name: POLL_TITLE });
    await expect.poll(() => detail.getByRole('table', { name: 'Poll detail' }).count(), { timeout: 10_000 }).toBe(1);
    const facts = detail.getByRole('table', { name: 'Poll detail' }).getByRole('row');
    expect(await cellsOf(facts.nth(0))).toEqual(['Recipients', String(AUDIENCE)]);
    expect(await cellsOf(facts.nth(1))).toEqual(['Responses', '15']);
    expect(await cellsOf(facts.nth(2))).toEqual(['Response rate', '75.0%']);
    const options = detail.getByRole('table', { name: 'Answers per option' }).getByRole('row');
    expect(await cellsOf(options.nth(1))).toEqual(['Fish soup', '8', '53.3%']);
    expect(await cellsOf(options.nth(2))).toEqual(['Crab salad', '7', '46.7%']);
    await expectAccessible(app.page, 'Poll detail');
  }, 300_000);
});
