import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { SpecificEmailsLeftOutResponseSchema } from '../../../shared/contract/platform-audience';
import type { SegmentOption } from '../../../shared/contract/platform-audience';
import { platformPaths } from '../../../shared/contract/platform-api';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { KvStore } from '../store/kv-store';

// Audience options for the composer: asked of the platform when it can be reached, kept in
// the cache so the schedule step still has them offline. What a 'Specific emails' list will
// leave out is the platform's to say (who unsubscribed or bounced): offline, nothing is said.

const LEFT_OUT_OFFLINE = 'Which of these addresses will be left out can be checked once the platform can be reached.';

interface CachedSegments {
  items: SegmentOption[];
  fetchedAt: string;
}

export function segmentHandlers(deps: { session: SessionService; client: PlatformClient; kv: KvStore }): Pick<BridgeHandlers, 'segments.list' | 'segments.specificEmailsLeftOut'> {
  const { session, client, kv } = deps;
  return {
    async 'segments.list'({ brandSlug, channelSlug }) {
      const channel = session.findChannel(brandSlug, channelSlug);
      if (!channel) throw new AppError('not_found', 'This channel does not exist, or you are not a member of it.');
      const key = `segments:${brandSlug}:${channelSlug}`;
      try {
        if (await session.ensureSignedIn()) {
          const { items } = await client.audienceSegments(brandSlug, [channel.id]);
          const fresh: CachedSegments = { items, fetchedAt: new Date().toISOString() };
          await kv.set(key, fresh);
          return { ...fresh, offline: false };
        }
      } catch (error) {
        if (!(error instanceof PlatformError) || error.kind !== 'network') throw error instanceof PlatformError ? new AppError('platform_error', error.message) : error;
      }
      const cached = await kv.get<CachedSegments>(key);
      return { items: cached?.items ?? [], fetchedAt: cached?.fetchedAt ?? null, offline: true };
    },
    async 'segments.specificEmailsLeftOut'({ brandSlug, channelSlug, emails }) {
      try {
        if (!(await session.ensureSignedIn())) throw new AppError('offline', LEFT_OUT_OFFLINE);
        return await client.request('POST', platformPaths.specificEmailsLeftOut(brandSlug, channelSlug), SpecificEmailsLeftOutResponseSchema, { emails });
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        throw new AppError(error.kind === 'network' ? 'offline' : 'platform_error', error.kind === 'network' ? LEFT_OUT_OFFLINE : error.message);
      }
    },
  };
}
