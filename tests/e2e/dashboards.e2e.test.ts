import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { brandDashboardPath, channelDashboardPath, companyDashboardPath } from '../../shared/app-paths';
import { platformPaths } from '../../shared/contract/platform-api';
import { newDraftLetter } from '../../shared/model/new-letter';
import { serializeSections, type Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { createPayload } from '../../src-main/core/sync/letter-payloads';
import type { ReceivedMail } from '../../src-server/testing/smtp-fixture';
import { useAppInBrowser } from './support/app-in-browser';
import { signIn, weeklyChannel } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { expectAccessible } from './support/axe';
import { scheduleSoon } from './support/schedule-soon';
import { MACHINE_CLICK_WINDOW_MS } from '../../src-server/tracking/click-classification';

// Issue 17's "Done when": readers are imported and a letter goes out to all of them through
// a real SMTP server on loopback; four readers open it and one follows its link. The
// dashboards (brand, company and channel routes) show the numbers worked out here by hand,
// the period and the channel filter change them, and an export arrives in the loopback
// mailbox as a CSV with the letter's row.

dayjs.extend(utc);
dayjs.extend(timezone);

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '500' }));
const ZONE = 'America/New_York';
const TITLE = 'Harbour dashboard news';
const STORY_URL = 'https://example.com/harbour';
/** The demo channel's three active readers and these seven: ten get the letter. */
const IMPORTED = 7;
const READERS = 3 + IMPORTED;
const OPENED = 4;
const BROWSER = { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };
const utcDay = (daysAgo: number) => dayjs.utc().subtract(daysAgo, 'day').format('YYYY-MM-DD');
/** The day as the dashboard shows it ('Nov 28, 2026'). */
const shownUtcDay = (daysAgo: number) => dayjs.utc().subtract(daysAgo, 'day').format('MMM DD, YYYY');

