import type { BridgeHandlers, ChannelOutput } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { FEATURE_FLAG_NAMES } from '../../../shared/model/feature-flags';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { KvStore } from '../store/kv-store';

// Feature flags for a channel (spec 1 §6): asked of the platform, kept for offline use.
// A flag the platform cannot answer for reads as off, the platform's own default.

type Flags = ChannelOutput<'featureFlags.get'>;

const allOff = (): Flags => Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, false])) as Flags;

export function featureFlagHandlers(deps: { session: SessionService; client: PlatformClient; kv: KvStore }): Pick<BridgeHandlers, 'featureFlags.get'> {
  const { session, client, kv } = deps;
  return {
    async 'featureFlags.get'({ brandSlug, channelSlug }) {
      const channel = session.findChannel(brandSlug, channelSlug);
      if (!channel) throw new AppError('not_found', 'This channel does not exist, or you are not a member of it.');
      const key = `feature-flags:${brandSlug}:${channelSlug}`;
      try {
        if (await session.ensureSignedIn()) {
          const answers = await Promise.all(FEATURE_FLAG_NAMES.map(async (name) => [name, await client.featureFlag(name, brandSlug, channel.id)] as const));
          const flags = Object.fromEntries(answers) as Flags;
          await kv.set(key, flags);
          return flags;
        }
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
      }
      return { ...allOff(), ...((await kv.get<Partial<Flags>>(key)) ?? {}) };
    },
  };
}
