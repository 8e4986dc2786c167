import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { channelDashboardPath, letterPath } from '../../shared/app-paths';
import { newDraftLetter } from '../../shared/model/new-letter';
import { serializeSections, type Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { createPayload } from '../../src-main/core/sync/letter-payloads';
import { MACHINE_CLICK_WINDOW_MS } from '../../src-server/tracking/click-classification';
import { useAppInBrowser } from './support/app-in-browser';
import { signedInClient, weeklyChannel } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { scheduleSoon } from './support/schedule-soon';

// Metrics count people (issue 31): a letter goes out to the demo channel's three active
// readers through a real SMTP server on loopback; a security gateway's scanner follows the
// link in one email and a reader, later, the link in another. The report shows the
// people's figure by default, and every click's after one choice of 'All activity'; the
// channel dashboard does the same.

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const ZONE = 'America/New_York';
const TITLE = 'Foghorns of the northern capes';
const STORY_URL = 'https://example.com/foghorns';
const READERS = 3;
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };
const SCANNER = { 'user-agent': 'Mozilla/5.0 (compatible; Proofpoint URL Defense)' };

const figure = (name: string) => app.page.getByRole('region', { name: 'Metrics' }).getByRole('group', { name, exact: true });
const activity = (name: string) => app.page.getByRole('radio', { name, exact: true });

async function sendLetter(): Promise<number> {
  const client = await signedInClient(app.host.platformUrl);
  const channel = await weeklyChannel(client);
  const uniqueId = randomUUID();
  const story: Section = { ...newSection('paragraph', 'p-story'), delta: { ops: [{ insert: 'The foghorns', attributes: { link: STORY_URL } }, { insert: '\n' }] } };
  const draft = { ...newDraftLetter({ uniqueId, channel, author: null, now: new Date().toISOString() }), title: TITLE };
  draft.blocks = serializeSections([story, newSection('footer', `${uniqueId}-footer`)]);
  const letter = await client.createLetter('demo', 'weekly', createPayload(draft, channel.id));
  await scheduleSoon(client, letter, { secondsAhead: 2, zone: ZONE, subtitle: 'From the capes', title: TITLE });
  return letter.id!;
}

describe('people and all activity', () => {
  it('shows people’s clicks by default and every click after one choice', async () => {
    const id = await sendLetter();
    const sent = () => smtp.received.filter((message) => message.mail.subject === TITLE);
    await expect.poll(() => sent().length, { timeout: 120_000, interval: 250 }).toBe(READERS);
    const linkOf = (index: number) => /href="([^"]*\/t\/c\/[^"]+)"/.exec(String(sent()[index]!.mail.html))![1]!.replace(/&amp;/g, '&');
    // The gateway's scanner as the email arrives; the reader once the first seconds are over.
    expect((await fetch(linkOf(0), { headers: SCANNER, redirect: 'manual' })).headers.get('location')).toBe(STORY_URL);
    await new Promise((resolve) => setTimeout(resolve, MACHINE_CLICK_WINDOW_MS + 1_000));
    expect((await fetch(linkOf(1), { headers: BROWSER, redirect: 'manual' })).headers.get('location')).toBe(STORY_URL);

    await app.page.goto(`${app.host.appUrl}${letterPath('demo', 'weekly', id)}`);
    await expect.poll(() => app.page.getByRole('article', { name: 'Edition metrics' }).count(), { timeout: 60_000 }).toBe(1);
    await expect.poll(() => figure('Sent').textContent(), { timeout: 20_000 }).toContain('3');
    // People: the reader's click only.
    expect(await activity('People').isChecked()).toBe(true);
    expect(await figure('Click rate').textContent()).toContain('33.3%');
    expect(await figure('Click rate').textContent()).toContain('1 unique click');
    const topLink = app.page.getByRole('table', { name: 'Top clicked links' }).getByRole('row').nth(1);
    expect((await topLink.locator('td').allTextContents()).map((text) => text.trim())).toEqual([STORY_URL.replace('https://', ''), '1', '1']);

    // All activity: the scanner's click too.
    await app.page.getByText('All activity', { exact: true }).click();
    await expect.poll(() => figure('Click rate').textContent(), { timeout: 20_000 }).toContain('66.7%');
    expect(await activity('All activity').isChecked()).toBe(true);
    expect(await figure('Click rate').textContent()).toContain('2 unique clicks');
    await expect.poll(async () => (await topLink.locator('td').allTextContents()).map((text) => text.trim())).toEqual([STORY_URL.replace('https://', ''), '2', '2']);

    // The channel dashboard: people's click rate, then every click's.
    await app.page.goto(`${app.host.appUrl}${channelDashboardPath('demo', 'weekly')}`);
    const row = app.page.getByRole('table', { name: 'Letters sent' }).getByRole('row').filter({ hasText: TITLE });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    const clickRate = async () => (await row.locator('td').allTextContents()).map((text) => text.trim()).at(-1);
    expect(await clickRate()).toBe('33.3%');
    await app.page.getByText('All activity', { exact: true }).click();
    await expect.poll(clickRate, { timeout: 20_000 }).toBe('66.7%');
  }, 300_000);
});
