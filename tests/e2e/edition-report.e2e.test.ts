import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { describe, expect, it } from 'vitest';
import { letterPath, newslettersPath } from '../../shared/app-paths';
import { newDraftLetter } from '../../shared/model/new-letter';
import { serializeSections, type Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { createPayload } from '../../src-main/core/sync/letter-payloads';
import { useAppInBrowser } from './support/app-in-browser';
import { signedInClient, weeklyChannel } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { sendScheduledNow } from './support/platform-db';
import { MACHINE_CLICK_WINDOW_MS } from '../../src-server/tracking/click-classification';

// An edition's report as the editor meets it: a letter with a link is scheduled through the
// app's schedule step to a small segment, goes out through a real SMTP server on loopback,
// a reader opens it and follows the link (the email's own tracking URLs), and the letter
// then opens on its report with the counts, the rates of spec 1 §9 and the top link; its
// 'Dashboard' lists it. The cards fed by the platform's other report calls are covered by
// the component tests.

dayjs.extend(utc);
dayjs.extend(timezone);

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const ZONE = 'America/New_York';
const TITLE = 'Lighthouse keepers of the coast';
const STORY_URL = 'https://example.com/lighthouses';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };

const button = (name: string) => app.page.getByRole('button', { name, exact: true });
const sidebar = () => app.page.getByLabel('Schedule settings');
const textbox = (name: string) => sidebar().getByRole('textbox', { name, exact: true });
const figure = (name: string) => app.page.getByRole('region', { name: 'Metrics' }).getByRole('group', { name, exact: true });

/** A draft with a linked paragraph, made on the platform (the composer's link editing has its own tests). */
async function draftWithLink(): Promise<number> {
  const client = await signedInClient(app.host.platformUrl);
  const channel = await weeklyChannel(client);
  const uniqueId = randomUUID();
  const story: Section = {
    ...newSection('paragraph', 'p-story'),
    delta: { ops: [{ insert: 'The last keepers', attributes: { link: STORY_URL } }, { insert: '\n' }] },
  };
  const draft = { ...newDraftLetter({ uniqueId, channel, author: null, now: new Date().toISOString() }), title: TITLE };
  draft.blocks = serializeSections([story, newSection('footer', `${uniqueId}-footer`)]);
  return (await client.createLetter('demo', 'weekly', createPayload(draft, channel.id))).id!;
}

