import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The platform's local mailbox, for the app's Local mailbox screen: the emails a platform
// without a mail server kept instead of sending, and each one as the screen shows it (no
// open pixel, links pointing where they lead: viewing records nothing). Only the platform
// has them, so offline the screen says it needs a connection.

export const LOCAL_MAILBOX_OFFLINE_MESSAGE = 'The local mailbox is on the platform: it needs a connection to the platform.';

export function localMailboxHandlers(deps: {
  session: SessionService;
  client: PlatformClient;
}): Pick<BridgeHandlers, 'localMailbox.list' | 'localMailbox.preview'> {
  const { session, client } = deps;

  async function askPlatform<T>(call: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) {
      if (session.current().mode === 'remote') throw new AppError('unauthorized', 'Sign in to the platform first.');
      throw new AppError('offline', LOCAL_MAILBOX_OFFLINE_MESSAGE);
    }
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', LOCAL_MAILBOX_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404) throw new AppError('not_found', error.message);
      throw new AppError('platform_error', error.message);
    }
  }

  return {
    'localMailbox.list': () => askPlatform(() => client.localMailbox()),
    'localMailbox.preview': ({ id }) => askPlatform(() => client.localMailboxPreview(id)),
  };
}
