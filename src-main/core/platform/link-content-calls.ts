import { platformPaths } from '../../../shared/contract/platform-api';
import {
  CrawlResponseSchema,
  EventCategoriesResponseSchema,
  EventsResponseSchema,
  EvvntIntegrationSchema,
  NewsArticlesResponseSchema,
  NewsSourcesResponseSchema,
  ValidateHtmlResponseSchema,
  type EventCategoriesResponse,
  type EventsQuery,
  type EventsResponse,
  type EvvntIntegration,
  type NewsArticlesResponse,
  type NewsQuery,
  type NewsSourcesResponse,
  type ValidateHtmlRequest,
  type ValidateHtmlResponse,
} from '../../../shared/contract/platform-link-content';
import type { UrlPreview } from '../../../shared/model/blocks/feeds';
import { queryString, type PlatformTransport } from './platform-transport';

// Link previews, news, events and HTML validation (platform-link-content.ts), on the
// platform client's transport.

export interface LinkContentCalls {
  crawl(url: string): Promise<UrlPreview>;
  news(channelSlug: string, query: Omit<NewsQuery, 'type' | 'page'>): Promise<NewsArticlesResponse>;
  newsSources(channelSlug: string, category: NewsQuery['category']): Promise<NewsSourcesResponse>;
  evvntIntegration(brandSlug: string): Promise<EvvntIntegration>;
  saveEvvntIntegration(brandSlug: string, token: string): Promise<EvvntIntegration>;
  removeEvvntIntegration(brandSlug: string): Promise<EvvntIntegration>;
  evvntCategories(brandSlug: string, channelSlug: string): Promise<EventCategoriesResponse>;
  evvntEvents(brandSlug: string, channelSlug: string, query: EventsQuery): Promise<EventsResponse>;
  validateHtml(body: ValidateHtmlRequest): Promise<ValidateHtmlResponse>;
}

export function createLinkContentCalls({ call }: PlatformTransport): LinkContentCalls {
  return {
    crawl: (url) => call('GET', `${platformPaths.crawl()}?${queryString({ url })}`, CrawlResponseSchema),
    news: (channelSlug, query) => call('GET', `${platformPaths.news(channelSlug)}?${queryString({ type: 'articles', page: 1, ...query })}`, NewsArticlesResponseSchema),
    newsSources: (channelSlug, category) =>
      call('GET', `${platformPaths.news(channelSlug)}?${queryString({ type: 'sources', category })}`, NewsSourcesResponseSchema),
    evvntIntegration: (brandSlug) => call('GET', platformPaths.evvntIntegration(brandSlug), EvvntIntegrationSchema),
    saveEvvntIntegration: (brandSlug, token) => call('PUT', platformPaths.evvntIntegration(brandSlug), EvvntIntegrationSchema, { token }),
    removeEvvntIntegration: (brandSlug) => call('DELETE', platformPaths.evvntIntegration(brandSlug), EvvntIntegrationSchema),
    evvntCategories: (brandSlug, channelSlug) => call('GET', platformPaths.evvntCategories(brandSlug, channelSlug), EventCategoriesResponseSchema),
    evvntEvents: (brandSlug, channelSlug, query) =>
      call('GET', `${platformPaths.evvntEvents(brandSlug, channelSlug)}?${queryString(query)}`, EventsResponseSchema),
    validateHtml: (body) => call('POST', platformPaths.validateHtml(), ValidateHtmlResponseSchema, body),
  };
}
