import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// Polls: the organization's polls screen, the poll block's picker and the report's poll
// results. Polls live on the platform only; the screen needs a connection. The report's
// summary and detail are swallowed to empty on any failure (spec 1 §8).

export const POLLS_OFFLINE_MESSAGE = 'Polls need a connection to the platform.';

type PollChannel =
  | 'polls.list'
  | 'polls.pick'
  | 'polls.get'
  | 'polls.save'
  | 'polls.delete'
  | 'polls.metrics'
  | 'polls.downloadCsv'
  | 'polls.letterSummary'
  | 'polls.letterDetail';

export function pollHandlers(deps: { session: SessionService; client: PlatformClient }): Pick<BridgeHandlers, PollChannel> {
  const { session, client } = deps;
  const polls = client.polls;

  async function onPlatform<T>(action: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', POLLS_OFFLINE_MESSAGE);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', POLLS_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404 || error.status === 403) throw new AppError('not_found', error.message);
      if (error.status === 409) throw new AppError('conflict', error.message);
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      throw new AppError('platform_error', error.message);
    }
  }

  async function orFallback<T>(fallback: T, action: () => Promise<T>): Promise<T> {
    try {
      if (!(await session.ensureSignedIn())) return fallback;
      return await action();
    } catch {
      return fallback;
    }
  }

  return {
    'polls.list': ({ brandSlug, ...query }) => onPlatform(() => polls.list(brandSlug, query)),
    'polls.pick': ({ channelSlug, title, letterUniqueId }) =>
      onPlatform(() => polls.channelList(channelSlug, { title, page: 1, limit: 50, ...(letterUniqueId ? { letterUniqueId } : {}) })),
    'polls.get': ({ channelSlug, id }) => onPlatform(() => polls.channelGet(channelSlug, id)),
    'polls.save': ({ brandSlug, id, poll }) => onPlatform(() => (id === undefined ? polls.create(brandSlug, poll) : polls.update(brandSlug, id, poll))),
    async 'polls.delete'({ brandSlug, id }) {
      await onPlatform(() => polls.delete(brandSlug, id));
      return null;
    },
    'polls.metrics': ({ brandSlug, id }) => onPlatform(() => polls.metrics(brandSlug, id)),
    async 'polls.downloadCsv'({ brandSlug, id }) {
      const content = await onPlatform(() => polls.downloadCsv(brandSlug, id));
      return { fileName: `poll-${id}-responses.csv`, content };
    },
    'polls.letterSummary': ({ channelSlug, letterUniqueId }) => orFallback({ items: [] }, () => polls.letterSummary(channelSlug, letterUniqueId)),
    'polls.letterDetail': ({ channelSlug, letterUniqueId, id }) =>
      orFallback(null, async () => (await polls.letterDetails(channelSlug, id, letterUniqueId)).items[0] ?? null),
  };
}
