import * as cheerio from 'cheerio';
import ogs from 'open-graph-scraper';
import type { UrlPreview } from '../../shared/model/blocks/feeds';
import { providerForUrl } from '../../shared/rules/link-preview';
import { FetchRefusedError, guardedFetch } from './guarded-fetch';
import type { FetchGuard } from './guarded-fetch';
import { BodyTooLargeError } from './read-limited';

// Link previews (spec 3 §7 `curations/crawl`, spec 2 §9): the platform fetches the page
// itself through the guarded fetch (public addresses only, a time and size ceiling, a
// bounded number of redirects, each checked), then reads its Open Graph and meta tags
// with open-graph-scraper (given the fetched HTML, so the limits are ours) and, when the
// page announces one, its oEmbed JSON (author and provider names), fetched the same way.

export class LinkPreviewError extends Error {
  constructor(
    message: string,
    readonly status: 422 | 502,
  ) {
    super(message);
    this.name = 'LinkPreviewError';
  }
}

export interface LinkPreviewOptions {
  /** Which addresses may be fetched (guarded-fetch.ts); the platform's ALLOW_PRIVATE_FETCH. */
  guard: FetchGuard;
  timeoutMs?: number;
  maxBytes?: number;
}

export const CRAWL_FAILED_MESSAGE = 'We could not load a preview from this URL.';
const DEFAULT_TIMEOUT_MS = 10_000;
const DEFAULT_MAX_BYTES = 2 * 1024 * 1024;
const MAX_REDIRECTS = 5;

async function fetchLimited(start: URL, accept: string, options: Required<LinkPreviewOptions>): Promise<{ url: URL; body: string; type: string }> {
  try {
    const answer = await guardedFetch(start, options.guard, {
      timeoutMs: options.timeoutMs,
      maxBytes: options.maxBytes,
      maxRedirects: MAX_REDIRECTS,
      headers: { accept, 'user-agent': 'Letterdesk link preview' },
    });
    if (!answer.response.ok) {
      await answer.discard();
      throw new LinkPreviewError(CRAWL_FAILED_MESSAGE, 502);
    }
    const body = (await answer.read()).toString('utf8');
    return { url: answer.url, body, type: answer.response.headers.get('content-type') ?? '' };
  } catch (error) {
    if (error instanceof LinkPreviewError) throw error;
    if (error instanceof FetchRefusedError) throw new LinkPreviewError(error.message, 422);
    if (error instanceof BodyTooLargeError) throw new LinkPreviewError('This page is too large to preview.', 502);
    throw new LinkPreviewError(CRAWL_FAILED_MESSAGE, 502);
  }
}

interface OEmbed {
  author_name?: unknown;
  provider_name?: unknown;
  title?: unknown;
  thumbnail_url?: unknown;
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

async function readOEmbed(html: string, pageUrl: URL, options: Required<LinkPreviewOptions>): Promise<OEmbed> {
  const href = cheerio.load(html)('link[type="application/json+oembed"]').first().attr('href');
  if (!href) return {};
  try {
    const { body } = await fetchLimited(new URL(href, pageUrl), 'application/json', options);
    const parsed: unknown = JSON.parse(body);
    return parsed && typeof parsed === 'object' ? (parsed as OEmbed) : {};
  } catch {
    // The Open Graph tags still make a preview; the oEmbed extras are a bonus.
    return {};
  }
}

export async function crawlLinkPreview(rawUrl: string, options: LinkPreviewOptions): Promise<UrlPreview> {
  const limits = { guard: options.guard, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS, maxBytes: options.maxBytes ?? DEFAULT_MAX_BYTES };
  let start: URL;
  try {
    start = new URL(/^https?:\/\//i.test(rawUrl) ? rawUrl : `https://${rawUrl}`);
  } catch {
    throw new LinkPreviewError('This url is invalid.', 422);
  }
  const page = await fetchLimited(start, 'text/html,application/xhtml+xml', limits);
  if (!/html|xml/i.test(page.type)) throw new LinkPreviewError('This URL is not a web page.', 422);
  const scraped = await ogs({
    html: page.body,
    customMetaTags: [{ multiple: false, property: 'keywords', fieldName: 'keywords' }],
  });
  if (scraped.error) throw new LinkPreviewError(CRAWL_FAILED_MESSAGE, 502);
  const og = scraped.result;
  const oembed = await readOEmbed(page.body, page.url, limits);
  const pageUrl = page.url.toString();
  const image = text(og.ogImage?.[0]?.url) ?? text(og.twitterImage?.[0]?.url) ?? text(oembed.thumbnail_url);
  let pageImage: string | null = null;
  try {
    pageImage = image ? new URL(image, page.url).toString() : null;
  } catch {
    pageImage = null;
  }
  return {
    id: null,
    authorName: text(oembed.author_name) ?? text(og.author) ?? text(og.articleAuthor) ?? text(og.twitterCreator),
    pageDescription: text(og.ogDescription) ?? text(og.twitterDescription),
    pageImage,
    pageTitle: text(og.ogTitle) ?? text(og.twitterTitle) ?? text(oembed.title),
    pageUrl,
    pageKeywords: text(og.customMetaTags?.keywords),
    providerName: providerForUrl(pageUrl) ?? text(oembed.provider_name),
    publishedTime: text(og.articlePublishedTime) ?? text(og.ogArticlePublishedTime),
    siteName: text(og.ogSiteName) ?? page.url.hostname,
  };
}
