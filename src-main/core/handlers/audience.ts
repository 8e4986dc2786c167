import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The subscribers and segments screens. Subscribers and segments live on the platform only,
// so the screens need a connection; the platform's messages are passed on as they are
// (spec 3 §8), with its field messages for a refused form.

export const AUDIENCE_OFFLINE_MESSAGE = 'Subscribers and segments need a connection to the platform.';

type AudienceChannel =
  | 'audience.subscribers'
  | 'audience.subscriber'
  | 'audience.addSubscriber'
  | 'audience.updateSubscriber'
  | 'audience.unsubscribe'
  | 'audience.deleteSubscriber'
  | 'audience.tagSubscribers'
  | 'audience.exportSubscribers'
  | 'audience.importSubscribers'
  | 'audience.importProgress'
  | 'audience.segments'
  | 'audience.segmentCriterias'
  | 'audience.segmentCount'
  | 'audience.saveSegment'
  | 'audience.deleteSegment';

export function audienceHandlers(deps: { session: SessionService; client: PlatformClient }): Pick<BridgeHandlers, AudienceChannel> {
  const { session, client } = deps;
  const audience = client.audience;

  async function onPlatform<T>(action: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', AUDIENCE_OFFLINE_MESSAGE);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', AUDIENCE_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404 || error.status === 403) throw new AppError('not_found', error.message);
      if (error.status === 409) throw new AppError('conflict', error.message);
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      throw new AppError('platform_error', error.message);
    }
  }

  return {
    'audience.subscribers': ({ brandSlug, channelSlug, status, search, tags, page, itemsPerPage }) =>
      onPlatform(() => audience.subscribers(brandSlug, channelSlug, { status, search, tags, page, itemsPerPage })),
    'audience.subscriber': ({ brandSlug, channelSlug, id }) => onPlatform(() => audience.subscriber(brandSlug, channelSlug, id)),
    'audience.addSubscriber': ({ brandSlug, channelSlug, subscriber }) => onPlatform(() => audience.addSubscriber(brandSlug, channelSlug, subscriber)),
    'audience.updateSubscriber': ({ brandSlug, channelSlug, id, changes }) => onPlatform(() => audience.updateSubscriber(brandSlug, channelSlug, id, changes)),
    'audience.unsubscribe': ({ brandSlug, channelSlug, id }) => onPlatform(() => audience.unsubscribe(brandSlug, channelSlug, id)),
    async 'audience.deleteSubscriber'({ brandSlug, channelSlug, id }) {
      await onPlatform(() => audience.deleteSubscriber(brandSlug, channelSlug, id));
      return null;
    },
    'audience.tagSubscribers': ({ brandSlug, channelSlug, change }) => onPlatform(() => audience.tagSubscribers(brandSlug, channelSlug, change)),
    async 'audience.exportSubscribers'({ brandSlug, channelSlug }) {
      const content = await onPlatform(() => audience.exportSubscribers(brandSlug, channelSlug));
      return { fileName: `subscribers-${channelSlug}.csv`, content };
    },
    'audience.importSubscribers': ({ brandSlug, channelSlug, csv, importId, existing, mapping, sendWelcome }) =>
      onPlatform(() => audience.importSubscribers(brandSlug, channelSlug, csv, { importId, existing, mapping, sendWelcome })),
    // Asked before the platform has begun reading the file, the import is not known yet: null.
    async 'audience.importProgress'({ brandSlug, channelSlug, importId }) {
      try {
        return await onPlatform(() => audience.importProgress(brandSlug, channelSlug, importId));
      } catch (error) {
        if (error instanceof AppError && error.code === 'not_found') return null;
        throw error;
      }
    },
    'audience.segments': ({ brandSlug, channelSlug, name, page, itemsPerPage }) =>
      onPlatform(() => audience.segments(brandSlug, channelSlug, { name, page, itemsPerPage })),
    'audience.segmentCriterias': ({ brandSlug, channelSlug }) => onPlatform(() => audience.segmentCriterias(brandSlug, channelSlug)),
    'audience.segmentCount': ({ brandSlug, channelSlug, criteria }) => onPlatform(() => audience.segmentCount(brandSlug, channelSlug, criteria)),
    'audience.saveSegment': ({ brandSlug, channelSlug, id, segment }) =>
      onPlatform(() => (id === undefined ? audience.createSegment(brandSlug, channelSlug, segment) : audience.updateSegment(brandSlug, channelSlug, id, segment))),
    async 'audience.deleteSegment'({ brandSlug, channelSlug, id }) {
      await onPlatform(() => audience.deleteSegment(brandSlug, channelSlug, id));
      return null;
    },
  };
}
