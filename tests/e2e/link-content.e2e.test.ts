import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ACCOUNT, LetterResponseSchema, LoginResponseSchema, MeResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { newSection, serializeSections } from '../../shared/model';
import { EVVNT_TOKEN, NEWS_API_KEY, startEvvnt, startNewsApi, startOgSite } from '../../src-server/testing/loopback-providers';
import type { LoopbackServer } from '../../src-server/testing/loopback-server';
import { createBody } from '../../src-server/testing/letter-fixtures';
import { startTestSmtp, type TestSmtp } from '../../src-server/testing/smtp-fixture';
import { useAppInBrowser } from './support/app-in-browser';
import { expectAccessible } from './support/axe';
import { composerPage } from './support/composer-page';

// The URL, News and Events blocks loaded in Chromium against loopback providers (an Open
// Graph site, a NewsAPI-compatible server, an Evvnt server), then sent as a test email to a
// loopback SMTP server: what arrives carries the items the blocks loaded.

let site: LoopbackServer;
let newsApi: LoopbackServer;
let evvnt: LoopbackServer;
let smtp: TestSmtp;

/** A day a few days ahead, at noon UTC: inside a week's window on any channel clock. */
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10) + 'T12:00:00Z';

beforeAll(async () => {
  site = await startOgSite({ '/story': { title: 'Lanterns on the quay', description: 'The harbour festival returns.', siteName: 'Harbour Times' } });
  newsApi = await startNewsApi([
    {
      source: { id: 'tide', name: 'Tide Wire' },
      author: 'Ann Reed',
      title: 'Ferry timetable changes',
      description: 'New sailings from Monday.',
      url: 'https://news.example/ferry',
      urlToImage: null,
      publishedAt: '2026-11-20T08:00:00Z',
      content: null,
    },
  ]);
  evvnt = await startEvvnt(
    [{ slug: 'music', name: 'Music' }],
    [
      {
        slug: 'quay-concert',
        title: 'Concert on the quay',
        description: 'Brass band at sunset',
        image_url: null,
        start_time: inDays(3),
        price_cents: 1250,
        venue: { name: 'Harbour Stage' },
        url: 'https://events.example/quay',
        category: 'music',
      },
    ],
  );
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await Promise.all([site?.close(), newsApi?.close(), evvnt?.close(), smtp?.close()]);
});

const app = useAppInBrowser(() => ({
  SMTP_URL: smtp.url,
  NEWS_API_URL: newsApi.url,
  NEWS_API_KEY,
  EVVNT_API_URL: evvnt.url,
  // The previewed pages are on loopback, which the platform fetches from only when allowed.
  ALLOW_PRIVATE_FETCH: '1',
  LETTERDESK_PUSH_DELAY_MS: '500',
}));
const { palette, section, settings: panel } = composerPage(app);

/** A letter holding a News and an Evvnt block, made through the platform API as another client would (neither is in the palette by default). */
async function createLetterWithNewsAndEvents(title: string): Promise<number> {
  const base = app.host.platformUrl;
  const login = LoginResponseSchema.parse(
    await (await fetch(base + platformPaths.login(), { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(EMBEDDED_ACCOUNT) })).json(),
  );
  const headers = { authorization: `Bearer ${login.token}`, 'content-type': 'application/json' };
  const me = MeResponseSchema.parse(await (await fetch(base + platformPaths.me(), { headers })).json());
  const organization = me.organizations[0]!;
  const channel = organization.channels.find((c) => c.channelSlug !== 'company')!;
  const blocks = serializeSections([newSection('news', 'news-1'), newSection('evvnt', 'events-1'), newSection('footer', 'footer-1')]);
  const response = await fetch(base + platformPaths.letters(organization.slug, channel.channelSlug), {
    method: 'POST',
    headers,
    body: JSON.stringify(createBody(channel.id, { title, blocks })),
  });
  expect(response.status).toBe(201);
  return LetterResponseSchema.parse(await response.json()).id!;
}

