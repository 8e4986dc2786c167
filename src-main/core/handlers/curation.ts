import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { HeartOutbox } from '../sync/heart-outbox';

// The curation screen's calls. All but the heart need the platform. The heart is local
// first (spec 3 §4): it waits in the heart outbox (sync/heart-outbox.ts) until the platform
// takes it; the list shows unsent hearts as set.

export const CURATION_OFFLINE_MESSAGE = 'Curation needs a connection to the platform.';

type CurationChannel =
  | 'curation.feeds'
  | 'curation.validateFeed'
  | 'curation.addFeed'
  | 'curation.deleteFeed'
  | 'curation.aggregates'
  | 'curation.setCurated'
  | 'curation.setTags'
  | 'curation.tags'
  | 'curation.categories'
  | 'curation.siteNames'
  | 'curation.createTag';

export function curationHandlers(deps: { session: SessionService; client: PlatformClient; hearts: HeartOutbox }): Pick<BridgeHandlers, CurationChannel> {
  const { session, client, hearts } = deps;
  const api = client.curation;

  async function onPlatform<T>(action: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', CURATION_OFFLINE_MESSAGE);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', CURATION_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404) throw new AppError('not_found', error.message);
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      throw new AppError('platform_error', error.message);
    }
  }

  return {
    'curation.feeds': ({ brandSlug, channelSlug }) => onPlatform(() => api.feeds(brandSlug, channelSlug)),
    'curation.validateFeed': ({ url }) => onPlatform(() => api.validateFeed(url)),
    'curation.addFeed': ({ brandSlug, channelSlug, url }) => onPlatform(() => api.addFeed(brandSlug, channelSlug, url)),
    async 'curation.deleteFeed'({ brandSlug, channelSlug, id }) {
      await onPlatform(() => api.deleteFeed(brandSlug, channelSlug, id));
      return { id };
    },
    async 'curation.aggregates'({ brandSlug, channelSlug, query }) {
      await hearts.flush();
      const answer = await onPlatform(() => api.aggregates(brandSlug, channelSlug, query));
      const waiting = Object.values(await hearts.pending()).filter((h) => h.brandSlug === brandSlug && h.channelSlug === channelSlug);
      const items = answer.items.map((item) => {
        const heart = waiting.find((h) => h.id === item.id);
        return heart ? { ...item, curated: heart.curated } : item;
      });
      return { ...answer, items, pendingCurated: waiting.length };
    },
    async 'curation.setCurated'(heart) {
      await hearts.put(heart);
      await hearts.flush();
      const saved = !(hearts.keyOf(heart) in (await hearts.pending()));
      return { id: heart.id, curated: heart.curated, saved };
    },
    'curation.setTags': ({ brandSlug, channelSlug, id, tags }) => onPlatform(() => api.updateAggregate(brandSlug, channelSlug, id, { tags })),
    'curation.tags': ({ brandSlug, channelSlug, keyword, includeCompanyTags }) => onPlatform(() => api.tags(brandSlug, channelSlug, keyword, includeCompanyTags)),
    'curation.categories': ({ brandSlug, channelSlug, keyword }) => onPlatform(() => api.categories(brandSlug, channelSlug, keyword)),
    'curation.siteNames': ({ brandSlug, channelSlug, type }) => onPlatform(() => api.siteNames(brandSlug, channelSlug, type)),
    'curation.createTag': ({ brandSlug, channelSlug, name }) => onPlatform(() => api.createTag(brandSlug, channelSlug, name)),
  };
}
