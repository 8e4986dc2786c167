import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { newslettersPath } from '../../shared/app-paths';
import { newDraftLetter } from '../../shared/model/new-letter';
import { serializeSections, type Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { createPayload } from '../../src-main/core/sync/letter-payloads';
import { useAppInBrowser } from './support/app-in-browser';
import { signedInClient, weeklyChannel } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { sendScheduledNow } from './support/platform-db';
import { expectAccessible } from './support/axe';
import { scheduleSoon } from './support/schedule-soon';
import { MACHINE_CLICK_WINDOW_MS } from '../../src-server/tracking/click-classification';

// The audience screens as an editor meets them: a CSV of 1,000 rows (some bad) imported
// through the wizard, a real send whose opens (the emails' own pixel URLs) make an
// engagement segment built in the criteria builder count what it should, and letters
// scheduled through the schedule step to that segment and to 'Specific emails', which the
// loopback SMTP server receives for exactly the expected recipients.

dayjs.extend(utc);
dayjs.extend(timezone);

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const ZONE = 'America/New_York';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };
const PANEL_SUBJECT = 'Panel: first questions';
const OPENERS_SUBJECT = 'For those who read us';
const SPECIFIC_SUBJECT = 'A note for a few';

const button = (name: string) => app.page.getByRole('button', { name, exact: true });
const nav = () => app.page.getByRole('navigation', { name: 'Channel' });
const received = (subject: string) => smtp.received.filter((message) => message.mail.subject === subject);
const recipients = (subject: string) => received(subject).flatMap((message) => message.envelope.to).sort();

/** 990 good rows (the first four tagged 'panel'), 5 without a valid address and 5 repeats: 1,000 data rows. */
function importFile(): string {
  const good = Array.from({ length: 990 }, (_, i) => `reader${i + 1}@import.test,Reader,${i + 1},${i < 4 ? 'panel' : 'imported'},Harbour`);
  const invalid = Array.from({ length: 5 }, (_, i) => `not-an-address-${i + 1},Bad,${i + 1},imported,Harbour`);
  const repeated = Array.from({ length: 5 }, (_, i) => `reader${i + 10}@import.test,Again,${i + 10},imported,Harbour`);
  return ['Email,First Name,Last Name,Tags,City', ...good.slice(0, 500), ...invalid, ...good.slice(500), ...repeated].join('\n') + '\n';
}

async function signedInWeekly() {
  const client = await signedInClient(app.host.platformUrl);
  const channel = await weeklyChannel(client);
  return { client, channel };
}

/** A draft made on the platform (the composer has its own tests). */
async function draft(title: string): Promise<{ id: number; uniqueId: string }> {
  const { client, channel } = await signedInWeekly();
  const uniqueId = randomUUID();
  const paragraph: Section = { ...newSection('paragraph', 'p-body'), delta: { ops: [{ insert: 'Thank you for reading.\n' }] } };
  const letter = { ...newDraftLetter({ uniqueId, channel, author: null, now: new Date().toISOString() }), title };
  letter.blocks = serializeSections([paragraph, newSection('footer', `${uniqueId}-footer`)]);
  const id = (await client.createLetter('demo', 'weekly', createPayload(letter, channel.id))).id!;
  return { id, uniqueId };
}

/** Opens the letter's schedule step, chooses the audience, fills the required fields and schedules it. */
async function scheduleThroughApp(title: string, sendAt: string, audience: RegExp, fillAudience?: () => Promise<void>): Promise<void> {
  const sidebar = () => app.page.getByLabel('Schedule settings');
  const textbox = (name: string) => sidebar().getByRole('textbox', { name, exact: true });
  await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
  await app.page.getByRole('link', { name: title }).click();
  await expect.poll(() => button('Preview and schedule').isEnabled(), { timeout: 20_000 }).toBe(true);
  await button('Preview and schedule').click();
  await expect.poll(() => button('Schedule').count(), { timeout: 20_000 }).toBe(1);
  await sidebar().getByLabel('Audience', { exact: false }).first().click();
  await app.page.getByRole('option', { name: audience }).click();
  if (fillAudience) await fillAudience();
  await textbox('Date and time').fill(sendAt);
  await textbox('Preview text').fill(`${title}, in short`);
  await textbox('Headline').fill(title);
  await textbox('Description').fill('Our weekly letter.');
  await expect.poll(() => button('Schedule').isEnabled(), { timeout: 10_000 }).toBe(true);
  await button('Schedule').click();
  try {
    await expect.poll(() => app.page.getByRole('heading', { name: 'Great job' }).count(), { timeout: 45_000 }).toBe(1);
  } catch (error) {
    // Say what the sidebar showed instead (a refused field, a notice): a bare timeout told nothing when this failed before.
    console.log('SIDEBAR', await sidebar().innerText().catch(() => '?'));
    console.log('ALERTS', await app.page.getByRole('alert').allInnerTexts());
    throw error;
  }
}