describe('an edition report', () => {
  it('shows the counts, rates and top link of a send once a reader has opened and clicked', async () => {
    const id = await draftWithLink();
    await app.page.goto(`${app.host.appUrl}${newslettersPath('demo', 'weekly')}`);
    await app.page.getByRole('link', { name: TITLE }).click();
    await expect.poll(() => button('Preview and schedule').isEnabled(), { timeout: 20_000 }).toBe(true);
    await button('Preview and schedule').click();
    await expect.poll(() => button('Schedule').count(), { timeout: 20_000 }).toBe(1);

    // The field takes minutes: the next minute, or the one after when this one is nearly over.
    const now = dayjs().tz(ZONE);
    const sendAt = now.add(now.second() > 40 ? 2 : 1, 'minute').format('YYYY-MM-DD HH:mm');
    await sidebar().getByLabel('Audience', { exact: false }).first().click();
    await app.page.getByRole('option', { name: /Engaged readers/ }).click();
    await textbox('Date and time').fill(sendAt);
    await textbox('Preview text').fill('Stories from the last lit towers');
    await textbox('Headline').fill(TITLE);
    await textbox('Description').fill('Our weekly letter.');
    await expect.poll(() => button('Schedule').isEnabled(), { timeout: 10_000 }).toBe(true);
    await button('Schedule').click();
    await expect.poll(() => app.page.getByRole('heading', { name: 'Great job' }).count(), { timeout: 20_000 }).toBe(1);

    // Brought forward, as the clock would: the platform's minute sweep sends it now. The segment is Ada and Grace.
    expect(await sendScheduledNow(app.host, [TITLE])).toBe(1);
    const sent = () => smtp.received.filter((message) => message.mail.subject === TITLE);
    await expect.poll(() => sent().length, { timeout: 150_000, interval: 1000 }).toBe(2);
    // A reader, not a prefetcher: opens and clicks in the first seconds after the send are machines' (open- and click-classification.ts).
    await new Promise((resolve) => setTimeout(resolve, MACHINE_CLICK_WINDOW_MS + 1_000));
    const html = String(sent()[0]!.mail.html);
    const pixel = /src="([^"]*\/t\/o\/[^"]+\.gif)"/.exec(html)![1]!;
    const link = /href="([^"]*\/t\/c\/[^"]+)"/.exec(html)![1]!.replace(/&amp;/g, '&');
    expect((await fetch(pixel, { headers: BROWSER })).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      expect((await fetch(link, { headers: BROWSER, redirect: 'manual' })).headers.get('location')).toBe(STORY_URL);
    }

    // Once sent, the letter opens on its report.
    await app.page.goto(`${app.host.appUrl}${letterPath('demo', 'weekly', id)}`);
    await expect.poll(() => app.page.getByText('Published', { exact: true }).count(), { timeout: 60_000 }).toBeGreaterThan(0);
    const report = app.page.getByRole('article', { name: 'Edition metrics' });
    await expect.poll(() => report.count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => figure('Sent').textContent(), { timeout: 20_000 }).toContain('2');
    expect(await figure('Delivered').textContent()).toContain('2');
    expect(await figure('Delivery rate').textContent()).toContain('100.0%');
    // The platform's own delivery (esp 0): confirmed opens over accepted.
    expect(await figure('Open rate').textContent()).toContain('50.0%');
    expect(await figure('Click rate').textContent()).toContain('50.0%');
    expect(await figure('Click-through rate').textContent()).toContain('100.0%');
    expect(await figure('Bounces').textContent()).toContain('0');
    const topLink = app.page.getByRole('table', { name: 'Top clicked links' }).getByRole('row').nth(1);
    expect((await topLink.locator('td').allTextContents()).map((text) => text.trim())).toEqual([STORY_URL.replace('https://', ''), '1', '2']);
    expect(await report.getByText(/^Updated /).count()).toBe(1);
    // The letter preview is the email the send used, kept by the platform: its unsubscribe
    // link leads to the page that says it works from the email, not to a reader's page.
    const sentEmail = () => report.getByRole('region', { name: 'Letter preview' }).getByTitle('Email preview').getAttribute('srcdoc');
    await expect.poll(sentEmail, { timeout: 20_000 }).toContain('/unsubscribe/by-email');
    expect(await sentEmail()).toContain(`href="${STORY_URL}"`);
    expect(await sentEmail()).not.toContain('{{');

    // The secondary button shows the newsletter, and the report again.
    await button('View newsletter').click();
    await expect.poll(() => report.count()).toBe(0);
    await expect.poll(() => app.page.getByTitle('Email preview').count()).toBe(1);
    await button('View metrics').click();
    await expect.poll(() => report.count()).toBe(1);

    // 'Dashboard' goes to the channel dashboard, which lists the letter with its rates.
    await button('Dashboard').click();
    await expect.poll(() => app.page.url()).toMatch(/\/organizations\/demo\/channels\/weekly\/metrics$/);
    const row = app.page.getByRole('table', { name: 'Letters sent' }).getByRole('row').filter({ hasText: TITLE });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    const cells = (await row.locator('td').allTextContents()).map((text) => text.trim());
    expect([cells[0], ...cells.slice(2)]).toEqual([TITLE, '2', '2', '50.0%', '50.0%']);
    expect((await app.page.getByRole('radio', { name: '30 days' }).isChecked())).toBe(true);
  }, 300_000);
});
