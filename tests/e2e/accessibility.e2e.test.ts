import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  channelDashboardPath,
  curationPath,
  letterPath,
  localMailboxPath,
  newslettersPath,
  pollsPath,
  settingsPath,
} from '../../shared/app-paths';
import { platformPaths } from '../../shared/contract/platform-api';
import { LocalMailboxResponseSchema } from '../../shared/contract/platform-delivery';
import { CampaignSchema, PromotionSchema, ReviewResponseSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import { newDraftLetter } from '../../shared/model/new-letter';
import { serializeSections, type Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { CampaignStatus } from '../../shared/rules/promotions';
import { createPayload } from '../../src-main/core/sync/letter-payloads';
import { useAppInBrowser } from './support/app-in-browser';
import { expectAccessible } from './support/axe';
import { signIn, weeklyChannel } from './support/platform-session';
import { scheduleSoon } from './support/schedule-soon';

// axe-core on every main screen an editor meets (issue 37): the letters list, the composer,
// the schedule step, a sent letter's report, the dashboard, subscribers, polls, promotions
// and an approved campaign, curation, Settings and the local mailbox. Each must have no
// serious or critical violation and exactly one level-one heading. The demo organization
// starts with its features on (polls among them), and Settings → Features switches one.

const app = useAppInBrowser({ LETTERDESK_PUSH_DELAY_MS: '300' });
const TITLE = 'Tide tables for the spring';
const ZONE = 'America/New_York';
const nav = () => app.page.getByRole('navigation', { name: 'Channel' });
const url = (path: string) => `${app.host.appUrl}${path}`;

/** Where to keep a picture of each screen checked, for a look at the product (unset: none). */
const SCREENSHOTS_DIR = process.env.LETTERDESK_SCREENSHOTS_DIR;

/** One h1 on the screen, and no serious or critical axe finding. */
async function checkScreen(screen: string) {
  await expect.poll(() => app.page.getByRole('heading', { level: 1 }).count(), { timeout: 15_000, message: `${screen}: one h1` }).toBe(1);
  await expectAccessible(app.page, screen);
  if (SCREENSHOTS_DIR) await app.page.screenshot({ path: `${SCREENSHOTS_DIR}/${screen.replace(/\W+/g, '-').toLowerCase()}.png`, fullPage: true });
}

/** A letter with a link, sent to the demo channel's readers (kept in the local mailbox: no mail server). */
async function sentLetter(): Promise<number> {
  const { client, token } = await signIn(app.host.platformUrl);
  const channel = await weeklyChannel(client);
  const uniqueId = randomUUID();
  const story: Section = { ...newSection('paragraph', 'p-tides'), delta: { ops: [{ insert: 'The tide tables', attributes: { link: 'https://example.com/tides' } }, { insert: '\n' }] } };
  const draft = { ...newDraftLetter({ uniqueId, channel, author: null, now: new Date().toISOString() }), title: TITLE };
  draft.blocks = serializeSections([story, newSection('footer', `${uniqueId}-footer`)]);
  const letter = await client.createLetter('demo', 'weekly', createPayload(draft, channel.id));
  await scheduleSoon(client, letter, { secondsAhead: 2, zone: ZONE, subtitle: 'Spring tides', title: TITLE });
  const kept = async () => {
    const response = await fetch(`${app.host.platformUrl}${platformPaths.localMailbox()}`, { headers: { authorization: `Bearer ${token}` } });
    return LocalMailboxResponseSchema.parse(await response.json()).items.filter((item) => item.letterId === letter.id).length;
  };
  await expect.poll(kept, { timeout: 150_000, interval: 500 }).toBeGreaterThan(0);
  return letter.id!;
}

/** A campaign the editor approved, with one approved promotion: the green badges. */
async function approvedCampaign(): Promise<string> {
  const { client } = await signIn(app.host.platformUrl);
  const campaign = await client.request('POST', promotionPaths.campaigns('demo'), CampaignSchema, { title: 'Harbour ferries', promoterName: 'Ferries Ltd', channels: ['weekly'] });
  for (const status of [CampaignStatus.setup, CampaignStatus.draft]) {
    await client.request('POST', promotionPaths.campaignStatus(campaign.uniqueId), CampaignSchema, { status });
  }
  const promotion = await client.request('POST', promotionPaths.createCollateral(campaign.uniqueId), PromotionSchema, {
    headline: 'Ride the ferry',
    content: 'Across the bay every hour.',
    callToAction: 'Book a seat',
    callToActionUrl: 'https://ferries.example/book',
    dates: ['2099-03-05'],
    zone: 1,
  });
  await client.request('POST', promotionPaths.approve('demo', 'weekly', promotion.id), ReviewResponseSchema, { message: '' });
  await client.request('POST', promotionPaths.campaignStatus(campaign.uniqueId), CampaignSchema, { status: CampaignStatus.approved });
  return campaign.uniqueId;
}

describe('accessibility of the main screens (axe-core: no serious or critical, one h1)', () => {
  it('passes on the letters list, the composer, the schedule step and a sent letter’s report', async () => {
    await app.page.setViewportSize({ width: 1440, height: 900 });
    const sent = sentLetter();
    await app.page.goto(url(newslettersPath('demo', 'weekly')));
    await expect.poll(() => app.page.getByRole('table', { name: 'Newsletters' }).count(), { timeout: 20_000 }).toBe(1);
    await checkScreen('Letters list');

    await app.page.getByRole('button', { name: 'New letter' }).click();
    await expect.poll(() => app.page.url(), { timeout: 15_000 }).toMatch(/\/newsletters\/\d+$/);
    await expect.poll(() => app.page.getByRole('region', { name: 'Canvas' }).count(), { timeout: 15_000 }).toBe(1);
    await checkScreen('Composer');

    const preview = app.page.getByRole('button', { name: 'Preview and schedule', exact: true });
    await expect.poll(() => preview.isEnabled(), { timeout: 20_000 }).toBe(true);
    await preview.click();
    await expect.poll(() => app.page.getByRole('button', { name: 'Schedule', exact: true }).count(), { timeout: 20_000 }).toBe(1);
    // What the step checks on entering (content, inboxes) has answered.
    await expect.poll(() => app.page.getByRole('status', { name: /^Checking/ }).count(), { timeout: 20_000 }).toBe(0);
    await checkScreen('Schedule step');

    const id = await sent;
    await app.page.goto(url(letterPath('demo', 'weekly', id)));
    await expect.poll(() => app.page.getByRole('article', { name: 'Edition metrics' }).count(), { timeout: 30_000 }).toBe(1);
    await checkScreen('Report');
  }, 240_000);

  it('passes on the dashboard, subscribers, polls, promotions and an approved campaign', async () => {
    await app.page.goto(url(channelDashboardPath('demo', 'weekly')));
    await expect.poll(() => app.page.getByRole('table', { name: 'Letters sent' }).count(), { timeout: 30_000 }).toBe(1);
    await checkScreen('Dashboard');

    await nav().getByRole('link', { name: 'Subscribers' }).click();
    await expect.poll(() => app.page.getByText('ada@example.com').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await checkScreen('Subscribers');

    // Polls are on for a new organization: the navigation offers them.
    await nav().getByRole('link', { name: 'Polls' }).click();
    await expect.poll(() => app.page.url()).toBe(url(pollsPath('demo', 'weekly')));
    await expect.poll(() => app.page.getByRole('button', { name: 'New poll' }).count(), { timeout: 20_000 }).toBe(1);
    await checkScreen('Polls');

    const campaign = await approvedCampaign();
    await nav().getByRole('link', { name: 'Promotions' }).click();
    await expect.poll(() => app.page.getByRole('link', { name: 'Harbour ferries' }).count(), { timeout: 20_000 }).toBe(1);
    await checkScreen('Promotions');
    await app.page.getByRole('link', { name: 'Harbour ferries' }).click();
    await expect.poll(() => app.page.url()).toContain(encodeURIComponent(campaign));
    await expect.poll(() => app.page.getByLabel('Promotion Ride the ferry').getByText('Approved', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    await checkScreen('Approved campaign');
  }, 120_000);

  it('passes on curation, Settings and the local mailbox', async () => {
    await app.page.goto(url(curationPath('demo', 'weekly')));
    await expect.poll(() => app.page.getByRole('heading', { name: 'Curation', level: 1 }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => app.page.getByLabel('Loading articles').count(), { timeout: 20_000 }).toBe(0);
    await checkScreen('Curation');

    await app.page.goto(url(settingsPath));
    await expect.poll(() => app.page.getByRole('switch', { name: /^Polls/ }).count(), { timeout: 20_000 }).toBe(1);
    await checkScreen('Settings');

    await app.page.goto(url(localMailboxPath));
    await expect.poll(() => app.page.getByRole('navigation', { name: 'Kept emails' }).getByText(TITLE).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => app.page.locator('iframe[title="Kept email content"]').count(), { timeout: 20_000 }).toBe(1);
    // The list scrolls by keyboard too: its scroll area takes the focus.
    await app.page.getByRole('region', { name: 'Kept emails, scrollable' }).focus();
    expect(await app.page.evaluate("document.activeElement && document.activeElement.getAttribute('aria-label')")).toBe('Kept emails, scrollable');
    await checkScreen('Local mailbox');
  }, 120_000);
});

describe('Settings → Features', () => {
  it('turns Polls off for the organization, which takes them out of the navigation, and on again', async () => {
    await app.page.goto(url(settingsPath));
    const polls = app.page.getByRole('switch', { name: /^Polls/ });
    await expect.poll(() => polls.isChecked(), { timeout: 20_000 }).toBe(true);
    await polls.click();
    await expect.poll(() => polls.isChecked(), { timeout: 20_000 }).toBe(false);

    await app.page.goto(url(newslettersPath('demo', 'weekly')));
    await expect.poll(() => nav().getByRole('link', { name: 'Newsletters' }).count(), { timeout: 20_000 }).toBe(1);
    await expect.poll(() => nav().getByRole('link', { name: 'Curation' }).count()).toBe(1);
    expect(await nav().getByRole('link', { name: 'Polls' }).count()).toBe(0);

    await app.page.goto(url(settingsPath));
    await expect.poll(() => polls.isChecked(), { timeout: 20_000 }).toBe(false);
    await polls.click();
    await expect.poll(() => polls.isChecked(), { timeout: 20_000 }).toBe(true);
    await app.page.goto(url(newslettersPath('demo', 'weekly')));
    await expect.poll(() => nav().getByRole('link', { name: 'Polls' }).count(), { timeout: 20_000 }).toBe(1);
  }, 90_000);
});
