import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import type { CreateLetterRequest } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { createAccount } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { LETTER_TEXT, paragraph } from '../testing/delivery-fixtures';
import { channelId, createLetterAs, setStatus } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { LETTER_PAGE_CONTENT_SECURITY_POLICY } from '../pages/archive-pages';

// The public web archive, read as anyone on the web reads it: no token. Letters reach
// "published" by the delivery job; here the status is set directly, since what is tested
// is what the archive shows of a letter in each state.

const text = PUBLIC_PAGE_TEXT.en;

let t: TestApp;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
});
afterAll(async () => {
  await t.close();
});

function archiveSections(): Section[] {
  return [
    newSection('logo', 'logo'),
    paragraph('p-greeting', `Hello {{ first_name | capitalize or 'friend' }}, you read this at {{ email }}.`),
    paragraph('p-body', LETTER_TEXT),
    paragraph('p-letter', 'This is issue {{ letter.id }} of {{ letter.channelName }}.'),
    newSection('share', 'share'),
    newSection('footer', 'footer'),
  ];
}

async function letterIn(status: number, overrides: Partial<CreateLetterRequest> = {}, publicationDate?: string): Promise<Letter> {
  const letter = await createLetterAs(t.app, editor, weekly, { blocks: JSON.stringify(archiveSections()), ...overrides });
  await setStatus(t.db, letter.id!, status);
  if (publicationDate) {
    await t.db
      .updateTable('letters')
      .set({ publicationDate, publicationAt: new Date(`${publicationDate.replace(' ', 'T')}Z`) })
      .where('id', '=', letter.id!)
      .execute();
  }
  return letter;
}

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const letterPage = (letter: Letter, ref: string | number = letter.uniqueId) => get(publicPagePaths.letterArchive('weekly', ref));