async function openSettings(name: string) {
  await section(name).click();
  await app.page.getByRole('button', { name: 'Settings', exact: true }).click();
  await expect.poll(() => panel().getByRole('heading', { name: `${name} settings` }).count()).toBe(1);
}

async function closeSettings() {
  await panel().getByRole('button', { name: 'Close block settings' }).click();
  await expect.poll(() => panel().count()).toBe(0);
}

describe('link previews, news and events', () => {
  it("stores the organization's Evvnt token on the Integrations page", async () => {
    await app.page.goto(`${app.host.appUrl}/settings/integrations`);
    await expect.poll(() => app.page.getByText('No Evvnt token is saved.').count(), { timeout: 15_000 }).toBe(1);
    await expectAccessible(app.page, 'Integrations');
    await app.page.getByLabel('Evvnt token').fill(EVVNT_TOKEN);
    await app.page.getByRole('button', { name: 'Save token' }).click();
    await expect.poll(() => app.page.getByText('A token ending in 1234 is saved.').count(), { timeout: 15_000 }).toBe(1);
  });

  it('loads the three blocks and sends their items', async () => {
    await createLetterWithNewsAndEvents('Harbour week');
    await app.page.goto(app.host.appUrl);
    await app.page.getByRole('link', { name: 'Newsletters' }).first().click();
    await expect.poll(() => app.page.getByRole('link', { name: 'Harbour week' }).count(), { timeout: 20_000 }).toBe(1);
    await app.page.getByRole('link', { name: 'Harbour week' }).click();
    await expect.poll(() => section('News').count(), { timeout: 15_000 }).toBe(1);

    // URL: a bad address is refused with the spec's message; a page loads into the block.
    await palette('URL').click();
    await openSettings('URL');
    await panel().getByLabel('Source URL').fill('not a url');
    await panel().getByRole('button', { name: 'Load' }).click();
    await expect.poll(() => panel().getByText('This url is invalid.').count()).toBe(1);
    await panel().getByLabel('Source URL').fill(`${site.url}/story`);
    await panel().getByRole('button', { name: 'Load' }).click();
    await expect.poll(() => panel().getByText('Loaded: Lanterns on the quay').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => section('URL').getByText('The harbour festival returns.').count()).toBe(1);
    await closeSettings();

    // News: Load waits for a keyword, then the articles become the block's text.
    await openSettings('News');
    expect(await panel().getByRole('button', { name: 'Load' }).isDisabled()).toBe(true);
    await panel().getByLabel('Keyword').fill('ferry');
    await panel().getByRole('button', { name: 'Load' }).click();
    await expect.poll(() => section('News').getByText('Ferry timetable changes').count(), { timeout: 15_000 }).toBe(1);
    await closeSettings();

    // Events: a category, then Load events stores the events and hides the filters.
    await openSettings('Evvnt');
    await panel().getByLabel('Categories', { exact: true }).click();
    await app.page.getByRole('option', { name: 'Music' }).click();
    await panel().getByRole('button', { name: 'Load events' }).click();
    await expect.poll(() => panel().getByText('1 events loaded.').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => section('Evvnt').getByText('Concert on the quay').count()).toBe(1);
    await closeSettings();

    // The sent email carries what the blocks loaded.
    await app.page.getByRole('region', { name: 'Canvas' }).focus();
    await app.page.keyboard.press('Control+Shift+E');
    const dialog = app.page.getByRole('dialog', { name: 'Send a Test Email' });
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('reader@example.org');
    await dialog.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(1);
    const html = smtp.received[0]!.mail.html || '';
    expect(html).toContain('Lanterns on the quay');
    expect(html).toContain('The harbour festival returns.');
    expect(html).toContain(`${site.url}/story`);
    expect(html).toContain('Ferry timetable changes');
    expect(html).toContain('https://news.example/ferry');
    expect(html).toContain('Concert on the quay');
    expect(html).toContain('Harbour Stage');
    expect(html).toContain('$12.50');
  });
});
