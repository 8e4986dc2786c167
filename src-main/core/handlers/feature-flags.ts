import type { BridgeHandlers, ChannelOutput } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { FEATURE_FLAG_NAMES } from '../../../shared/model/feature-flags';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { KvStore } from '../store/kv-store';

// Feature flags for a channel (spec 1 §6): asked of the platform, kept for offline use.
// A flag the platform cannot answer for reads as off, the platform's own default. An
// organization's switches (Settings → Features) are read and set on the platform only.

type Flags = ChannelOutput<'featureFlags.get'>;

export const FEATURES_OFFLINE_MESSAGE = "The organization's features are on the platform: they need a connection to the platform.";

const allOff = (): Flags => Object.fromEntries(FEATURE_FLAG_NAMES.map((name) => [name, false])) as Flags;

export function featureFlagHandlers(deps: {
  session: SessionService;
  client: PlatformClient;
  kv: KvStore;
}): Pick<BridgeHandlers, 'featureFlags.get' | 'featureFlags.organization' | 'featureFlags.set'> {
  const { session, client, kv } = deps;

  async function onPlatform<T>(action: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', FEATURES_OFFLINE_MESSAGE);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', FEATURES_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404) throw new AppError('not_found', error.message);
      throw new AppError('platform_error', error.message);
    }
  }

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
    'featureFlags.organization': ({ brandSlug }) => onPlatform(() => client.organizationFeatureFlags(brandSlug)),
    'featureFlags.set': ({ brandSlug, name, enabled }) => onPlatform(() => client.setOrganizationFeatureFlag(brandSlug, name, enabled)),
  };
}