describe('the letter page', () => {
  it('shows the published email with neutral merge tags, no personal or tracked links, and the social card', async () => {
    const letter = await letterIn(
      PublicationStatus.published,
      {
        title: 'Harbour news for {{ first_name | capitalize or "you" }}',
        subtitle: 'Tides and harbour news, in short',
        openGraphHeadline: 'The harbour, this week',
        openGraphDescription: 'Tide tables & <news>',
        openGraphImageUrl: 'https://images.example/harbour.jpg',
      },
      '2026-11-20 09:00:00',
    );
    const response = await letterPage(letter);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(LETTER_PAGE_CONTENT_SECURITY_POLICY);
    const html = response.body;

    expect(html).toContain('<title>Harbour news for you</title>');
    expect(html).toContain('<meta property="og:title" content="The harbour, this week">');
    expect(html).toContain('<meta property="og:description" content="Tide tables &amp; &lt;news&gt;">');
    expect(html).toContain('<meta property="og:image" content="https://images.example/harbour.jpg">');
    const pageUrl = `http://localhost:80${publicPagePaths.letterArchive('weekly', letter.uniqueId)}`;
    expect(html).toContain(`<meta property="og:url" content="${pageUrl}">`);

    expect(html).toContain(LETTER_TEXT);
    expect(html).toContain('Hello friend, you read this at your email address.');
    expect(html).toContain(`This is issue ${letter.id} of`);
    // Nothing a reader's own copy carries: no merge tag left, no unsubscribe or opt-out link,
    // no tracked link or open pixel.
    expect(html).not.toContain('{{');
    expect(html).not.toContain('/unsubscribe/');
    expect(html).not.toContain('/opt-out/');
    expect(html).not.toMatch(/\/t\/[oc]\//);
    // The footer itself stays: the channel's copyright line, and the credit, which leads
    // to the channel's page. No 'View in browser' line: this is the browser.
    expect(html).toContain('&copy;');
    expect(html).toContain(`href="http://localhost:80${publicPagePaths.channelArchive('weekly', 'demo')}"`);
    expect(html).not.toContain('View in browser');
  });

  it('is the same page by uniqueId and by numeric id', async () => {
    const letter = await letterIn(PublicationStatus.published, { title: 'By either id' });
    const byUniqueId = await letterPage(letter);
    const byId = await letterPage(letter, letter.id!);
    expect(byId.statusCode).toBe(200);
    expect(byId.body).toBe(byUniqueId.body);
  });

  it('has share links that lead to this page and a logo that leads to the channel page', async () => {
    const letter = await letterIn(PublicationStatus.published, { title: 'Share this' });
    const html = (await letterPage(letter)).body;
    const pageUrl = `http://localhost:80${publicPagePaths.letterArchive('weekly', letter.uniqueId)}`;
    expect(html).toContain(`https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(pageUrl)}`);
    expect(html).toContain(`https://api.whatsapp.com/send?text=${encodeURIComponent(pageUrl)}`);
    const shared = await get(new URL(pageUrl).pathname);
    expect(shared.statusCode).toBe(200);

    // The logo names the brand too, so the link stays right if another brand takes 'weekly'.
    const channelUrl = `http://localhost:80${publicPagePaths.channelArchive('weekly', 'demo')}`;
    expect(channelUrl).toMatch(/\/weekly\?brand=demo$/);
    expect(html).toContain(`href="${channelUrl}"`);
    const channelPage = await get(new URL(channelUrl).pathname + new URL(channelUrl).search);
    expect(channelPage.statusCode).toBe(200);
    expect(channelPage.body).toContain('Share this');
  });

  it('is the neutral 404 page for a draft, scheduled, private, deleted or missing letter, or the wrong channel', async () => {
    const draft = await letterIn(PublicationStatus.draft, { title: 'Secret draft' });
    const scheduled = await letterIn(PublicationStatus.scheduled, { title: 'Not yet' });
    const privateOne = await letterIn(PublicationStatus.published, { title: 'Members only', private: true });
    const deleted = await letterIn(PublicationStatus.published, { title: 'Gone' });
    await t.db.updateTable('letters').set({ deletedAt: new Date() }).where('id', '=', deleted.id!).execute();
    const published = await letterIn(PublicationStatus.published, { title: 'Public' });

    const neutral = (await get('/weekly/no-such-letter')).body;
    expect(neutral).toContain(text.invalidLinkTitle);
    for (const url of [
      publicPagePaths.letterArchive('weekly', draft.uniqueId),
      publicPagePaths.letterArchive('weekly', draft.id!),
      publicPagePaths.letterArchive('weekly', scheduled.uniqueId),
      publicPagePaths.letterArchive('weekly', privateOne.uniqueId),
      publicPagePaths.letterArchive('weekly', deleted.uniqueId),
      publicPagePaths.letterArchive('weekly', 999_999),
      publicPagePaths.letterArchive('monthly', published.uniqueId),
      publicPagePaths.letterArchive('company', published.uniqueId),
      '/weekly/%00',
      `/weekly/${'x'.repeat(100)}`,
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body, url).toBe(neutral);
      expect(response.body).not.toContain('Secret draft');
    }
  });
});

describe('the channel page', () => {
  it("lists the channel's published public letters, newest first, each linking to its page", async () => {
    const older = await letterIn(PublicationStatus.published, { title: 'Spring tides' }, '2026-03-02 08:00:00');
    const newer = await letterIn(PublicationStatus.published, { title: 'Autumn <storms>' }, '2026-10-05 08:00:00');
    await letterIn(PublicationStatus.draft, { title: 'Unfinished draft' });
    await letterIn(PublicationStatus.published, { title: 'Private issue', private: true });

    const response = await get(publicPagePaths.channelArchive('weekly'));
    expect(response.statusCode).toBe(200);
    const html = response.body;
    expect(html).not.toContain('Unfinished draft');
    expect(html).not.toContain('Private issue');
    expect(html).toContain('Autumn &lt;storms&gt;');
    expect(html).toContain('<time datetime="2026-10-05">Oct 5, 2026</time>');
    expect(html.indexOf('Autumn')).toBeLessThan(html.indexOf('Spring tides'));
    for (const letter of [newer, older]) {
      const href = publicPagePaths.letterArchive('weekly', letter.uniqueId);
      expect(html).toContain(`href="${href}"`);
      expect((await get(href)).statusCode).toBe(200);
    }
  });

  it('is the neutral 404 page for an unknown channel or the company channel', async () => {
    for (const url of ['/no-such-channel', '/company', '/Weekly!']) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.body).toContain(text.invalidLinkTitle);
    }
  });

  it('needs the brand when two brands use the same channel slug', async () => {
    await createAccount(t.db, {
      tenantName: 'Twin',
      brandSlug: 'twin',
      channelSlug: 'weekly',
      email: 'owner@twin.test',
      password: 'twin-password',
    });
    expect((await get('/weekly')).statusCode).toBe(404);
    const demo = await get('/weekly?brand=demo');
    expect(demo.statusCode).toBe(200);
    expect(demo.body).toContain('Spring tides');
    const twin = await get('/weekly?brand=twin');
    expect(twin.statusCode).toBe(200);
    expect(twin.body).not.toContain('Spring tides');
    expect(twin.body).toContain(text.archiveEmpty);
    // A letter's page does not depend on it: its uniqueId names one letter.
    const letters = await get(platformPaths.letters('demo', 'weekly'), editor);
    expect(letters.statusCode).toBe(200);
  });
});

describe("the platform's own addresses", () => {
  it('still answer as before: unknown API calls ask to sign in, known ones work', async () => {
    const unknown = await get('/api/nothing-here');
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual({ message: 'Sign in to continue.' });
    const me = await get('/api/me', editor);
    expect(me.statusCode).toBe(200);
    expect((await get('/api')).statusCode).toBe(401);
  });
});
