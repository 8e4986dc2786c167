import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { publicAssetPaths } from '../../shared/contract/public-pages';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { SOCIAL_ICON_PIXELS } from '../assets/social-icons';
import { buildApp } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { paragraph } from '../testing/delivery-fixtures';
import { channelId, createLetterAs } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { startTestSmtp } from '../testing/smtp-fixture';
import type { TestSmtp } from '../testing/smtp-fixture';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { ASSET_CACHE_CONTROL } from './public-assets';

// The icons of Share and Profiles blocks, as a reader's mail client meets them: the email
// arrives through a real SMTP server on loopback, and every image it loads from the
// platform is fetched as a mail client would, with no token.

let t: TestApp;
let smtp: TestSmtp;
let app: FastifyInstance;
let editor: Headers;

beforeAll(async () => {
  t = await createTestApp();
  smtp = await startTestSmtp();
  app = await buildApp({ db: t.db, smtpUrl: smtp.url });
  editor = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(async () => {
  await app.close();
  await smtp.close();
  await t.close();
});

function socialSections(): Section[] {
  const share = newSection('share', 'share');
  const profile = newSection('profile', 'profile');
  return [
    paragraph('p', 'Pass it on.'),
    share,
    {
      ...profile,
      blockModel: {
        ...profile.blockModel,
        color: 'dark_gray',
        models: [
          { id: 'facebook', name: 'facebook', url: 'https://www.facebook.com/weekly', image: '', text: 'Facebook' },
          { id: 'instagram', name: 'instagram', url: 'https://www.instagram.com/weekly', image: '', text: 'Instagram' },
        ],
      },
    },
    newSection('footer', 'footer'),
  ];
}

function imageSources(html: string): string[] {
  return [...html.matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}

describe('social icons in a sent email', () => {
  it('answers every image the email loads from the platform, as an image, without a token', async () => {
    const place = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
    const letter = await createLetterAs(app, editor, place, { title: 'Share me', blocks: JSON.stringify(socialSections()) });
    const sent = await app.inject({
      method: 'POST',
      url: platformPaths.sendTestEmail(place.channelId, letter.id!),
      headers: editor,
      payload: { toEmail: 'reader@example.com' },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const html = String(smtp.received.at(-1)?.mail.html ?? '');

    const platformImages = imageSources(html)
      .map((src) => new URL(src))
      .filter((url) => url.hostname === 'localhost');
    // Five share networks in the origin set, two profiles in dark grey.
    expect(platformImages).toHaveLength(7);
    expect(platformImages.map((url) => url.pathname)).toContain(publicAssetPaths.socialIcon('origin', 'whatsapp'));
    expect(platformImages.map((url) => url.pathname)).toContain(publicAssetPaths.socialIcon('dark_gray', 'instagram'));

    for (const url of platformImages) {
      const response = await app.inject({ method: 'GET', url: url.pathname });
      expect(response.statusCode, url.pathname).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
      expect(response.headers.etag).toMatch(/^"[\w-]+"$/);
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'png', width: SOCIAL_ICON_PIXELS, height: SOCIAL_ICON_PIXELS });
    }
  });
});

describe('the icon addresses', () => {
  it('answers 304 to a cache that holds the same icon', async () => {
    const path = publicAssetPaths.socialIcon('black', 'x');
    const first = await app.inject({ method: 'GET', url: path });
    const etag = String(first.headers.etag);
    const again = await app.inject({ method: 'GET', url: path, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    expect(again.headers['cache-control']).toBe(ASSET_CACHE_CONTROL);
  });

  it('draws each colour set in its own colour', async () => {
    const black = await app.inject({ method: 'GET', url: publicAssetPaths.socialIcon('black', 'facebook') });
    const white = await app.inject({ method: 'GET', url: publicAssetPaths.socialIcon('white', 'facebook') });
    const brightness = async (png: Buffer) => (await sharp(png).stats()).channels[0]!.max;
    expect(await brightness(black.rawPayload)).toBeLessThan(10);
    expect(await brightness(white.rawPayload)).toBeGreaterThan(245);
    expect(black.headers.etag).not.toBe(white.headers.etag);
  });

  it('answers 404 without a token for an unknown network, colour set or asset', async () => {
    for (const url of [
      publicAssetPaths.socialIcon('origin', 'myspace'),
      publicAssetPaths.socialIcon('purple', 'facebook'),
      '/assets/social/origin/facebook.gif',
      '/assets/social/origin/../../api/me',
      '/assets/anything',
    ]) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
