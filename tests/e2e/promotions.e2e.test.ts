import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ACCOUNT } from '../../shared/contract/platform-api';
import { z } from 'zod';
import { CampaignSchema, PromotionListSchema, PromotionSchema, ReviewResponseSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import { createPlatformClient } from '../../src-main/core/platform/platform-client';
import { startTestSmtp, type TestSmtp } from '../../src-server/testing/smtp-fixture';
import type { Browser } from 'playwright-core';
import { useAppInBrowser } from './support/app-in-browser';
import { sendScheduledNow } from './support/platform-db';
import { launchBrowser } from './support/browser';
import { startWebHostProcess, type RunningWebHost } from './support/web-host-process';
import { composerPage } from './support/composer-page';
import { MACHINE_CLICK_WINDOW_MS } from '../../src-server/tracking/click-classification';

// Promotions from the advertiser to the reader: an advertiser signs in to the platform from
// their own copy of the app and creates a campaign and its collateral through its screens;
// the editor approves them in the app, places a zone block in a letter, chooses the ads and
// the promotion box at the schedule step (an unticked ad is not carried), and
// schedules it to a small segment over a real SMTP server on loopback; a reader follows the
// promotion's link, and the campaign's metrics in the app count the click. Then a letter without a zone block
// meets the schedule step's missing-promotions notice, word for word.

dayjs.extend(utc);
dayjs.extend(timezone);

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
// The advertiser's own copy of the app, signed in to the editor's platform.
let advertiserHost: RunningWebHost | undefined;
let advertiserBrowser: Browser | undefined;
afterAll(async () => {
  await advertiserBrowser?.close();
  await advertiserHost?.stop();
  await smtp?.close();
});

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url, LETTERDESK_PUSH_DELAY_MS: '200' }));
const { palette, section, settings: panel, openNewLetter } = composerPage(app);
const ZONE = 'America/New_York';
const TITLE = 'Harbour lights this week';
const CTA_URL = 'https://boats.example/book';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36' };

const button = (name: string) => app.page.getByRole('button', { name, exact: true });
const sidebar = () => app.page.getByLabel('Schedule settings');
const textbox = (name: string) => sidebar().getByRole('textbox', { name, exact: true });

/** A platform client signed in as this account. */
async function signedIn(email: string, password: string) {
  let token: string | null = null;
  const client = createPlatformClient(app.host.platformUrl, () => token);
  token = (await client.login({ email, password })).token;
  return client;
}

/** An advertiser's campaign (set up to 'ready for the publisher') with one promotion in zone 1 for `day`. */
async function advertiserCampaign(email: string, title: string, headline: string, day: string) {
  const owner = await signedIn(EMBEDDED_ACCOUNT.email, EMBEDDED_ACCOUNT.password);
  await owner.request('POST', promotionPaths.advertisers('demo'), z.object({ email: z.string() }), { email, name: 'Boats', password: 'advertiser-pass' });
  const advertiser = await signedIn(email, 'advertiser-pass');
  const campaign = await advertiser.request('POST', promotionPaths.campaigns('demo'), CampaignSchema, { title, promoterName: 'Boats Ltd', channels: ['weekly'] });
  for (const status of [7, 2]) await advertiser.request('POST', promotionPaths.campaignStatus(campaign.uniqueId), CampaignSchema, { status });
  await advertiser.request('POST', promotionPaths.createCollateral(campaign.uniqueId), PromotionSchema, {
    headline,
    content: 'Sail the bay this weekend.',
    callToAction: 'Book a boat',
    callToActionUrl: CTA_URL,
    dates: [day],
    zone: 1,
  });
  return campaign;
}

async function openSettings(name: string) {
  await section(name).click();
  await button('Settings').click();
  await expect.poll(() => panel().getByRole('heading', { name: `${name} settings` }).count()).toBe(1);
}

async function toScheduleStep() {
  await expect.poll(() => button('Preview and schedule').isEnabled(), { timeout: 20_000 }).toBe(true);
  await button('Preview and schedule').click();
  await expect.poll(() => button('Schedule').count(), { timeout: 20_000 }).toBe(1);
}

