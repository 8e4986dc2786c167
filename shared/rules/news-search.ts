import type { Delta, DeltaOp } from '../model/delta';
import type { NewsModel } from '../model/blocks/feeds';
import { READ_MORE_LABEL } from './link-preview';

// The news block's search (spec 2 §4, §8): a category and sources exclude each other, Load
// needs a keyword or a source, and the articles found become the section's text, kept in
// the letter so the composer and the email show them without asking again.

export const NEWS_EXCLUSIVE_HINT = 'Category and source cannot be used at once.';
export const NEWS_EMPTY_MESSAGE =
  'Sorry, we failed to get news matched your query. Please make sure the scope your search is too broad.';
export const NEWS_LOAD_OFFLINE_MESSAGE = 'Loading news needs a connection to the platform.';
// Editors read it: it says what to ask for, not which setting (NEWS_API_URL, NEWS_API_KEY) that is.
export const NEWS_NOT_CONFIGURED_MESSAGE =
  'News search is not configured on this platform. Ask your administrator to connect a news service: its address, and an API key if it needs one.';

export interface NewsArticle {
  title: string;
  description: string;
  url: string;
  image: string | null;
  author: string | null;
  publishedAt: string | null;
  sourceName: string | null;
}

export interface NewsFilterState {
  categoryDisabled: boolean;
  sourcesDisabled: boolean;
  loadDisabled: boolean;
}

/** Comma-separated ids as typed: trimmed, empty entries dropped. */
export function newsSourceIds(sources: string): string[] {
  return sources
    .split(',')
    .map((id) => id.trim())
    .filter((id) => id !== '');
}

export function newsFilterState(model: Pick<NewsModel, 'keyword' | 'category' | 'sources'>, loading: boolean): NewsFilterState {
  const hasSources = newsSourceIds(model.sources).length > 0;
  return {
    categoryDisabled: hasSources,
    sourcesDisabled: model.category !== 'All',
    loadDisabled: loading || (model.keyword.trim() === '' && !hasSources),
  };
}

/** NewsAPI's two searches: a category only exists on the top headlines. */
export function newsSearchMode(model: Pick<NewsModel, 'category'>): 'everything' | 'top-headlines' {
  return model.category === 'All' ? 'everything' : 'top-headlines';
}

function line(text: string, attributes?: DeltaOp['attributes']): DeltaOp[] {
  return [attributes ? { insert: text, attributes } : { insert: text }, { insert: '\n' }];
}

/** Each article as a linked bold title, its source, its description and a 'Read more' link. */
export function newsDelta(articles: readonly NewsArticle[]): Delta {
  const ops: DeltaOp[] = [];
  articles.forEach((article, index) => {
    if (index > 0) ops.push({ insert: '\n' });
    ops.push(...line(article.title.trim() || article.url, { bold: true, link: article.url }));
    const source = [article.sourceName?.trim(), article.author?.trim() && `By ${article.author.trim()}`].filter(Boolean).join(' · ');
    if (source) ops.push(...line(source, { italic: true }));
    if (article.description.trim()) ops.push(...line(article.description.trim()));
    ops.push(...line(READ_MORE_LABEL, { link: article.url }));
  });
  return { ops };
}
