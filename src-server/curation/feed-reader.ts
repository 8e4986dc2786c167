import { parseFeed } from 'feedsmith';
import sanitizeHtml from 'sanitize-html';
import { FEED_PREVIEW_ITEMS_MAX, INVALID_FEED_URL_MESSAGE, feedUnreachableMessage } from '../../shared/contract/platform-curation';
import type { FeedPreviewItem } from '../../shared/contract/platform-curation';
import { POST_CONTENT_TAGS } from '../../shared/render/post-content';
import { HttpError } from '../http/errors';
import { FetchRefusedError, guardedFetch } from '../integrations/guarded-fetch';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { BodyTooLargeError } from '../integrations/read-limited';
import { FeedUnreachableError, asUnreachable } from './feed-unreachable';

// Reads a feed (RSS 2.0, RSS 1.0, Atom or JSON Feed, parsed by feedsmith) into the
// article fields an aggregate keeps (spec 3 §3). Requests are conditional when the last
// answer gave an ETag or Last-Modified, so an unchanged feed costs a 304, and go through
// the guarded fetch (public addresses only unless ALLOW_PRIVATE_FETCH). Item HTML is
// sanitized here, once, before anything stores it; excerpts are plain text.

export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_FETCH_TIMEOUT_MS = 15_000;
const MAX_REDIRECTS = 5;
const EXCERPT_MAX = 500;

export interface FeedItem {
  title: string;
  author: string;
  excerpt: string;
  content: string;
  image: string;
  originalUrl: string;
  publicationDate: Date | null;
  siteName: string;
  categories: string[];
}

export interface ParsedFeed {
  format: 'rss' | 'atom' | 'json' | 'rdf';
  title: string;
  items: FeedItem[];
}

export type FetchFeedResult =
  | { status: 'not-modified' }
  | { status: 'ok'; feed: ParsedFeed; etag: string | null; lastModified: string | null };

export interface Validators {
  etag: string | null;
  lastModified: string | null;
}

const invalid = () => new HttpError(422, INVALID_FEED_URL_MESSAGE, { url: [INVALID_FEED_URL_MESSAGE] });

export async function fetchFeed(address: string, guard: FetchGuard, validators: Validators = { etag: null, lastModified: null }): Promise<FetchFeedResult> {
  const headers: Record<string, string> = {
    accept: 'application/rss+xml, application/atom+xml, application/feed+json, application/json, application/xml, text/xml;q=0.9, */*;q=0.5',
    'user-agent': 'Letterdesk feed reader',
  };
  if (validators.etag) headers['if-none-match'] = validators.etag;
  if (validators.lastModified) headers['if-modified-since'] = validators.lastModified;
  const start = checkFeedUrl(address);
  const answer = await guardedFetch(start, guard, {
    timeoutMs: FEED_FETCH_TIMEOUT_MS,
    maxBytes: FEED_MAX_BYTES,
    maxRedirects: MAX_REDIRECTS,
    headers,
    checkRedirect: (next) => checkFeedUrl(next.toString()),
  }).catch((error: unknown) => {
    throw asUnreachable(error, start, FEED_FETCH_TIMEOUT_MS);
  });
  const { response, url } = answer;
  if (response.status === 304) return { status: 'not-modified' };
  if (!response.ok) {
    await answer.discard();
    throw new FeedUnreachableError(`${url.host} answered ${response.status}.`);
  }
  let text: string;
  try {
    text = (await answer.read()).toString('utf8');
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new Error(`The feed is larger than ${FEED_MAX_BYTES} bytes.`);
    throw error;
  }
  return { status: 'ok', feed: parseFeedText(text, url), etag: response.headers.get('etag'), lastModified: response.headers.get('last-modified') };
}

/** The feed's first items as the legacy RSS block takes them: plain text throughout. */
export function previewItems(feed: ParsedFeed): FeedPreviewItem[] {
  return feed.items.slice(0, FEED_PREVIEW_ITEMS_MAX).map((item) => ({
    title: item.title,
    link: item.originalUrl,
    excerpt: item.excerpt,
    content: plainLines(item.content.replace(/<\/(p|li|h2|h3|blockquote)>|<br\s*\/?>/gi, '\n')).slice(0, 20_000),
    image: item.image,
  }));
}

