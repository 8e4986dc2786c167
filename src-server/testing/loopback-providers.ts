import type { ServerResponse } from 'node:http';
import { sendJson, startLoopbackServer } from './loopback-server';
import type { LoopbackServer, RecordedRequest } from './loopback-server';

// Loopback stand-ins for the link-content providers, used by the server tests and the
// end-to-end test: a site serving Open Graph pages, a NewsAPI-compatible server (the
// newsapi.org v2 protocol: paths, X-Api-Key, status/code/message errors, article shape)
// and an Evvnt server speaking the protocol of integrations/evvnt-provider.ts.

export const NEWS_API_KEY = 'loopback-news-key';
export const EVVNT_TOKEN = 'evvnt-token-1234';

export interface OgPage {
  title: string;
  description?: string;
  image?: string;
  siteName?: string;
  keywords?: string;
  publishedTime?: string;
  /** Served as oEmbed JSON linked from the page. */
  oembedAuthor?: string;
}

function html(response: ServerResponse, body: string, status = 200) {
  response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
  response.end(body);
}

const esc = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** A site whose `pages` are served at their paths; `/redirect?to=` redirects. */
export async function startOgSite(pages: Record<string, OgPage>): Promise<LoopbackServer> {
  const site = await startLoopbackServer();
  site.handle = (request, response) => {
    const url = new URL(request.url, site.url);
    if (url.pathname === '/redirect') return void response.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
    if (url.pathname.endsWith('.oembed')) {
      const page = pages[url.pathname.replace(/\.oembed$/, '')];
      return sendJson(response, page ? 200 : 404, { version: '1.0', type: 'rich', author_name: page?.oembedAuthor, provider_name: 'Loopback' });
    }
    if (url.pathname === '/big') return html(response, `<html><head><title>x</title></head><body>${'x'.repeat(3 * 1024 * 1024)}</body></html>`);
    const page = pages[url.pathname];
    if (!page) return html(response, '<h1>Not found</h1>', 404);
    const meta = [
      `<meta property="og:title" content="${esc(page.title)}">`,
      page.description ? `<meta property="og:description" content="${esc(page.description)}">` : '',
      page.image ? `<meta property="og:image" content="${esc(page.image)}">` : '',
      page.siteName ? `<meta property="og:site_name" content="${esc(page.siteName)}">` : '',
      page.keywords ? `<meta name="keywords" content="${esc(page.keywords)}">` : '',
      page.publishedTime ? `<meta property="article:published_time" content="${esc(page.publishedTime)}">` : '',
      page.oembedAuthor ? `<link rel="alternate" type="application/json+oembed" href="${url.pathname}.oembed">` : '',
    ].join('\n');
    html(response, `<!doctype html><html><head><title>${esc(page.title)} (title tag)</title>${meta}</head><body><p>Page</p></body></html>`);
  };
  return site;
}

export interface NewsArticleFixture {
  source: { id: string | null; name: string };
  author: string | null;
  title: string;
  description: string | null;
  url: string;
  urlToImage: string | null;
  publishedAt: string;
  content: string | null;
}

export interface NewsSourceFixture {
  id: string;
  name: string;
  category: string;
}

/**
 * NewsAPI v2 as newsapi.org answers it: `/v2/everything` (q or sources required),
 * `/v2/top-headlines` (category cannot be mixed with sources), `/v2/top-headlines/sources`;
 * a missing or wrong key is 401 `apiKeyMissing`/`apiKeyInvalid`.
 */
export async function startNewsApi(articles: NewsArticleFixture[], sources: NewsSourceFixture[] = []): Promise<LoopbackServer> {
  const server = await startLoopbackServer();
  const error = (response: ServerResponse, status: number, code: string, message: string) => sendJson(response, status, { status: 'error', code, message });
  server.handle = (request: RecordedRequest, response) => {
    const url = new URL(request.url, server.url);
    const key = request.headers['x-api-key'] ?? url.searchParams.get('apiKey');
    if (!key) return error(response, 401, 'apiKeyMissing', 'Your API key is missing. Append this to the URL with the apiKey param, or use the x-api-key HTTP header.');
    if (key !== NEWS_API_KEY) return error(response, 401, 'apiKeyInvalid', 'Your API key is invalid or incorrect. Check your key, or go to https://newsapi.org to create a free API key.');
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const wanted = (url.searchParams.get('sources') ?? '').split(',').filter(Boolean);
    const category = url.searchParams.get('category') ?? '';
    const pageSize = Number(url.searchParams.get('pageSize') ?? 100);
    const page = Number(url.searchParams.get('page') ?? 1);
    const matches = (article: NewsArticleFixture) =>
      (q === '' || `${article.title} ${article.description ?? ''}`.toLowerCase().includes(q)) &&
      (wanted.length === 0 || wanted.includes(article.source.id ?? '')) &&
      (category === '' || sources.some((source) => source.id === article.source.id && source.category === category));
    const answer = (found: NewsArticleFixture[]) =>
      sendJson(response, 200, { status: 'ok', totalResults: found.length, articles: found.slice((page - 1) * pageSize, page * pageSize) });
    if (url.pathname === '/v2/top-headlines/sources') {
      return sendJson(response, 200, { status: 'ok', sources: sources.filter((source) => category === '' || source.category === category) });
    }
    if (url.pathname === '/v2/everything') {
      if (!q && wanted.length === 0) return error(response, 400, 'parametersMissing', 'Required parameters are missing. Please set any of the following parameters and try again: q, qInTitle, sources, domains.');
      return answer(articles.filter(matches));
    }
    if (url.pathname === '/v2/top-headlines') {
      if (category && wanted.length > 0) return error(response, 400, 'parametersIncompatible', "You can't mix the sources parameter with either the country or category parameters.");
      return answer(articles.filter(matches));
    }
    return error(response, 404, 'notFound', 'Not found.');
  };
  return server;
}

export interface EvvntEventFixture {
  slug: string;
  title: string;
  description: string;
  image_url: string | null;
  start_time: string;
  price_cents: number | null;
  venue: { name: string };
  url: string;
  category: string;
}

/** Evvnt as integrations/evvnt-provider.ts speaks it; any token but EVVNT_TOKEN is 403. */
export async function startEvvnt(categories: Array<{ slug: string; name: string }>, events: EvvntEventFixture[]): Promise<LoopbackServer> {
  const server = await startLoopbackServer();
  server.handle = (request, response) => {
    const url = new URL(request.url, server.url);
    if (request.headers.authorization !== `Bearer ${EVVNT_TOKEN}`) return sendJson(response, 403, { error: 'Forbidden' });
    const perPage = Number(url.searchParams.get('per_page') ?? 100);
    if (url.pathname === '/categories') return sendJson(response, 200, { categories: categories.slice(0, perPage) });
    if (url.pathname === '/events') {
      const wanted = (url.searchParams.get('categories') ?? '').split(',');
      const from = url.searchParams.get('from') ?? '0000-00-00';
      const to = url.searchParams.get('to') ?? '9999-99-99';
      const found = events.filter((event) => wanted.includes(event.category) && event.start_time.slice(0, 10) >= from && event.start_time.slice(0, 10) <= to);
      return sendJson(response, 200, { events: found.slice(0, perPage) });
    }
    sendJson(response, 404, { error: 'Not found' });
  };
  return server;
}