describe('promotions', () => {
  it('an advertiser’s approved promotion fills the letter’s zone and its click shows in the campaign metrics', async () => {
    const day = dayjs().tz(ZONE).add(5, 'minute').format('YYYY-MM-DD');

    // The owner lets the advertiser in (an API call: the app has no screen for it); the
    // advertiser signs in to the platform from their own copy of the app.
    const owner = await signedIn(EMBEDDED_ACCOUNT.email, EMBEDDED_ACCOUNT.password);
    await owner.request('POST', promotionPaths.advertisers('demo'), z.object({ email: z.string() }), { email: 'ads@boats.example', name: 'Boats', password: 'advertiser-pass' });
    advertiserHost = await startWebHostProcess({ PLATFORM_URL: app.host.platformUrl });
    advertiserBrowser = await launchBrowser();
    const ads = await advertiserBrowser.newPage();
    await ads.goto(advertiserHost.appUrl);
    await ads.getByRole('textbox', { name: 'Email' }).fill('ads@boats.example');
    await ads.getByLabel('Password', { exact: true }).fill('advertiser-pass');
    await ads.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The advertiser lands on Promotions, creates the campaign and steps it through its setup.
    await expect.poll(() => ads.getByRole('button', { name: 'New campaign' }).count(), { timeout: 30_000 }).toBe(1);
    await ads.getByRole('button', { name: 'New campaign' }).click();
    const dialog = ads.getByRole('dialog', { name: 'New campaign' });
    await dialog.getByRole('textbox', { name: 'Title' }).fill('Summer sailing');
    await dialog.getByRole('textbox', { name: 'Promoter name' }).fill('Boats Ltd');
    await dialog.getByRole('button', { name: 'Create campaign' }).click();
    await expect.poll(() => ads.getByText('Step 1 of 3').count(), { timeout: 20_000 }).toBe(1);
    await ads.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => ads.getByText('Step 2 of 3').count(), { timeout: 20_000 }).toBe(1);
    await ads.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => ads.getByText('Step 3 of 3').count(), { timeout: 20_000 }).toBe(1);
    const campaignUniqueId = decodeURIComponent(new URL(ads.url()).pathname.split('/').at(-1)!);

    // A second ad for the day on a single date (the form offers a date range only, so it goes
    // through the API). It is the older one: unless the editor unticks it at the schedule
    // step, it fills the zone.
    const advertiser = await signedIn('ads@boats.example', 'advertiser-pass');
    await advertiser.request('POST', promotionPaths.createCollateral(campaignUniqueId), PromotionSchema, {
      headline: 'Ride along today',
      callToAction: 'Ride',
      callToActionUrl: 'https://boats.example/ride',
      dates: [day],
      zone: 1,
    });

    // The collateral, through the campaign's form.
    await ads.getByRole('button', { name: 'Add promotion' }).click();
    const form = ads.getByLabel('Promotion form');
    await form.getByRole('textbox', { name: 'Headline' }).fill('Sail with Boats Ltd');
    await form.getByRole('textbox', { name: 'Content' }).fill('Sail the bay this weekend.');
    await form.getByRole('textbox', { name: 'Call to action', exact: true }).fill('Book a boat');
    await form.getByRole('textbox', { name: 'Call to action URL' }).fill(CTA_URL);
    await form.getByRole('textbox', { name: 'Start date' }).fill(day);
    await form.getByRole('button', { name: 'Save promotion' }).click();
    await expect.poll(() => ads.getByLabel('Promotion Sail with Boats Ltd').count(), { timeout: 20_000 }).toBe(1);
    // What the platform keeps for them: the advertiser cannot approve.
    expect(await ads.getByRole('button', { name: 'Approve campaign' }).count()).toBe(0);

    // The editor approves both promotions and the campaign in the app.
    await app.page.goto(app.host.appUrl);
    await app.page.getByRole('link', { name: 'Promotions' }).click();
    await app.page.getByRole('link', { name: 'Summer sailing' }).click();
    for (const headline of ['Ride along today', 'Sail with Boats Ltd']) {
      const promotion = app.page.getByLabel(`Promotion ${headline}`);
      await expect.poll(() => promotion.getByText('Waiting for approval').count(), { timeout: 20_000 }).toBe(1);
      await promotion.getByRole('textbox', { name: 'Message' }).fill('Looks good');
      await promotion.getByRole('button', { name: 'Approve', exact: true }).click();
      await expect.poll(() => promotion.getByText('Approved', { exact: true }).count(), { timeout: 20_000 }).toBe(1);
    }
    await button('Approve campaign').click();
    await expect.poll(() => app.page.getByLabel('Campaign status').textContent(), { timeout: 20_000 }).toBe('Active');

    // A letter with a zone block.
    await openNewLetter();
    await palette('Promotion').click();
    await openSettings('Promotion');
    await panel().getByLabel(/^Zone/).first().click();
    await app.page.getByRole('option', { name: 'Zone 1' }).click();
    await expect.poll(() => panel().getByText('Select a zone.').count()).toBe(0);
    await panel().getByRole('button', { name: 'Close block settings' }).click();
    await app.page.getByRole('textbox', { name: 'Title (email subject)' }).fill(TITLE);
    await app.page.waitForTimeout(1_000);

    await toScheduleStep();
    // The list is opened again until it shows its options: on a loaded machine its first
    // opening, as the step mounts with a block still selected, has shown none (noted in issue 37).
    const engaged = app.page.getByRole('option', { name: /Engaged readers/ });
    await expect
      .poll(
        async () => {
          await app.page.keyboard.press('Escape');
          await sidebar().getByLabel('Audience', { exact: false }).first().click();
          return engaged.isVisible();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(true);
    await engaged.click();
    // Two to three minutes ahead, from now: the steps before took a while.
    const now = dayjs().tz(ZONE);
    const sendAt = now.add(now.second() > 40 ? 3 : 2, 'minute').format('YYYY-MM-DD HH:mm');
    expect(sendAt.slice(0, 10)).toBe(day);
    await textbox('Date and time').fill(sendAt);
    await textbox('Preview text').fill('Boats and tides');
    await textbox('Headline').fill(TITLE);
    await textbox('Description').fill('Our weekly letter.');

    // The promotion settings panel: both of the day's ads are chosen until one is unticked.
    // Promotions never block scheduling, so the section starts closed, summed up in a line.
    const promotionsControl = sidebar().getByRole('button', { name: /^Promotions/ });
    expect(await promotionsControl.textContent()).toContain('Every ad of the send day');
    await promotionsControl.click();
    const promotions = sidebar().getByRole('group', { name: 'Promoter ads' });
    await expect.poll(() => promotions.getByRole('checkbox').count(), { timeout: 20_000 }).toBe(2);
    expect(await promotions.getByRole('checkbox', { name: 'Sail with Boats Ltd' }).isChecked()).toBe(true);
    const older = promotions.getByRole('checkbox', { name: 'Ride along today' });
    expect(await older.isChecked()).toBe(true);
    await older.uncheck();
    await expect.poll(() => older.isChecked()).toBe(false);
    const thickness = sidebar().getByRole('textbox', { name: 'Promotion border thickness' });
    expect(await thickness.inputValue()).toBe('1');
    await thickness.fill('3');
    await thickness.blur();
    for (const side of ['top', 'right', 'bottom', 'left']) {
      const padding = sidebar().getByRole('textbox', { name: `Promotion padding ${side}` });
      expect(await padding.inputValue()).toBe('4');
      await padding.fill('12');
      await padding.blur();
    }
    // The preview shows the zone as the email will: the chosen promotion, in the chosen box.
    const preview = app.page.frameLocator('iframe[title="Email preview"]');
    await expect.poll(() => preview.getByText('Sail with Boats Ltd').count(), { timeout: 20_000 }).toBe(1);
    expect(await preview.getByText('Ride along today').count()).toBe(0);
    await expect.poll(() => app.page.locator('iframe[title="Email preview"]').getAttribute('srcdoc'), { timeout: 20_000 }).toMatch(/padding:12px[;"]/);

    // The letter carries zone 1, so nothing is missing.
    expect(await app.page.getByLabel('Missing promotions').count()).toBe(0);
    await expect.poll(() => button('Schedule').isEnabled(), { timeout: 10_000 }).toBe(true);
    await button('Schedule').click();
    await expect.poll(() => app.page.getByRole('heading', { name: 'Great job' }).count(), { timeout: 20_000 }).toBe(1);

    // Brought forward, as the clock would: the platform's minute sweep sends it now.
    expect(await sendScheduledNow(app.host, [TITLE])).toBe(1);
    const sent = () => smtp.received.filter((message) => message.mail.subject === TITLE);
    await expect.poll(() => sent().length, { timeout: 150_000, interval: 1000 }).toBe(2);
    const html = String(sent()[0]!.mail.html);
    expect(html).toContain('Sail with Boats Ltd');
    expect(html).toContain('Sail the bay this weekend.');
    expect(html).not.toContain('Ride along today');
    expect(html).toMatch(/padding:12px[;"]/);
    expect(html).toContain('border-top:3px solid');
    // A reader, not a prefetcher: clicks in the first seconds after the send are machines' (click-classification.ts).
    await new Promise((resolve) => setTimeout(resolve, MACHINE_CLICK_WINDOW_MS + 1_000));
    const links = [...html.matchAll(/href="([^"]*\/t\/c\/[^"]+)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    let followed = false;
    for (const link of links) {
      const response = await fetch(link, { headers: BROWSER, redirect: 'manual' });
      if (response.headers.get('location') === CTA_URL) {
        followed = true;
        break;
      }
    }
    expect(followed).toBe(true);

    // The campaign's metrics count the click, and the view: a reader's click is their open too (tracking-records.ts).
    await app.page.goto(`${app.host.appUrl}/organizations/demo/channels/weekly/promotions/${campaignUniqueId}`);
    await expect.poll(() => app.page.getByTestId('campaign-clicks').textContent(), { timeout: 20_000 }).toBe('1');
    const row = app.page.getByRole('table', { name: 'Metrics by promotion' }).getByRole('row').filter({ hasText: 'Sail with Boats Ltd' });
    expect((await row.locator('td').allTextContents()).map((text) => text.trim())).toEqual(['Sail with Boats Ltd', '1', '1', '$0 per click']);
  }, 420_000);

  it('warns at the schedule step about a promotion scheduled in a zone the letter lacks', async () => {
    await advertiserCampaign('ads@ferries.example', 'Ferry season', 'Ride the ferry', '2099-03-05');
    // Approved on the platform this time: the approval screen is the first test's.
    const owner = await signedIn(EMBEDDED_ACCOUNT.email, EMBEDDED_ACCOUNT.password);
    const pending = await owner.request('GET', `${promotionPaths.channelPromotions('demo', 'weekly')}?date=2099-03-05&status=any`, PromotionListSchema);
    expect(pending.items).toHaveLength(1);
    await owner.request('POST', promotionPaths.approve('demo', 'weekly', pending.items[0]!.id), ReviewResponseSchema, { message: '' });

    await openNewLetter();
    await app.page.getByRole('textbox', { name: 'Title (email subject)' }).fill('No room for ads');
    await app.page.waitForTimeout(1_000);
    await toScheduleStep();
    await textbox('Date and time').fill('2099-03-05 09:00');
    const notice = app.page.getByLabel('Missing promotions');
    await expect.poll(() => notice.count(), { timeout: 20_000 }).toBe(1);
    expect(await notice.getByText(/scheduled in/).textContent()).toBe(
      'A promotion scheduled in Zone 1 for March 5, is missing from your newsletter. You can continue without it, or go back to continue editing.',
    );
    expect(await notice.getByRole('button', { name: 'See our tutorial' }).count()).toBe(1);
    await notice.getByRole('button', { name: 'Go back to editing' }).click();
    await expect.poll(() => button('Preview and schedule').count(), { timeout: 20_000 }).toBe(1);
  }, 180_000);
});