/**
 * For `rss/validate` and adding a feed: the feed; 422 with the guard's words for an
 * address the platform may not fetch, 'The feed could not be reached: …' with the reason
 * when the site did not answer or answered an error (issue 37), and 'This url is invalid.'
 * for anything else (not an address, not a feed).
 */
export async function readFeedOrRefuse(address: string, guard: FetchGuard): Promise<ParsedFeed> {
  try {
    const result = await fetchFeed(address, guard);
    if (result.status !== 'ok') throw invalid();
    return result.feed;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    if (error instanceof FetchRefusedError) throw new HttpError(422, error.message, { url: [error.message] });
    if (error instanceof FeedUnreachableError) {
      const message = feedUnreachableMessage(error.reason);
      throw new HttpError(422, message, { url: [message] });
    }
    throw invalid();
  }
}

export function checkFeedUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid();
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) throw invalid();
  return url;
}

/** Throws when the text is no feed feedsmith knows. */
export function parseFeedText(text: string, base: URL): ParsedFeed {
  const parsed = parseFeed(text);
  const absolute = (value: string | undefined) => {
    if (!value) return '';
    try {
      const url = new URL(value, base);
      return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : '';
    } catch {
      return '';
    }
  };
  switch (parsed.format) {
    case 'rss':
    case 'rdf': {
      const feed = parsed.feed as RssLike;
      const siteName = text1(feed.title) || hostOf(feed.link) || base.host;
      const items = (feed.items ?? []).map((item) =>
        toItem({
          title: item.title,
          author: item.dc?.creators?.[0] ?? item.dc?.creator ?? item.authors?.[0] ?? '',
          html: item.content?.encoded ?? item.description ?? '',
          summary: item.description ?? '',
          image: absolute(imageOf(item)),
          link: absolute(item.link ?? (item.guid?.isPermaLink !== false ? item.guid?.value : undefined)),
          date: item.pubDate ?? item.dc?.dates?.[0] ?? item.dc?.date,
          siteName,
          categories: (item.categories ?? []).map((c) => c.name ?? '').filter(Boolean),
        }),
      );
      return { format: parsed.format, title: text1(feed.title) || siteName, items: items.filter(isUsable) };
    }
    case 'atom': {
      const feed = parsed.feed as AtomLike;
      const siteName = text1(feed.title) || hostOf(alternate(feed.links)) || base.host;
      const items = (feed.entries ?? []).map((entry) =>
        toItem({
          title: text1(entry.title),
          author: entry.authors?.[0]?.name ?? feed.authors?.[0]?.name ?? '',
          html: text1(entry.content) || text1(entry.summary),
          summary: text1(entry.summary) || text1(entry.content),
          image: absolute(entry.media?.contents?.find((c) => c.medium === 'image' || /^image\//.test(c.type ?? ''))?.url ?? entry.media?.thumbnails?.[0]?.url),
          link: absolute(alternate(entry.links) ?? entry.id),
          date: entry.published ?? entry.updated,
          siteName,
          categories: (entry.categories ?? []).map((c) => c.label ?? c.term ?? '').filter(Boolean),
        }),
      );
      return { format: 'atom', title: siteName, items: items.filter(isUsable) };
    }
    case 'json': {
      const feed = parsed.feed as JsonLike;
      const siteName = feed.title || hostOf(feed.home_page_url) || base.host;
      const items = (feed.items ?? []).map((item) =>
        toItem({
          title: item.title ?? '',
          author: item.authors?.[0]?.name ?? item.author?.name ?? feed.authors?.[0]?.name ?? '',
          html: item.content_html ?? item.content_text ?? item.summary ?? '',
          summary: item.summary ?? item.content_text ?? item.content_html ?? '',
          image: absolute(item.image ?? item.banner_image),
          link: absolute(item.url ?? item.external_url),
          date: item.date_published ?? item.date_modified,
          siteName,
          categories: item.tags ?? [],
        }),
      );
      return { format: 'json', title: siteName, items: items.filter(isUsable) };
    }
    default:
      throw new Error('Unrecognized feed format');
  }
}

interface RawItem {
  title: string | undefined;
  author: string;
  html: string;
  summary: string;
  image: string;
  link: string;
  date: string | undefined;
  siteName: string;
  categories: string[];
}

function toItem(raw: RawItem): FeedItem {
  const content = sanitizeHtml(raw.html, {
    allowedTags: POST_CONTENT_TAGS,
    allowedAttributes: { a: ['href', 'rel', 'target'], img: ['src', 'alt'] },
    allowedSchemes: ['http', 'https', 'mailto'],
  });
  const date = raw.date ? new Date(raw.date) : null;
  const firstImage = /<img[^>]+src="([^"]+)"/i.exec(content)?.[1] ?? '';
  return {
    title: plainText(raw.title ?? '').slice(0, 500),
    author: plainText(raw.author).slice(0, 200),
    excerpt: truncate(plainText(raw.summary), EXCERPT_MAX),
    content,
    image: raw.image || decodeEntities(firstImage),
    originalUrl: raw.link,
    publicationDate: date && !Number.isNaN(date.getTime()) ? date : null,
    siteName: raw.siteName.slice(0, 200),
    categories: [...new Set(raw.categories.map((c) => plainText(c).slice(0, 100)).filter(Boolean))],
  };
}

