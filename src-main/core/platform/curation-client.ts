import { z } from 'zod';
import { platformPaths } from '../../../shared/contract/platform-api';
import {
  AGGREGATES_QUERY_LISTS,
  AggregateSchema,
  AggregatesResponseSchema,
  FeedListResponseSchema,
  FeedSchema,
  SiteNamesResponseSchema,
  TAXONOMY_PRELOAD_SIZE,
  TAXONOMY_SEARCH_PAGE_SIZE,
  TaxonomyItemSchema,
  TaxonomyListResponseSchema,
  ValidateFeedResponseSchema,
} from '../../../shared/contract/platform-curation';
import type {
  Aggregate,
  AggregatesQuery,
  AggregatesResponse,
  Feed,
  TaxonomyItem,
  UpdateAggregateRequest,
  ValidateFeedResponse,
} from '../../../shared/contract/platform-curation';

// The platform's curation calls (spec 3 §7), for the core's curation handlers.

export type CallPlatform = <S extends z.ZodType>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, schema: S, body?: unknown) => Promise<z.output<S>>;

export interface CurationClient {
  feeds(brandSlug: string, channelSlug: string): Promise<{ items: Feed[] }>;
  validateFeed(url: string): Promise<ValidateFeedResponse>;
  addFeed(brandSlug: string, channelSlug: string, url: string): Promise<Feed>;
  deleteFeed(brandSlug: string, channelSlug: string, id: number): Promise<void>;
  aggregates(brandSlug: string, channelSlug: string, query: AggregatesQuery): Promise<AggregatesResponse>;
  updateAggregate(brandSlug: string, channelSlug: string, id: number, body: UpdateAggregateRequest): Promise<Aggregate>;
  tags(brandSlug: string, channelSlug: string, keyword: string, includeCompanyTags: boolean): Promise<{ items: TaxonomyItem[]; total: number }>;
  categories(brandSlug: string, channelSlug: string, keyword: string): Promise<{ items: TaxonomyItem[]; total: number }>;
  siteNames(brandSlug: string, channelSlug: string, type?: number): Promise<{ items: string[] }>;
  createTag(brandSlug: string, channelSlug: string, name: string): Promise<TaxonomyItem>;
}

/** `feeds[]=1&feeds[]=2&keyword=x`: lists as repeated keys with [] (spec 3 §2), empty values dropped. */
export function aggregatesQueryString(query: AggregatesQuery): string {
  const parts: string[] = [];
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '' || value === null) continue;
    if ((AGGREGATES_QUERY_LISTS as readonly string[]).includes(key) && Array.isArray(value)) {
      for (const item of value) parts.push(`${encodeURIComponent(`${key}[]`)}=${encodeURIComponent(String(item))}`);
    } else {
      parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
    }
  }
  return parts.length ? `?${parts.join('&')}` : '';
}

function taxonomyQuery(brandSlug: string, channelSlug: string, keyword: string, extra = ''): string {
  // Preload everything; a search asks a search page (spec 3 §7).
  const perPage = keyword ? TAXONOMY_SEARCH_PAGE_SIZE : TAXONOMY_PRELOAD_SIZE;
  const search = keyword ? `&keyword=${encodeURIComponent(keyword)}` : '';
  return `?organization=${encodeURIComponent(brandSlug)}&channel=${encodeURIComponent(channelSlug)}&page=1&perPage=${perPage}${search}${extra}`;
}

export function createCurationClient(call: CallPlatform): CurationClient {
  return {
    feeds: (b, c) => call('GET', platformPaths.feeds(b, c), FeedListResponseSchema),
    validateFeed: (url) => call('POST', platformPaths.validateFeed(), ValidateFeedResponseSchema, { url }),
    addFeed: (b, c, url) => call('POST', platformPaths.feeds(b, c), FeedSchema, { url }),
    deleteFeed: async (b, c, id) => {
      await call('DELETE', platformPaths.feed(b, c, id), z.null());
    },
    aggregates: (b, c, query) => call('GET', `${platformPaths.aggregates(b, c)}${aggregatesQueryString(query)}`, AggregatesResponseSchema),
    updateAggregate: (b, c, id, body) => call('POST', platformPaths.aggregate(b, c, id), AggregateSchema, body),
    tags: (b, c, keyword, company) =>
      call('GET', `${platformPaths.curationAllTags()}${taxonomyQuery(b, c, keyword, `&includeCompanyTags=${company ? 1 : 0}`)}`, TaxonomyListResponseSchema),
    categories: (b, c, keyword) => call('GET', `${platformPaths.curationAllCategories()}${taxonomyQuery(b, c, keyword)}`, TaxonomyListResponseSchema),
    siteNames: (b, c, type = 0) =>
      call('GET', `${platformPaths.curationSiteNames()}?organization=${encodeURIComponent(b)}&channel=${encodeURIComponent(c)}&type=${type}`, SiteNamesResponseSchema),
    createTag: (b, c, name) => call('POST', platformPaths.curationTags(), TaxonomyItemSchema, { organization: b, channel: c, name }),
  };
}
