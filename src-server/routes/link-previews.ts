import type { FastifyPluginAsync } from 'fastify';
import { platformPaths } from '../../shared/contract/platform-api';
import { CrawlQuerySchema, CrawlResponseSchema } from '../../shared/contract/platform-link-content';
import { checkSourceUrl } from '../../shared/rules/link-preview';
import { routeDocs } from '../http/api-docs';
import { currentUser } from '../http/authentication';
import { HttpError, invalidData } from '../http/errors';
import { parseInput, sendAs } from '../http/validation';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { crawlLinkPreview, LinkPreviewError } from '../integrations/link-preview';
import type { LinkPreviewOptions } from '../integrations/link-preview';

// GET {api2}/curations/crawl?url= (spec 3 §7): the url preview record of a page, read by
// the platform (the app cannot fetch other origins). It names no tenant's data: any
// signed-in user may preview any public page — and only a public one: the guarded fetch
// refuses the platform's own and its network's addresses (422).

export const linkPreviewRoutes: FastifyPluginAsync<{ guard: FetchGuard; limits?: Omit<LinkPreviewOptions, 'guard'> }> = async (app, { guard, limits }) => {
  const schema = routeDocs({ summary: 'A url preview record (Open Graph, meta tags, oEmbed) of a page', querystring: CrawlQuerySchema, response: { 200: CrawlResponseSchema }, serviceErrors: { 502: 'The page could not be read' } });
  app.get(platformPaths.crawl(), { schema }, async (request, reply) => {
    currentUser(request);
    const { url } = parseInput(CrawlQuerySchema, request.query);
    const checked = checkSourceUrl(url);
    if (!checked.ok || checked.value === '') throw invalidData({ url: [checked.ok ? 'Enter a URL.' : checked.message] });
    try {
      return sendAs(reply, CrawlResponseSchema, await crawlLinkPreview(checked.value, { ...limits, guard }));
    } catch (error) {
      if (error instanceof LinkPreviewError) {
        if (error.status === 422) throw invalidData({ url: [error.message] }, error.message);
        throw new HttpError(502, error.message);
      }
      throw error;
    }
  });
};
