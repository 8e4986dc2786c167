import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { KvStore } from '../store/kv-store';

// The curation screen's calls. All but the heart need the platform. The heart is local
// first (spec 3 §4): the new value is written to the cache's kv table before anything else,
// so it survives a restart, and is sent now or, when the platform cannot be reached, the
// next time any curation call finds it reachable. The list shows unsent hearts as set.

export const CURATION_OFFLINE_MESSAGE = 'Curation needs a connection to the platform.';
const PENDING_KEY = 'curation.pendingCurated';

interface PendingHeart {
  brandSlug: string;
  channelSlug: string;
  id: number;
  curated: boolean;
}
type Pending = Record<string, PendingHeart>;

const keyOf = (heart: { brandSlug: string; channelSlug: string; id: number }) => `${heart.brandSlug}/${heart.channelSlug}/${heart.id}`;

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

export function curationHandlers(deps: { session: SessionService; client: PlatformClient; kv: KvStore; log?: (message: string, error?: unknown) => void }): Pick<
  BridgeHandlers,
  CurationChannel
> {
  const { session, client, kv } = deps;
  const api = client.curation;
  let flushing: Promise<void> | null = null;

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

  const pending = async (): Promise<Pending> => (await kv.get<Pending>(PENDING_KEY)) ?? {};

  /** Sends the hearts waiting here, in the order set; stops at the first that cannot be sent. */
  async function flush(): Promise<void> {
    flushing ??= (async () => {
      try {
        for (const heart of Object.values(await pending())) {
          try {
            await onPlatform(() => api.updateAggregate(heart.brandSlug, heart.channelSlug, heart.id, { curated: heart.curated }));
          } catch (error) {
            // Offline: try again later. Refused (the article is gone): nothing to wait for.
            if (error instanceof AppError && (error.code === 'offline' || error.code === 'platform_error')) return;
            deps.log?.(`A curated flag could not be saved and was dropped: ${keyOf(heart)}`, error);
          }
          const now = await pending();
          // Unless the editor changed it again meanwhile.
          if (now[keyOf(heart)]?.curated === heart.curated) {
            delete now[keyOf(heart)];
            await kv.set(PENDING_KEY, now);
          }
        }
      } finally {
        flushing = null;
      }
    })();
    return flushing;
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
      await flush();
      const answer = await onPlatform(() => api.aggregates(brandSlug, channelSlug, query));
      const waiting = Object.values(await pending()).filter((h) => h.brandSlug === brandSlug && h.channelSlug === channelSlug);
      const items = answer.items.map((item) => {
        const heart = waiting.find((h) => h.id === item.id);
        return heart ? { ...item, curated: heart.curated } : item;
      });
      return { ...answer, items, pendingCurated: waiting.length };
    },
    async 'curation.setCurated'(heart) {
      const now = await pending();
      now[keyOf(heart)] = heart;
      await kv.set(PENDING_KEY, now);
      await flush();
      const saved = !(keyOf(heart) in (await pending()));
      return { id: heart.id, curated: heart.curated, saved };
    },
    'curation.setTags': ({ brandSlug, channelSlug, id, tags }) => onPlatform(() => api.updateAggregate(brandSlug, channelSlug, id, { tags })),
    'curation.tags': ({ brandSlug, channelSlug, keyword, includeCompanyTags }) => onPlatform(() => api.tags(brandSlug, channelSlug, keyword, includeCompanyTags)),
    'curation.categories': ({ brandSlug, channelSlug, keyword }) => onPlatform(() => api.categories(brandSlug, channelSlug, keyword)),
    'curation.siteNames': ({ brandSlug, channelSlug, type }) => onPlatform(() => api.siteNames(brandSlug, channelSlug, type)),
    'curation.createTag': ({ brandSlug, channelSlug, name }) => onPlatform(() => api.createTag(brandSlug, channelSlug, name)),
  };
}
