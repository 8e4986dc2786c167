import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The sending identity (issue 29): a channel's From / Reply-To, the organization's sending
// domains and its deliverability checks. All of it lives on the platform, which makes the
// DKIM keys and asks DNS; the core passes the calls on and turns refusals into the bridge's
// codes, keeping the platform's sentences (which domain to set up, which channel sends from it).

export const SENDING_OFFLINE_MESSAGE = 'Sending domains and the sending identity need a connection to the platform.';

export function sendingHandlers(deps: {
  session: SessionService;
  client: PlatformClient;
}): Pick<
  BridgeHandlers,
  | 'sending.getSender'
  | 'sending.saveSender'
  | 'sending.listDomains'
  | 'sending.addDomain'
  | 'sending.checkDomain'
  | 'sending.rotateDkim'
  | 'sending.removeDomain'
  | 'sending.deliverabilityChecks'
  | 'sending.getIterableKey'
  | 'sending.saveIterableKey'
  | 'sending.removeIterableKey'
> {
  const { session, client } = deps;
  const api = client.sending;

  async function onPlatform<T>(action: () => Promise<T>): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', SENDING_OFFLINE_MESSAGE);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', SENDING_OFFLINE_MESSAGE);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 404) throw new AppError('not_found', error.message);
      if (error.status === 409) throw new AppError('conflict', error.message);
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      throw new AppError('platform_error', error.message);
    }
  }

  return {
    'sending.getSender': ({ brandSlug, channelSlug }) => onPlatform(() => api.sender(brandSlug, channelSlug)),
    'sending.saveSender': ({ brandSlug, channelSlug, sender }) => onPlatform(() => api.saveSender(brandSlug, channelSlug, sender)),
    'sending.listDomains': ({ brandSlug }) => onPlatform(() => api.domains(brandSlug)),
    'sending.addDomain': ({ brandSlug, domain }) => onPlatform(() => api.addDomain(brandSlug, domain)),
    'sending.checkDomain': ({ brandSlug, id }) => onPlatform(() => api.checkDomain(brandSlug, id)),
    'sending.rotateDkim': ({ brandSlug, id }) => onPlatform(() => api.rotateDkim(brandSlug, id)),
    async 'sending.removeDomain'({ brandSlug, id }) {
      await onPlatform(() => api.removeDomain(brandSlug, id));
      return { id };
    },
    'sending.deliverabilityChecks': ({ brandSlug }) => onPlatform(() => api.deliverabilityChecks(brandSlug)),
    'sending.getIterableKey': ({ brandSlug }) => onPlatform(() => api.iterableKey(brandSlug)),
    'sending.saveIterableKey': ({ brandSlug, apiKey }) => onPlatform(() => api.saveIterableKey(brandSlug, apiKey)),
    'sending.removeIterableKey': ({ brandSlug }) => onPlatform(() => api.removeIterableKey(brandSlug)),
  };
}