describe('audience', () => {
  it('imports 1,000 rows through the wizard, counts an engagement segment live, and sends to it', async () => {
    // The subscribers screen, from the navigation.
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    await expect.poll(() => nav().getByRole('link', { name: 'Subscribers' }).count(), { timeout: 15_000 }).toBe(1);
    await nav().getByRole('link', { name: 'Subscribers' }).click();
    const table = app.page.getByRole('table', { name: 'Subscribers' });
    await expect.poll(() => table.count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(app.page, 'Subscribers screen');

    // The import: the file, its preview with the guessed mapping, then the summary.
    await button('Import CSV').click();
    const wizard = app.page.getByRole('dialog', { name: 'Import subscribers' });
    await wizard.getByLabel('CSV file').setInputFiles({ name: 'readers.csv', mimeType: 'text/csv', buffer: Buffer.from(importFile()) });
    const preview = wizard.getByRole('table', { name: 'Preview' });
    await expect.poll(() => preview.count(), { timeout: 10_000 }).toBe(1);
    expect(await preview.getByRole('row').count()).toBe(6);
    expect(await wizard.getByLabel('Email', { exact: true }).inputValue()).toBe('Email');
    expect(await wizard.getByLabel('City', { exact: true }).inputValue()).toBe('Custom field “City”');
    await expectAccessible(app.page, 'Import wizard');
    await wizard.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = wizard.getByLabel('Import summary');
    await expect.poll(() => summary.count(), { timeout: 60_000 }).toBe(1);
    expect(await summary.getByText('Import finished: 1,000 rows read').count()).toBe(1);
    expect(await summary.getByText('Added: 990').count()).toBe(1);
    expect(await summary.getByText('Updated: 0').count()).toBe(1);
    expect(await summary.getByText('Skipped: 10').count()).toBe(1);
    const reasons = (await summary.getByRole('table', { name: 'Skipped rows by reason' }).getByRole('row').allTextContents()).slice(1);
    expect(reasons).toEqual(['Invalid email5', 'Duplicate in the file5']);
    await wizard.getByRole('button', { name: 'Done' }).click();

    // The list finds them, with the custom field in the detail flyout.
    await app.page.getByLabel('Search by email or name').fill('reader1@import.test');
    const row = table.getByRole('row').filter({ hasText: 'reader1@import.test' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: 'reader1@import.test' }).click();
    const flyout = app.page.getByRole('dialog', { name: 'reader1@import.test' });
    await expect.poll(() => flyout.getByRole('table', { name: 'Subscriber fields' }).getByText('Harbour').count(), { timeout: 10_000 }).toBe(1);
    await flyout.getByRole('button', { name: 'Close' }).click();

    // A real send to the four 'panel' readers; two of them open it (the email's pixel).
    const { client } = await signedInWeekly();
    const panel = await client.audience.createSegment('demo', 'weekly', { name: 'Panel', criteria: { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'panel' }] } });
    expect(panel.total).toBe(4);
    const first = await draft(PANEL_SUBJECT);
    const letter = (await client.getLetter('demo', 'weekly', first.id))!;
    await scheduleSoon(client, letter, { secondsAhead: 3, zone: ZONE, segmentId: panel.id, subtitle: 'Questions', title: PANEL_SUBJECT });
    await expect.poll(() => received(PANEL_SUBJECT).length, { timeout: 120_000, interval: 250 }).toBe(4);
    // A reader, not a prefetcher: opens and clicks in the first seconds after the send are machines'.
    await new Promise((resolve) => setTimeout(resolve, MACHINE_CLICK_WINDOW_MS + 1_000));
    for (const to of ['reader1@import.test', 'reader2@import.test']) {
      const message = received(PANEL_SUBJECT).find((m) => m.envelope.to.includes(to))!;
      const pixel = /src="([^"]*\/t\/o\/[^"]+\.gif)"/.exec(String(message.mail.html))![1]!;
      expect((await fetch(pixel, { headers: BROWSER })).status).toBe(200);
    }

    // The segments screen: the criteria builder's live count, then the segment saved.
    await nav().getByRole('link', { name: 'Segments' }).click();
    await expect.poll(() => app.page.getByRole('table', { name: 'Segments' }).getByText('Panel', { exact: true }).count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(app.page, 'Segments screen');
    await button('New segment').click();
    const form = app.page.getByRole('dialog', { name: 'New segment' });
    await form.getByLabel('Name').fill('Recent openers');
    const count = form.getByTestId('segment-live-count');
    await form.getByRole('button', { name: 'Add a condition' }).click();
    await form.getByLabel('Condition 1 tag', { exact: true }).fill('panel');
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toBe('4 active subscribers match now.');
    await form.getByRole('button', { name: 'Add a condition' }).click();
    await form.getByLabel('Condition 2 field', { exact: true }).click();
    await app.page.getByRole('option', { name: 'Engagement (days)' }).click();
    expect(await form.getByLabel('Condition 2 operator', { exact: true }).inputValue()).toBe('opened a letter in the last … days');
    await expect.poll(() => count.textContent(), { timeout: 10_000 }).toBe('2 active subscribers match now.');
    expect(await form.getByText('Engagement segment').count()).toBe(1);
    await expectAccessible(app.page, 'Segment form');
    await form.getByRole('button', { name: 'Create segment' }).click();
    await expect.poll(() => form.count()).toBe(0);
    const saved = app.page.getByRole('table', { name: 'Segments' }).getByRole('row').filter({ hasText: 'Recent openers' });
    await expect.poll(() => saved.count(), { timeout: 10_000 }).toBe(1);
    expect((await saved.locator('td').allTextContents()).slice(0, 3).map((t) => t.trim())).toEqual(['Recent openersEngagement', 'panel', '2']);

    // Two letters through the schedule step, in the same minute: the segment, and specific emails.
    await draft(OPENERS_SUBJECT);
    await draft(SPECIFIC_SUBJECT);
    const now = dayjs().tz(ZONE);
    // A few minutes ahead: two passes through the schedule step can take a minute on a busy machine, and a time too near is refused.
    const sendAt = now.add(now.second() > 20 ? 5 : 4, 'minute').format('YYYY-MM-DD HH:mm');
    await scheduleThroughApp(OPENERS_SUBJECT, sendAt, /Recent openers/);
    await scheduleThroughApp(SPECIFIC_SUBJECT, sendAt, /Specific emails/, async () => {
      await app.page.getByLabel('Email addresses').fill('Reader3@import.test, outsider@elsewhere.test\nreader3@import.test not-an-address');
      await expect.poll(() => app.page.getByTestId('specific-emails-count').textContent()).toContain('2 addresses');
    });

    // Scheduled through the app; then their time is brought forward, as the clock would, so the
    // platform's minute sweep sends them now rather than minutes from now.
    expect(await sendScheduledNow(app.host, [OPENERS_SUBJECT, SPECIFIC_SUBJECT])).toBe(2);
    await expect.poll(() => recipients(OPENERS_SUBJECT).length + recipients(SPECIFIC_SUBJECT).length, { timeout: 150_000, interval: 1000 }).toBe(4);
    // Nothing more arrives after a moment.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(recipients(OPENERS_SUBJECT)).toEqual(['reader1@import.test', 'reader2@import.test']);
    expect(recipients(SPECIFIC_SUBJECT)).toEqual(['outsider@elsewhere.test', 'reader3@import.test']);
  }, 600_000);

  it('adds, edits, unsubscribes, tags in bulk and deletes subscribers, imports a dropped file, and deletes a segment', async () => {
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    await nav().getByRole('link', { name: 'Subscribers' }).click();
    const table = app.page.getByRole('table', { name: 'Subscribers' });
    await expect.poll(() => table.count(), { timeout: 15_000 }).toBe(1);

    // Add one: a bad address is refused with the message, then a good one is added.
    await button('Add subscriber').click();
    const add = app.page.getByRole('dialog', { name: 'Add a subscriber' });
    await add.getByLabel('Email').fill('not an address');
    await add.getByRole('button', { name: 'Add subscriber' }).click();
    await expect.poll(() => add.getByRole('alert').textContent()).toBe('Enter a valid email address.');
    await add.getByLabel('Email').fill('nora@harbour.test');
    await add.getByLabel('First name').fill('Nora');
    await add.getByLabel('Tags').fill('crew');
    await add.getByLabel('Tags').press('Enter');
    await add.getByRole('button', { name: 'Add subscriber' }).click();
    await expect.poll(() => add.count()).toBe(0);
    await app.page.getByLabel('Search by email or name').fill('harbour.test');
    const nora = table.getByRole('row').filter({ hasText: 'nora@harbour.test' });
    await expect.poll(() => nora.count(), { timeout: 10_000 }).toBe(1);
    expect((await nora.locator('td').allTextContents()).slice(1, 5)).toEqual(['nora@harbour.test', 'Nora', 'Subscribed', 'crew']);

    // Edit and unsubscribe from the flyout.
    await nora.getByRole('button', { name: 'nora@harbour.test' }).click();
    const flyout = app.page.getByRole('dialog', { name: 'nora@harbour.test' });
    await expect.poll(() => flyout.getByRole('table', { name: 'Subscriber fields' }).count(), { timeout: 10_000 }).toBe(1);
    await flyout.getByRole('button', { name: 'Edit' }).click();
    const edit = app.page.getByRole('dialog', { name: 'Edit nora@harbour.test' });
    await edit.getByLabel('Last name').fill('Lind');
    await edit.getByRole('button', { name: 'Save' }).click();
    await expect.poll(() => edit.count()).toBe(0);
    await expect.poll(() => flyout.getByRole('table', { name: 'Subscriber fields' }).getByText('Lind', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await flyout.getByRole('button', { name: 'More options' }).click();
    await app.page.getByRole('menuitem', { name: 'Unsubscribe' }).click();
    await expect.poll(() => app.page.getByText('nora@harbour.test is unsubscribed.').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(() => flyout.getByText('Unsubscribed', { exact: true }).count(), { timeout: 10_000 }).toBe(1);
    await flyout.getByRole('button', { name: 'Close' }).click();

    // A dropped file goes through the same wizard.
    await button('Import CSV').click();
    const wizard = app.page.getByRole('dialog', { name: 'Import subscribers' });
    const dropped = await app.page.evaluateHandle((text) => {
      // Runs in the page; the e2e tsconfig has no DOM types, so the page's DataTransfer is named here.
      const PageDataTransfer = (globalThis as unknown as { DataTransfer: new () => { items: { add(file: File): void } } }).DataTransfer;
      const transfer = new PageDataTransfer();
      transfer.items.add(new File([text], 'crew.csv', { type: 'text/csv' }));
      return transfer;
    }, 'email,first_name\nsam@harbour.test,Sam\nlee@harbour.test,Lee\nnora@harbour.test,Nora\n');
    await wizard.getByTestId('import-drop-zone').dispatchEvent('drop', { dataTransfer: dropped });
    await expect.poll(() => wizard.getByRole('table', { name: 'Preview' }).count(), { timeout: 10_000 }).toBe(1);
    await wizard.getByRole('button', { name: 'Import', exact: true }).click();
    const summary = wizard.getByLabel('Import summary');
    await expect.poll(() => summary.count(), { timeout: 30_000 }).toBe(1);
    expect(await summary.getByText('Added: 2').count()).toBe(1);
    expect(await summary.getByRole('table', { name: 'Skipped rows by reason' }).getByRole('row').nth(1).textContent()).toBe('Previously unsubscribed (not subscribed again)1');
    await wizard.getByRole('button', { name: 'Done' }).click();

    // Tag all three at once; the status filter finds the one who left.
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(4);
    await app.page.getByRole('checkbox', { name: 'Select all on this page' }).check();
    await button('Tag 3 selected').click();
    const tagging = app.page.getByRole('dialog', { name: 'Tag 3 selected subscribers' });
    await tagging.getByLabel('Tags to add').fill('dock');
    await tagging.getByLabel('Tags to add').press('Enter');
    await tagging.getByRole('button', { name: 'Apply tags' }).click();
    await expect.poll(() => app.page.getByText('Tags changed on 3 subscribers.').count(), { timeout: 10_000 }).toBe(1);
    await expect.poll(async () => (await table.getByRole('row').allTextContents()).filter((text) => text.includes('dock')).length, { timeout: 10_000 }).toBe(3);
    await app.page.getByRole('combobox', { name: 'Status' }).click();
    await app.page.getByRole('option', { name: 'Unsubscribed' }).click();
    await expect.poll(() => table.getByRole('row').count(), { timeout: 10_000 }).toBe(2);

    // Delete, after the confirm dialog.
    await nora.getByRole('button', { name: 'nora@harbour.test' }).click();
    await flyout.getByRole('button', { name: 'Delete' }).click();
    const confirm = app.page.getByRole('dialog', { name: 'Delete the subscriber nora@harbour.test?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => confirm.count(), { timeout: 10_000 }).toBe(0);
    await expect.poll(() => app.page.getByText('No subscribers match.').count(), { timeout: 10_000 }).toBe(1);

    // A segment made and deleted on the segments screen.
    await nav().getByRole('link', { name: 'Segments' }).click();
    await button('New segment').click();
    const form = app.page.getByRole('dialog', { name: 'New segment' });
    await form.getByLabel('Name').fill('Dock crew');
    await form.getByRole('button', { name: 'Add a condition' }).click();
    await form.getByLabel('Condition 1 tag', { exact: true }).fill('dock');
    await expect.poll(() => form.getByTestId('segment-live-count').textContent(), { timeout: 10_000 }).toBe('2 active subscribers match now.');
    await form.getByRole('button', { name: 'Create segment' }).click();
    const row = app.page.getByRole('table', { name: 'Segments' }).getByRole('row').filter({ hasText: 'Dock crew' });
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(1);
    await row.getByRole('button', { name: 'Delete Dock crew' }).click();
    await app.page.getByRole('dialog', { name: 'Delete the segment “Dock crew”?' }).getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => row.count(), { timeout: 10_000 }).toBe(0);
  }, 120_000);
});
