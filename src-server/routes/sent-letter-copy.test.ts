import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Poll } from '../../shared/contract/platform-polls';
import type { Campaign, Promotion } from '../../shared/contract/platform-promotions';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { SentEmailResponseSchema } from '../../shared/contract/platform-reports';
import type { SentEmail } from '../../shared/contract/platform-reports';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import type { ChannelSettings } from '../../shared/model/channel-settings';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { paragraph, pollSection } from '../testing/delivery-fixtures';
import { PUBLIC_URL, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';

// What each send used, kept by the platform (issue 30): letters with a promotion zone, a poll
// and the channel's logo are really sent (job runner on PostgreSQL, SMTP on loopback); then
// the channel changes its logo, accent colour and name. The letter's public page and the
// report's sent-email call still show the email as readers got it — the old logo, colour
// and name, the day's promotion, no raw merge tag — and the public page's poll buttons lead
// to a page that says voting is by email. An A/B letter keeps both subjects.

const DAY = '2099-07-14';
const SEND_AT = `${DAY} 09:00:00`;
const LOGO_SENT = 'https://cdn.example.com/logo-as-sent.png';
const LOGO_LATER = 'https://cdn.example.com/logo-set-later.png';
const ACCENT_SENT = '#1c7ed6';
const ACCENT_LATER = '#e8590c';
const NAME_LATER = 'The Renamed Weekly';
const STORY = 'https://example.com/harbour-story';
const text = PUBLIC_PAGE_TEXT.en;

let h: TrackingHarness;
let poll: Poll;
let promotion: Promotion;
let letter: Letter;
let abLetter: Letter;
let readerHtml: string;

async function call<T>(method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200): Promise<T> {
  const response = await h.app.inject({ method, url, headers: h.editor, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

/** A greeting with merge tags, a link in the channel's colour, zone 1, a poll and the footer with the channel's logo. */
function blocks(): string {
  const zone = newSection('newpromotion', 'promo');
  const footer = newSection('footer', 'footer') as Extract<Section, { type: 'footer' }>;
  const sections: Section[] = [
    paragraph('p-hello', "Hello {{ first_name | capitalize or 'friend' }}, this went to {{ email }}."),
    { ...newSection('paragraph', 'p-story'), delta: { ops: [{ insert: 'The harbour story', attributes: { link: STORY } }, { insert: '\n' }] } },
    { ...zone, blockModel: { ...zone.blockModel, zone: 1 } },
    pollSection(poll),
    { ...footer, blockModel: { ...footer.blockModel, hasLogo: true } },
  ];
  return JSON.stringify(sections);
}

function settings(): string {
  const defaults = defaultLetterSettings();
  return JSON.stringify({ ...defaults, links: { ...defaults.links, useChannelColor: { textColor: false, linkColor: true } } });
}

async function changeChannel(change: Partial<ChannelSettings>): Promise<void> {
  const path = platformPaths.channelSettings('demo', 'weekly');
  const current = await call<ChannelSettings>('GET', path);
  await call('PUT', path, { ...current, ...change });
}

const publicPage = (of: Letter) => h.app.inject({ method: 'GET', url: publicPagePaths.letterArchive('weekly', of.uniqueId) });
const sentEmails = async (of: Letter): Promise<SentEmail[]> =>
  SentEmailResponseSchema.parse(await call('GET', platformPaths.reportSentEmail('demo', 'weekly', of.id!))).items;
const pollHrefs = (html: string) => [...html.matchAll(/href="([^"]*\/polls\/[^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));

beforeAll(async () => {
  h = await startTrackingHarness({ viewInBrowserLink: true, abTestWaitSeconds: 0 });
  await changeChannel({ logoUrl: LOGO_SENT, accentColor: ACCENT_SENT });
  const campaign = await call<Campaign>('POST', promotionPaths.campaigns('demo'), { title: 'Harbour cruises', promoterName: 'Cruise Co', channels: ['weekly'] }, 201);
  promotion = await call<Promotion>(
    'POST',
    promotionPaths.createCollateral(campaign.uniqueId),
    { headline: 'Sunset cruise', content: 'Two hours around the bay.', callToAction: 'Book', callToActionUrl: 'https://cruises.example/sunset', zone: 1, dates: [DAY] },
    201,
  );
  await call('POST', promotionPaths.approve('demo', 'weekly', promotion.id), { message: '' });
  poll = await call<Poll>('POST', platformPaths.polls('demo'), { title: 'Ferry poll', questionText: 'Should the ferry run on Sundays?', pollType: 1, options: [{ title: 'Yes' }, { title: 'No' }] }, 201);

  const audience = await h.audience(['ada', 'bob']);
  letter = await h.sendLetter(audience.segmentId, { title: 'Harbour news', blocks: blocks(), settings: settings(), publicationDate: SEND_AT, private: false });
  readerHtml = String(h.mailTo(audience.email('ada')).mail.html);
  const abAudience = await h.audience(['cy', 'dee', 'eve', 'fay']);
  abLetter = await h.sendLetter(abAudience.segmentId, { title: 'Subject A', blocks: blocks(), settings: settings(), publicationDate: SEND_AT, private: false }, { subjectB: 'Subject B' });

  // After the sends: what a page drawn from today's settings would show instead.
  await changeChannel({ logoUrl: LOGO_LATER, accentColor: ACCENT_LATER, title: NAME_LATER });
}, 180_000);
afterAll(async () => {
  await h?.close();
});

describe('the email a send used', () => {
  it('is what readers got: the logo, colour and name of the send day and the promotion they carried', () => {
    expect(readerHtml).toContain(LOGO_SENT);
    expect(readerHtml).toContain('Sunset cruise');
    expect(readerHtml.toLowerCase()).toContain(`color:${ACCENT_SENT}`);
  });

  it("is the letter's public page after the channel changed, with neutral merge values and no tracking", async () => {
    const page = await publicPage(letter);
    expect(page.statusCode).toBe(200);
    const html = page.body;
    expect(html).toContain(LOGO_SENT);
    expect(html).not.toContain(LOGO_LATER);
    expect(html.toLowerCase()).toContain(`color:${ACCENT_SENT}`);
    expect(html.toLowerCase()).not.toContain(ACCENT_LATER);
    expect(html).toContain('The Weekly');
    expect(html).not.toContain(NAME_LATER);
    expect(html).toContain('Sunset cruise');
    expect(html).toContain('Should the ferry run on Sundays?');
    expect(html).toContain('Hello friend, this went to your email address.');
    expect(html).not.toContain('{{');
    expect(html).not.toMatch(/\/t\/[co]\//);
    // The story link is direct: the send kept the email before any reader's tracking.
    expect(html).toContain(`href="${STORY}"`);
    // The email's 'View in browser' line is hidden on the page it leads to.
    expect(readerHtml).toContain('ld-view-in-browser');
    expect(html).toContain('.ld-view-in-browser{display:none!important}');
  });

  it("leads the public page's poll buttons to a page that says voting is by email (200), and its unsubscribe link likewise", async () => {
    const html = (await publicPage(letter)).body;
    const polls = pollHrefs(html);
    expect(polls).toHaveLength(2);
    for (const href of polls) expect(href).toBe(`${PUBLIC_URL}${publicPagePaths.pollByEmail()}`);
    const answer = await h.app.inject({ method: 'GET', url: pathOf(polls[0]!) });
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toContain(text.pollByEmailTitle);
    expect(answer.body).toContain(text.pollByEmailLead);

    expect(html).not.toMatch(/href="[^"]*\/unsubscribe\/weekly\//);
    const unsubscribe = /href="([^"]*\/unsubscribe\/by-email)"/.exec(html)?.[1];
    expect(unsubscribe).toBe(`${PUBLIC_URL}${publicPagePaths.unsubscribeByEmail()}`);
    const page = await h.app.inject({ method: 'GET', url: pathOf(unsubscribe!) });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(text.unsubscribeByEmailTitle);
  });

  it("is what the report's sent-email call answers: one variant, as sent", async () => {
    const [sent, ...others] = await sentEmails(letter);
    expect(others).toEqual([]);
    expect(sent).toMatchObject({ variant: 'A', subject: 'Harbour news' });
    expect(sent!.html).toContain(LOGO_SENT);
    expect(sent!.html).not.toContain(LOGO_LATER);
    expect(sent!.html).toContain('Sunset cruise');
    expect(sent!.html).not.toContain('{{');
    expect(Number.isNaN(Date.parse(sent!.sentAt))).toBe(false);
  });

  it('keeps both variants of an A/B letter, each with its subject', async () => {
    const sent = await sentEmails(abLetter);
    expect(sent.map(({ variant, subject }) => ({ variant, subject }))).toEqual([
      { variant: 'A', subject: 'Subject A' },
      { variant: 'B', subject: 'Subject B' },
    ]);
    for (const variant of sent) {
      expect(variant.html).toContain(LOGO_SENT);
      expect(variant.html).toContain('Sunset cruise');
    }
    const rows = await h.t.db.selectFrom('letterSendSnapshots').select('variant').where('letterId', '=', abLetter.id!).execute();
    expect(rows.map((row) => row.variant).sort()).toEqual(['A', 'B']);
  });

  it('answers nothing for a letter never sent, and the public page of a letter sent before sends were kept is drawn again', async () => {
    const draft = await h.draftLetter();
    expect(await sentEmails(draft)).toEqual([]);
    // As a letter published before migration 0029: nothing kept.
    await h.t.db.deleteFrom('letterSendSnapshots').where('letterId', '=', letter.id!).execute();
    const page = await publicPage(letter);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(LOGO_LATER);
    expect(await sentEmails(letter)).toEqual([]);
  });
});
