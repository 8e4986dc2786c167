import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { platformPaths } from '../../shared/contract/platform-api';
import { NewsArticlesResponseSchema, NewsQuerySchema, NewsSourcesResponseSchema } from '../../shared/contract/platform-link-content';
import { NEWS_EXCLUSIVE_HINT, NEWS_NOT_CONFIGURED_MESSAGE, newsSourceIds } from '../../shared/rules/news-search';
import type { Db } from '../db/database';
import { channelsBySlug } from '../http/access';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError, invalidData } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import { NewsProviderError } from '../integrations/news-provider';
import type { NewsProvider } from '../integrations/news-provider';
import { parseParams, routePattern } from './route-params';

// GET channels/{channelSlug}/letters/news (spec 2 §7): the news block's articles, or with
// type=sources the source options, from the configured news provider. Without one, 503
// with a sentence saying how to set it up.

const Params = z.object({ channel: z.string().min(1) });

export const newsRoutes: FastifyPluginAsync<{ db: Db; news: NewsProvider | null }> = async (app, { db, news }) => {
  const schema = routeDocs({
    summary: 'News articles (or, with type=sources, news sources) for a news block',
    params: Params,
    querystring: NewsQuerySchema,
    response: { 200: z.union([NewsArticlesResponseSchema, NewsSourcesResponseSchema]) },
    serviceErrors: { 502: 'The news service failed to answer', 503: 'No news service is configured (NEWS_API_URL)' },
  });
  app.get(routePattern(platformPaths.news(':channel')), { schema }, async (request, reply) => {
    const { channel } = parseParams(Params, request.params);
    // Access first: another tenant's channel is 404 whatever the query says.
    await channelsBySlug(db, currentUser(request).id, channel);
    const query = parseInput(NewsQuerySchema, request.query);
    const sources = newsSourceIds(query.sources);
    if (query.type === 'articles') {
      if (query.category !== 'All' && sources.length > 0) throw invalidData({ sources: [NEWS_EXCLUSIVE_HINT] }, NEWS_EXCLUSIVE_HINT);
      if (query.keyword === '' && sources.length === 0) throw invalidData({ keyword: ['Enter a keyword or choose a source.'] });
    }
    if (!news) throw new HttpError(503, NEWS_NOT_CONFIGURED_MESSAGE);
    try {
      if (query.type === 'sources') return sendAs(reply, NewsSourcesResponseSchema, { items: await news.sources(query.category) });
      const items = await news.articles({ keyword: query.keyword, category: query.category, sources, page: query.page, count: query.count });
      return sendAs(reply, NewsArticlesResponseSchema, { items });
    } catch (error) {
      if (error instanceof NewsProviderError) throw new HttpError(502, error.message);
      throw error;
    }
  });
};
