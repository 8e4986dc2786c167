import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The channel settings screen. Settings live on the platform (every editor of the channel
// shares them); after a save the session is read again, so the composer's logo, footer and
// channel colours follow at once.

export const CHANNEL_SETTINGS_OFFLINE_MESSAGE = 'Channel settings need a connection to the platform.';

export function channelSettingsHandlers(deps: {
  session: SessionService;
  client: PlatformClient;
}): Pick<BridgeHandlers, 'channels.getSettings' | 'channels.saveSettings'> {
  const { session, client } = deps;

  async function onPlatform<T>(action: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', CHANNEL_SETTINGS_OFFLINE_MESSAGE);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', CHANNEL_SETTINGS_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404) throw new AppError('not_found', error.message);
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      throw new AppError('platform_error', error.message);
    }
  }

  return {
    'channels.getSettings': ({ brandSlug, channelSlug }) => onPlatform(() => client.channelSettings(brandSlug, channelSlug)),
    async 'channels.saveSettings'({ brandSlug, channelSlug, settings }) {
      const saved = await onPlatform(() => client.saveChannelSettings(brandSlug, channelSlug, settings));
      await session.refresh();
      return saved;
    },
  };
}
