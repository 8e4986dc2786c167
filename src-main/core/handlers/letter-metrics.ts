import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The letters list's recipients, opens and clicks, asked of the platform for the page on
// screen. The numbers only exist there, so offline the list simply shows none.

export function letterMetricsHandlers(deps: { session: SessionService; client: PlatformClient }): Pick<BridgeHandlers, 'letters.metrics'> {
  const { session, client } = deps;
  return {
    async 'letters.metrics'({ brandSlug, channelSlug, ids }) {
      const offline = { items: [], offline: true };
      if (!(await session.ensureSignedIn().catch(() => false))) return offline;
      try {
        const { items } = await client.letterListMetrics(brandSlug, channelSlug, ids);
        return { items, offline: false };
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'network') return offline;
        if (error instanceof PlatformError) throw new AppError(error.isUnauthorized ? 'unauthorized' : 'platform_error', error.message);
        throw error;
      }
    },
  };
}
