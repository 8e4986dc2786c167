import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { NEWS_EXCLUSIVE_HINT, NEWS_NOT_CONFIGURED_MESSAGE } from '../../shared/rules/news-search';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createNewsApiProvider } from '../integrations/news-provider';
import { createRival, type Rival } from '../testing/audience-fixtures';
import { NEWS_API_KEY, startNewsApi, type NewsArticleFixture } from '../testing/loopback-providers';
import type { LoopbackServer } from '../testing/loopback-server';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// GET channels/{channelSlug}/letters/news through the NewsAPI client, against a loopback
// server speaking NewsAPI v2.

const article = (n: number, sourceId: string, title: string): NewsArticleFixture => ({
  source: { id: sourceId, name: sourceId.toUpperCase() },
  author: `Author ${n}`,
  title,
  description: `Description ${n}`,
  url: `https://news.example/${n}`,
  urlToImage: `https://news.example/${n}.png`,
  publishedAt: '2026-11-20T08:00:00Z',
  content: null,
});

let t: TestApp;
let bare: TestApp;
let editor: { authorization: string };
let rival: Rival;
let newsApi: LoopbackServer;

beforeAll(async () => {
  newsApi = await startNewsApi(
    [article(1, 'tide', 'Harbour reopens after storm'), article(2, 'wire', 'Markets rise on harbour news'), article(3, 'wire', 'Sports roundup')],
    [
      { id: 'tide', name: 'Tide', category: 'general' },
      { id: 'wire', name: 'Wire', category: 'business' },
    ],
  );
  t = await createTestApp({ news: createNewsApiProvider({ baseUrl: newsApi.url, apiKey: NEWS_API_KEY }) });
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
});
afterAll(async () => {
  await t?.close();
  await bare?.close();
  await newsApi?.close();
});

const news = (query: string, app = t, headers: Record<string, string> = editor) =>
  app.app.inject({ method: 'GET', url: `${platformPaths.news('weekly')}?${query}`, headers });

describe('news search', () => {
  it('searches everything by keyword with the key in X-Api-Key', async () => {
    const response = await news('keyword=harbour&count=10');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().items.map((item: { title: string }) => item.title)).toEqual(['Harbour reopens after storm', 'Markets rise on harbour news']);
    expect(response.json().items[0]).toEqual({
      title: 'Harbour reopens after storm',
      description: 'Description 1',
      url: 'https://news.example/1',
      image: 'https://news.example/1.png',
      author: 'Author 1',
      publishedAt: '2026-11-20T08:00:00Z',
      sourceName: 'TIDE',
    });
    const sent = newsApi.requests.at(-1)!;
    expect(sent.url).toBe('/v2/everything?q=harbour&page=1&pageSize=10');
    expect(sent.headers['x-api-key']).toBe(NEWS_API_KEY);
  });

  it('uses the top headlines for a category and lists sources', async () => {
    const response = await news('keyword=harbour&category=business');
    expect(response.json().items.map((item: { url: string }) => item.url)).toEqual(['https://news.example/2']);
    expect(newsApi.requests.at(-1)!.url).toContain('/v2/top-headlines?');
    const sources = await news('type=sources&category=general');
    expect(sources.json()).toEqual({ items: [{ id: 'tide', name: 'Tide' }] });
  });

  it("refuses a category with sources, and a search with neither keyword nor source", async () => {
    const both = await news('keyword=x&category=business&sources=wire');
    expect(both.statusCode).toBe(422);
    expect(both.json().message).toBe(NEWS_EXCLUSIVE_HINT);
    expect((await news('keyword=')).statusCode).toBe(422);
  });

  it("passes the provider's own message on (502) and says when news is not configured (503)", async () => {
    const wrongKey = await createTestApp({ news: createNewsApiProvider({ baseUrl: newsApi.url, apiKey: 'wrong' }) });
    try {
      const headers = await signIn(wrongKey.app, DEMO_EMAIL, DEMO_PASSWORD);
      const response = await news('keyword=harbour', wrongKey, headers);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/^Your API key is invalid/);
    } finally {
      await wrongKey.close();
    }
    bare = await createTestApp();
    const headers = await signIn(bare.app, DEMO_EMAIL, DEMO_PASSWORD);
    const response = await news('keyword=harbour', bare, headers);
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe(NEWS_NOT_CONFIGURED_MESSAGE);
  });

  it("answers 404 for another tenant's channel", async () => {
    expect((await news('keyword=harbour', t, rival.headers)).statusCode).toBe(404);
  });
});
