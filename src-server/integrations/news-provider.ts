import type { NewsCategory } from '../../shared/model/enums';
import type { NewsArticle } from '../../shared/rules/news-search';
import { BodyTooLargeError, readLimited } from './read-limited';

// The news block's search (spec 2 §7 `channels/{channelSlug}/letters/news`): routes see only
// NewsProvider; the one shipped speaks the NewsAPI protocol (newsapi.org v2 and compatible
// servers): `/v2/everything` for a keyword or sources, `/v2/top-headlines` for a category
// (NewsAPI has categories only there), `/v2/top-headlines/sources` for the source list,
// the key in `X-Api-Key`. Configured by NEWS_API_URL and NEWS_API_KEY.

export interface NewsSearch {
  keyword: string;
  category: NewsCategory;
  sources: string[];
  page: number;
  count: number;
}

export interface NewsProvider {
  articles(search: NewsSearch): Promise<NewsArticle[]>;
  sources(category: NewsCategory): Promise<Array<{ id: string; name: string }>>;
}

/** The provider failed or answered something unusable; `message` is for the editor. */
export class NewsProviderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NewsProviderError';
  }
}

export interface NewsApiSettings {
  /** e.g. https://newsapi.org (the `/v2/...` paths are added). */
  baseUrl: string;
  apiKey?: string;
  timeoutMs?: number;
}

const MAX_ANSWER_BYTES = 4 * 1024 * 1024;
const FAILED = 'The news service failed to answer.';

type Json = Record<string, unknown>;

function str(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

export function createNewsApiProvider(settings: NewsApiSettings): NewsProvider {
  const root = settings.baseUrl.replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 15_000;

  async function get(path: string, query: Record<string, string>): Promise<Json> {
    const params = new URLSearchParams(Object.entries(query).filter(([, value]) => value !== ''));
    const headers: Record<string, string> = { accept: 'application/json' };
    if (settings.apiKey) headers['x-api-key'] = settings.apiKey;
    let body: Json;
    try {
      const response = await fetch(`${root}${path}?${params.toString()}`, { headers, signal: AbortSignal.timeout(timeoutMs) });
      const text = (await readLimited(response, MAX_ANSWER_BYTES)).toString('utf8');
      body = JSON.parse(text) as Json;
      if (!response.ok || body.status === 'error') {
        // NewsAPI's own message ("Your API key is invalid…") tells the editor what to fix; it never quotes the key.
        throw new NewsProviderError(str(body.message) ?? `${FAILED} (HTTP ${response.status})`);
      }
    } catch (error) {
      if (error instanceof NewsProviderError) throw error;
      if (error instanceof BodyTooLargeError) throw new NewsProviderError(FAILED);
      throw new NewsProviderError(FAILED);
    }
    return body;
  }

  return {
    async articles(search) {
      const common = { q: search.keyword, page: String(search.page), pageSize: String(search.count) };
      const body =
        search.category === 'All'
          ? await get('/v2/everything', { ...common, sources: search.sources.join(',') })
          : await get('/v2/top-headlines', { ...common, category: search.category });
      const articles = Array.isArray(body.articles) ? (body.articles as Json[]) : [];
      return articles
        .filter((article) => str(article.url) && str(article.title))
        .map((article) => ({
          title: String(article.title),
          description: str(article.description) ?? '',
          url: String(article.url),
          image: str(article.urlToImage),
          author: str(article.author),
          publishedAt: str(article.publishedAt),
          sourceName: str((article.source as Json | undefined)?.name),
        }));
    },
    async sources(category) {
      const body = await get('/v2/top-headlines/sources', { category: category === 'All' ? '' : category });
      const sources = Array.isArray(body.sources) ? (body.sources as Json[]) : [];
      return sources.filter((source) => str(source.id)).map((source) => ({ id: String(source.id), name: str(source.name) ?? String(source.id) }));
    },
  };
}
