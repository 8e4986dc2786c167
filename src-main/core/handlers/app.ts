import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { SessionService } from '../session';
import type { SyncEngine } from '../sync/sync-engine';

// The session: who is signed in, on which platform, with which organizations.

type SessionHandlers = Pick<BridgeHandlers, 'app.session' | 'auth.signIn' | 'auth.signOut'>;

export function appHandlers({ session, sync }: { session: SessionService; sync: SyncEngine }): SessionHandlers {
  return {
    'app.session': () => session.refresh(),
    async 'auth.signIn'({ email, password }) {
      const signedIn = await session.signIn(email, password);
      // Edits made while signed out go at once. Not awaited: the sign-in answers now, and
      // the sync chip follows the push, no longer asking to sign in by the time it does.
      if (signedIn.signedIn) {
        await sync.signedIn();
        void sync.syncNow();
      }
      return signedIn;
    },
    'auth.signOut': () => session.signOut(),
  };
}
