import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { SessionService } from '../session';

// The session: who is signed in, on which platform, with which organizations.

export function appHandlers(session: SessionService): Pick<BridgeHandlers, 'app.session' | 'auth.signIn' | 'auth.signOut'> {
  return {
    'app.session': () => session.refresh(),
    'auth.signIn': ({ email, password }) => session.signIn(email, password),
    'auth.signOut': () => session.signOut(),
  };
}