async function seed(): Promise<number> {
  const { client, token } = await signIn(app.host.platformUrl);
  const rows = Array.from({ length: IMPORTED }, (_, i) => `dash${i + 1}@example.org,Dash,${i + 1}`);
  const imported = await fetch(`${app.host.platformUrl}${platformPaths.subscribersImport('demo', 'weekly')}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: ['email,first_name,last_name', ...rows].join('\n'),
  });
  expect(imported.status, await imported.clone().text()).toBe(200);

  const channel = await weeklyChannel(client);
  const uniqueId = randomUUID();
  const story: Section = { ...newSection('paragraph', 'p-story'), delta: { ops: [{ insert: 'The harbour', attributes: { link: STORY_URL } }, { insert: '\n' }] } };
  const draft = { ...newDraftLetter({ uniqueId, channel, author: null, now: new Date().toISOString() }), title: TITLE };
  draft.blocks = serializeSections([story, newSection('footer', `${uniqueId}-footer`)]);
  const letter = await client.createLetter('demo', 'weekly', createPayload(draft, channel.id));
  await scheduleSoon(client, letter, { secondsAhead: 2, zone: ZONE, subtitle: 'From the quay', title: TITLE });
  const sent = () => smtp.received.filter((message) => message.mail.subject === TITLE);
  await expect.poll(() => sent().length, { timeout: 120_000, interval: 250 }).toBe(READERS);
  const html = (message: ReceivedMail) => String(message.mail.html);
  // Readers, not prefetchers: opens in the first 5 s after the send are machines' and not
  // confirmed (open-classification.ts), and the open rate counts confirmed opens (spec 1 §9);
  // clicks in the first 10 s are machines' too (click-classification.ts).
  await new Promise((resolve) => setTimeout(resolve, MACHINE_CLICK_WINDOW_MS + 1_000));
  for (const message of sent().slice(0, OPENED)) {
    expect((await fetch(/src="([^"]*\/t\/o\/[^"]+\.gif)"/.exec(html(message))![1]!, { headers: BROWSER })).status).toBe(200);
  }
  const link = /href="([^"]*\/t\/c\/[^"]+)"/.exec(html(sent()[0]!))![1]!.replace(/&amp;/g, '&');
  expect((await fetch(link, { headers: BROWSER, redirect: 'manual' })).headers.get('location')).toBe(STORY_URL);
  return letter.id!;
}

const cellsOf = async (row: Locator) => (await row.getByRole('cell').allTextContents()).map((text) => text.trim());
const region = (name: string) => app.page.getByRole('region', { name, exact: true });

describe('the metrics dashboards', () => {
  it('shows the seeded numbers per scope, period and channel, and emails an export', async () => {
    const letterId = await seed();
    const page = app.page;
    await page.goto(`${app.host.appUrl}${brandDashboardPath('demo')}`);
    const letterRow = region('Letters sent').getByRole('row').filter({ hasText: TITLE });
    await expect.poll(() => letterRow.count(), { timeout: 20_000 }).toBe(1);
    // Sent to ten, none bounced; four confirmed unique opens of ten accepted, one click of ten sent.
    const cells = await cellsOf(letterRow);
    expect([cells[0], cells[1], ...cells.slice(3)]).toEqual([TITLE, 'The Weekly', String(READERS), String(READERS), '40.0%', '10.0%']);
    expect(await region('Active subscribers').textContent()).toContain(`Active${READERS}`);
    expect(await region('Active subscribers').textContent()).toContain(`Subscribed${IMPORTED + 3}`);
    expect(await page.getByText(`${shownUtcDay(30)} to ${shownUtcDay(-1)} (UTC days)`).count()).toBe(1);
    const topRows = region('Top letters').getByRole('row').filter({ hasText: TITLE });
    expect(await topRows.count()).toBe(1);
    await expectAccessible(page, 'Organization dashboard');

    // Seven days: the period the platform is asked for moves, the day's numbers stay.
    await page.getByText('7 days', { exact: true }).click();
    await expect.poll(() => page.getByText(`${shownUtcDay(7)} to ${shownUtcDay(-1)} (UTC days)`).count(), { timeout: 15_000 }).toBe(1);
    expect(await cellsOf(letterRow)).toEqual(cells);

    // The filter on the company channel alone: no letters, no readers.
    await page.getByRole('combobox', { name: 'Channels' }).click();
    await page.getByRole('option', { name: 'Demo company' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => region('Letters sent').getByText('No letters sent in this period').count(), { timeout: 15_000 }).toBe(1);
    expect(await region('Active subscribers').textContent()).toContain('Active0');
    // And on the weekly channel: the letter again.
    await page.getByRole('combobox', { name: 'Channels' }).click();
    await page.getByRole('option', { name: 'The Weekly' }).click();
    await page.keyboard.press('Escape');
    await expect.poll(() => letterRow.count(), { timeout: 15_000 }).toBe(1);

    // The channel route: one channel, no filter, no channel column.
    await page.goto(`${app.host.appUrl}${channelDashboardPath('demo', 'weekly')}`);
    await expect.poll(() => letterRow.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('combobox', { name: 'Channels' }).count()).toBe(0);
    expect(await cellsOf(letterRow)).toEqual([cells[0], ...cells.slice(2)]);

    // The tenant-wide route, from the navigation.
    await page.getByRole('link', { name: 'Company dashboard' }).click();
    await expect.poll(() => page.url()).toBe(`${app.host.appUrl}${companyDashboardPath('demo')}`);
    await expect.poll(() => page.getByText('All organizations').count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => letterRow.count(), { timeout: 20_000 }).toBe(1);

    // Share: a read-only page on the platform that opens with its link alone; altered, it is refused.
    await page.getByRole('button', { name: 'Share' }).click();
    const share = page.getByRole('dialog', { name: 'Share this dashboard' });
    const linkBox = share.getByRole('textbox', { name: 'Dashboard link' });
    await expect.poll(() => linkBox.count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(page, 'Share dialog');
    const shared = await linkBox.inputValue();
    await page.keyboard.press('Escape');
    expect((await page.goto(shared))?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Dashboard: All organizations');
    const embeddedRow = page.getByRole('table', { name: 'Letters sent' }).getByRole('row').filter({ hasText: TITLE });
    expect((await cellsOf(embeddedRow)).slice(2)).toEqual([String(READERS), '40.0%', '10.0%']);
    const token = new URL(shared).searchParams.get('token')!;
    const altered = new URL(shared);
    altered.searchParams.set('token', `${token.slice(0, 10)}${token[10] === 'A' ? 'B' : 'A'}${token.slice(11)}`);
    expect((await page.goto(altered.toString()))?.status()).toBe(404);
    expect(await page.getByText(TITLE).count()).toBe(0);
    await page.goto(`${app.host.appUrl}${companyDashboardPath('demo')}`);
    await expect.poll(() => letterRow.count(), { timeout: 20_000 }).toBe(1);

    // Export the letters: queued, then the CSV arrives attached.
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export as CSV' });
    await dialog.getByRole('textbox', { name: 'Email addresses' }).fill('not-an-address');
    await dialog.getByRole('button', { name: 'Send export' }).click();
    await expect.poll(() => dialog.getByText('Enter a valid email address.').count(), { timeout: 10_000 }).toBe(1);
    await dialog.getByRole('textbox', { name: 'Email addresses' }).fill('boss@example.com, desk@example.com');
    await expectAccessible(page, 'Export dialog');
    await dialog.getByRole('button', { name: 'Send export' }).click();
    await expect.poll(() => page.getByText('Export queued').count(), { timeout: 10_000 }).toBe(1);
    const exportTo = (address: string) => smtp.received.find((message) => message.envelope.to.includes(address));
    await expect.poll(() => exportTo('desk@example.com') !== undefined && exportTo('boss@example.com') !== undefined, { timeout: 30_000 }).toBe(true);
    const attachment = exportTo('boss@example.com')!.mail.attachments[0]!;
    expect(attachment.filename).toBe(`demo-letters-${utcDay(30)}-to-${utcDay(-1)}.csv`);
    const rows = attachment.content.toString('utf8').replace(/^\uFEFF/, '').trimEnd().split('\r\n').map((line) => line.split(','));
    expect(rows[0]).toEqual(['id', 'title', 'organization', 'channel', 'sent_at', 'sent', 'delivered', 'opens', 'clicks', 'open_rate', 'click_rate']);
    expect(rows.slice(1).map((row) => [row[0], row[1], row[3], ...row.slice(5)])).toEqual([
      [String(letterId), TITLE, 'weekly', String(READERS), String(READERS), String(OPENED), '1', '40', '10'],
    ]);
  }, 300_000);
});
