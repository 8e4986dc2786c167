import { describe, expect, it } from 'vitest';
import { publicPagePaths } from '../../shared/contract/public-pages';
import { newSection } from '../../shared/model/section-factory';
import { specCreatePayload } from '../../src-server/testing/letter-fixtures';
import { useAppInBrowser } from './support/app-in-browser';
import { signedInClient } from './support/platform-session';
import { useLoopbackSmtp } from './support/loopback-smtp';
import { scheduleSoon } from './support/schedule-soon';

// What readers receive, read in Chromium: a letter sent at its time through a real SMTP
// server on loopback, then its public web archive — the channel page, the letter page with
// its share icons loading from the platform with no sign-in, nothing personal on it.

const smtp = useLoopbackSmtp();

const app = useAppInBrowser(() => ({ SMTP_URL: smtp.url }));
const ZONE = 'America/New_York';
const SUBJECT = 'Lighthouse keepers of the north coast';
const STORY = 'The lamp at Cape Wrath was lit by hand for a hundred years.';
const PLACEHOLDER = 'Start writing something great...';

function blocks(): string {
  const story = { ...newSection('paragraph', 'story'), delta: { ops: [{ insert: `Hello {{ first_name | capitalize or 'reader' }}. ${STORY}\n` }] } };
  return JSON.stringify([newSection('logo', 'logo'), story, newSection('paragraph', 'left-empty'), newSection('share', 'share'), newSection('footer', 'footer')]);
}

/** Every image of the page, and whether it loaded. */
const images = () =>
  app.page.$$eval('img', (elements) => elements.map((img) => ({ src: img.src, loaded: img.complete && img.naturalWidth > 0 })));

describe('the public web archive', () => {
  it('shows a sent letter as readers got it, with its share icons, and lists it on the channel page', async () => {
    const client = await signedInClient(app.host.platformUrl);
    const weekly = (await client.me()).organizations.flatMap((org) => org.channels).find((channel) => channel.channelSlug === 'weekly')!;

    // Made as another client would: the spec's payload (specCreatePayload), no uniqueId.
    const letter = await client.createLetter('demo', 'weekly', { ...specCreatePayload(weekly.id), blocks: blocks(), title: SUBJECT });
    const id = letter.id!;
    await scheduleSoon(client, letter, {
      secondsAhead: 4,
      zone: ZONE,
      emailTemplate: '',
      openGraphHeadline: 'Keepers of the light',
      openGraphDescription: 'A century of lamps lit by hand.',
      subtitle: 'Stories from the coast',
      title: SUBJECT,
    });
    await expect.poll(async () => (await client.getLetter('demo', 'weekly', id))?.publicationStatus, { timeout: 90_000, interval: 1_000 }).toBe(1);

    // The email a reader got: no placeholder, and share icons served by the platform.
    const received = smtp.received.find((message) => message.mail.subject === SUBJECT);
    expect(received).toBeDefined();
    const emailHtml = String(received!.mail.html || '');
    expect(emailHtml).toContain(STORY);
    expect(emailHtml).not.toContain(PLACEHOLDER);

    // The email as a mail client shows it: every platform image loads without a token.
    await app.page.setContent(emailHtml, { waitUntil: 'load' });
    const emailIcons = (await images()).filter((image) => image.src.includes('/assets/social/'));
    expect(emailIcons).toHaveLength(5);
    expect(emailIcons.every((image) => image.loaded)).toBe(true);

    // The channel page lists it and leads to it.
    await app.page.goto(`${app.host.platformUrl}${publicPagePaths.channelArchive('weekly')}`);
    const link = app.page.getByRole('link', { name: SUBJECT });
    await expect.poll(() => link.count()).toBe(1);
    await link.click();
    await expect.poll(() => app.page.url()).toBe(`${app.host.platformUrl}${publicPagePaths.letterArchive('weekly', letter.uniqueId)}`);

    // The letter page: its subject as the title, the social card, the letter's words with
    // tags filled for no one in particular, an unsubscribe link that only says unsubscribing
    // is by email (the public copy is nobody's), icons loaded.
    expect(await app.page.title()).toBe(SUBJECT);
    expect(await app.page.locator('meta[property="og:title"]').getAttribute('content')).toBe('Keepers of the light');
    expect(await app.page.locator('meta[property="og:description"]').getAttribute('content')).toBe('A century of lamps lit by hand.');
    const body = (await app.page.locator('body').innerText()).replace(/\s+/g, ' ');
    expect(body).toContain(`Hello reader. ${STORY}`);
    expect(body).not.toContain(PLACEHOLDER);
    const unsubscribe = app.page.getByRole('link', { name: /unsubscribe/i });
    for (let index = 0; index < (await unsubscribe.count()); index++) {
      expect(new URL((await unsubscribe.nth(index).getAttribute('href')) ?? '', app.host.platformUrl).pathname).toBe(publicPagePaths.unsubscribeByEmail());
    }
    const pageIcons = (await images()).filter((image) => image.src.includes('/assets/social/'));
    expect(pageIcons).toHaveLength(5);
    expect(pageIcons.every((image) => image.loaded)).toBe(true);

    // The same page by its numeric id; a draft is not public.
    await app.page.goto(`${app.host.platformUrl}${publicPagePaths.letterArchive('weekly', id)}`);
    expect(await app.page.title()).toBe(SUBJECT);
    const draft = await client.createLetter('demo', 'weekly', { ...specCreatePayload(weekly.id), title: 'Still a draft' });
    const refused = await app.page.goto(`${app.host.platformUrl}${publicPagePaths.letterArchive('weekly', draft.uniqueId)}`);
    expect(refused?.status()).toBe(404);
    expect(await app.page.getByRole('heading', { name: 'This link is no longer valid.' }).count()).toBe(1);
  }, 150_000);
});
