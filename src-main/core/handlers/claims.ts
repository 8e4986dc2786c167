import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { claimantJson } from '../../../shared/model/letter';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { HeldClaims } from '../sync/held-claims';
import { existingLetter } from './existing-letter';

// Exclusive editing: one editor at a time holds a letter (spec 1 §4 "Claiming"). Offline
// the claim cannot be asked for, and editing goes on locally; the sync engine turns edits
// that lose to someone else's claim into a conflicted copy. A granted claim is kept in
// `claims`, so that a pull bringing in someone else's takeover tells the editor (held-claims.ts).

export function claimHandlers(deps: {
  store: LettersStore;
  session: SessionService;
  client: PlatformClient;
  claims: HeldClaims;
}): Pick<BridgeHandlers, 'letters.claim'> {
  const { store, session, client, claims } = deps;
  return {
    async 'letters.claim'({ uniqueId, force }) {
      const letter = await existingLetter(store, uniqueId);
      const user = session.current().user;
      if (letter.id === null || !user) return { state: 'unsynced', message: null };
      try {
        if (!(await session.ensureSignedIn())) return { state: 'offline', message: null };
        await client.claim(letter.channelSlug, letter.id, { claimant: claimantJson(user), ...(force ? { force } : {}) });
        claims.granted(uniqueId, user.uniqueId);
        return { state: 'claimed', message: null };
      } catch (error) {
        if (!(error instanceof PlatformError)) throw error;
        if (error.kind === 'network') return { state: 'offline', message: null };
        if (error.status === 400) {
          claims.released(uniqueId);
          return { state: 'refused', message: error.message };
        }
        throw new AppError('platform_error', error.message);
      }
    },
  };
}
