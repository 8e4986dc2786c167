import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';

// What an active template has done and does next (issue 32). The facts change with every
// welcome sent, without a new letter version, so they are read from the platform each time
// the configured view asks, never cached: offline the view says it cannot read them.

export function automationHandlers(deps: { store: LettersStore; session: SessionService; client: PlatformClient }): Pick<BridgeHandlers, 'letters.automationStatus'> {
  const { store, session, client } = deps;
  return {
    async 'letters.automationStatus'({ uniqueId }) {
      const offline = { status: null, offline: true };
      const letter = await store.getByUniqueId(uniqueId);
      if (!letter) throw new AppError('not_found', 'Eep. It doesn’t look like this letter exists.');
      if (letter.id === null || letter.channelId === null) return offline;
      if (!(await session.ensureSignedIn().catch(() => false))) return offline;
      try {
        return { status: await client.templateAutomation(letter.channelId, letter.id), offline: false };
      } catch (error) {
        if (error instanceof PlatformError && error.kind === 'network') return offline;
        if (error instanceof PlatformError) throw new AppError(error.isUnauthorized ? 'unauthorized' : 'platform_error', error.message);
        throw error;
      }
    },
  };
}
