import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { CrawlResponseSchema } from '../../shared/contract/platform-link-content';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { PRIVATE_ALLOWED } from '../testing/fetch-guard-fixtures';
import { startOgSite } from '../testing/loopback-providers';
import type { LoopbackServer } from '../testing/loopback-server';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// GET {api2}/curations/crawl against a loopback site serving Open Graph pages.

let t: TestApp;
let editor: { authorization: string };
let site: LoopbackServer;

beforeAll(async () => {
  site = await startOgSite({
    '/story': {
      title: 'Tides of the North',
      description: 'How the sea shapes the coast.',
      image: '/images/tide.png',
      siteName: 'Coast Journal',
      keywords: 'sea, coast',
      publishedTime: '2026-03-04T10:00:00Z',
      oembedAuthor: 'Mara Flint',
    },
    '/bare': { title: 'Just a title' },
  });
  t = await createTestApp({ fetchGuard: PRIVATE_ALLOWED });
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(async () => {
  await t?.close();
  await site?.close();
});

const crawl = (url: string, headers = editor) =>
  t.app.inject({ method: 'GET', url: `${platformPaths.crawl()}?url=${encodeURIComponent(url)}`, headers });

describe('curations/crawl', () => {
  it('reads Open Graph, meta keywords, published time and the oEmbed author', async () => {
    const response = await crawl(`${site.url}/story`);
    expect(response.statusCode, response.body).toBe(200);
    expect(CrawlResponseSchema.parse(response.json())).toEqual({
      id: null,
      authorName: 'Mara Flint',
      pageDescription: 'How the sea shapes the coast.',
      pageImage: `${site.url}/images/tide.png`,
      pageTitle: 'Tides of the North',
      pageUrl: `${site.url}/story`,
      pageKeywords: 'sea, coast',
      providerName: 'Loopback',
      publishedTime: '2026-03-04T10:00:00Z',
      siteName: 'Coast Journal',
    });
  });

  it('follows redirects and reports the final page', async () => {
    const response = await crawl(`${site.url}/redirect?to=/bare`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ pageTitle: 'Just a title', pageUrl: `${site.url}/bare`, pageImage: null, siteName: '127.0.0.1' });
  });

  it("refuses what is not a web address with the spec's message", async () => {
    const response = await crawl('not a url');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ errors: { url: ['This url is invalid.'] } });
  });

  it('answers 502 with a sentence for a missing page or one too large, and 401 without sign-in', async () => {
    const missing = await crawl(`${site.url}/nowhere`);
    expect(missing.statusCode).toBe(502);
    expect(missing.json().message).toBe('We could not load a preview from this URL.');
    const big = await crawl(`${site.url}/big`);
    expect(big.statusCode).toBe(502);
    expect(big.json().message).toBe('This page is too large to preview.');
    expect((await crawl(`${site.url}/story`, { authorization: '' })).statusCode).toBe(401);
  });
});
