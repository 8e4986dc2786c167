import type { BridgeHandlers, EmitEvent } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import type { SyncEngine } from '../sync/sync-engine';

// Deleting a letter (the lists' confirm-delete dialog). A letter the platform holds must go
// there first, or the next pull would bring it back: offline that says so and changes
// nothing, like the other lifecycle actions. A letter that never reached the platform
// exists only here, so it goes at once, offline too.

export const DELETE_OFFLINE_MESSAGE = 'Deleting a letter needs a connection to the platform. Nothing was deleted.';
const NOT_FOUND = 'Eep. It doesn’t look like this letter exists.';

export function letterDeletionHandlers(deps: {
  store: LettersStore;
  session: SessionService;
  sync: SyncEngine;
  client: PlatformClient;
  emit: EmitEvent;
}): Pick<BridgeHandlers, 'letters.delete'> {
  const { store, session, sync, client, emit } = deps;

  async function signedIn(): Promise<boolean> {
    return session.ensureSignedIn().catch(() => false);
  }

  return {
    async 'letters.delete'({ uniqueId }) {
      let letter = await store.getByUniqueId(uniqueId);
      if (!letter) throw new AppError('not_found', NOT_FOUND);
      // A create in flight would make the letter on the platform behind our back: let the
      // queue settle first, so the letter either has its platform id or is only here.
      if (letter.id === null && (await signedIn())) {
        await sync.pushNow();
        letter = (await store.getByUniqueId(uniqueId)) ?? letter;
      }
      if (letter.id !== null) {
        if (!(await signedIn())) throw new AppError('offline', DELETE_OFFLINE_MESSAGE);
        try {
          await client.deleteLetter(letter.brandSlug, letter.channelSlug, letter.id);
        } catch (error) {
          if (!(error instanceof PlatformError)) throw error;
          if (error.kind === 'network') throw new AppError('offline', DELETE_OFFLINE_MESSAGE);
          if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
          if (error.status === 409) throw new AppError('conflict', error.message);
          // Already gone there (404): it only has to leave this computer too.
          if (error.status !== 404) throw new AppError('platform_error', error.message);
        }
      }
      await store.remove(uniqueId);
      emit('letters.changed', { uniqueIds: [uniqueId] });
      return { uniqueId };
    },
  };
}