/** An item without an address cannot be deduplicated or linked to; one without a title cannot be shown. */
function isUsable(item: FeedItem): boolean {
  return item.originalUrl !== '' && item.title !== '';
}

function plainText(html: string): string {
  return plainLines(html).replace(/\n/g, ' ');
}

/** Text without markup, a line per paragraph. */
function plainLines(html: string): string {
  return decodeEntities(sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }))
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join('\n');
}

function decodeEntities(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  return `${text.slice(0, max - 1).replace(/\s+\S*$/, '')}…`;
}

function text1(value: string | { value?: string } | undefined): string {
  if (!value) return '';
  return typeof value === 'string' ? value : (value.value ?? '');
}

function hostOf(link: string | undefined): string {
  if (!link) return '';
  try {
    return new URL(link).host;
  } catch {
    return '';
  }
}

function alternate(links: { href?: string; rel?: string }[] | undefined): string | undefined {
  return (links ?? []).find((l) => !l.rel || l.rel === 'alternate')?.href ?? links?.[0]?.href;
}

function imageOf(item: RssItem): string | undefined {
  const media = item.media?.contents?.find((c) => c.medium === 'image' || /^image\//.test(c.type ?? ''));
  const enclosure = item.enclosures?.find((e) => /^image\//.test(e.type ?? ''));
  return media?.url ?? item.media?.thumbnails?.[0]?.url ?? enclosure?.url;
}

// The parts of feedsmith's answers read here (its own types are a union per format).
interface MediaLike {
  contents?: { url?: string; medium?: string; type?: string }[];
  thumbnails?: { url?: string }[];
}
interface RssItem {
  title?: string;
  link?: string;
  guid?: { value?: string; isPermaLink?: boolean };
  description?: string;
  content?: { encoded?: string };
  authors?: string[];
  pubDate?: string;
  categories?: { name?: string }[];
  enclosures?: { url?: string; type?: string }[];
  dc?: { creators?: string[]; creator?: string; dates?: string[]; date?: string };
  media?: MediaLike;
}
interface RssLike {
  title?: string;
  link?: string;
  items?: RssItem[];
}
interface AtomEntry {
  title?: string | { value?: string };
  links?: { href?: string; rel?: string }[];
  id?: string;
  authors?: { name?: string }[];
  summary?: string | { value?: string };
  content?: string | { value?: string };
  published?: string;
  updated?: string;
  categories?: { term?: string; label?: string }[];
  media?: MediaLike;
}
interface AtomLike {
  title?: string | { value?: string };
  links?: { href?: string; rel?: string }[];
  authors?: { name?: string }[];
  entries?: AtomEntry[];
}
interface JsonItem {
  url?: string;
  external_url?: string;
  title?: string;
  content_html?: string;
  content_text?: string;
  summary?: string;
  image?: string;
  banner_image?: string;
  date_published?: string;
  date_modified?: string;
  authors?: { name?: string }[];
  author?: { name?: string };
  tags?: string[];
}
interface JsonLike {
  title?: string;
  home_page_url?: string;
  authors?: { name?: string }[];
  items?: JsonItem[];
}
