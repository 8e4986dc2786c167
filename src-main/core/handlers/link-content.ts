import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { AppError } from '../../../shared/contract/errors';
import { EVENTS_MESSAGES, eventItemsFrom, eventsDateRange, requestedEventsTotal } from '../../../shared/rules/events-block';
import { HTML_ERROR_MESSAGE, checkHtml } from '../../../shared/rules/html-block';
import { URL_LOAD_OFFLINE_MESSAGE } from '../../../shared/rules/link-preview';
import { NEWS_LOAD_OFFLINE_MESSAGE } from '../../../shared/rules/news-search';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';

// The link-content blocks' calls (URL previews, news, Evvnt events), the HTML block's
// validation and the integrations page. What a load brings is stored in the letter by the
// renderer, so the blocks keep working offline; the loads themselves need the platform.

const INTEGRATIONS_OFFLINE_MESSAGE = 'Integrations need a connection to the platform.';

export function linkContentHandlers(deps: {
  session: SessionService;
  client: PlatformClient;
  now?: () => Date;
}): Pick<
  BridgeHandlers,
  | 'linkContent.crawl'
  | 'linkContent.news'
  | 'linkContent.newsSources'
  | 'linkContent.eventCategories'
  | 'linkContent.events'
  | 'linkContent.validateHtml'
  | 'integrations.getEvvnt'
  | 'integrations.saveEvvnt'
  | 'integrations.removeEvvnt'
> {
  const { session, client } = deps;
  const now = deps.now ?? (() => new Date());

  /** Runs a platform call; `offlineMessage` when it cannot be reached, the platform's message otherwise. */
  async function onPlatform<T>(offlineMessage: string, action: () => Promise<T>, failedMessage?: string): Promise<T> {
    if (!(await session.ensureSignedIn().catch(() => false))) throw new AppError('offline', offlineMessage);
    try {
      return await action();
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      if (error.kind === 'network') throw new AppError('offline', offlineMessage);
      if (error.isUnauthorized) throw new AppError('unauthorized', 'Sign in to the platform first.');
      if (error.status === 422 || error.status === 400) throw new AppError('invalid_input', error.message, error.fields);
      if (error.status === 404 || error.status === 403) throw new AppError(error.status === 404 ? 'not_found' : 'platform_error', error.message);
      throw new AppError('platform_error', failedMessage ?? error.message);
    }
  }

  /** Evvnt's refusal of the token (403/404 from the platform) is an answer, not a failure: the block shows its notice. */
  async function evvnt<T extends { items: unknown[] }>(action: () => Promise<T>, failedMessage: string): Promise<T & { invalidToken: boolean }> {
    try {
      return { ...(await onPlatform(EVENTS_MESSAGES.offline, action, failedMessage)), invalidToken: false };
    } catch (error) {
      if (error instanceof AppError && (error.code === 'not_found' || (error.code === 'platform_error' && error.message === EVENTS_MESSAGES.invalidToken))) {
        return { items: [], invalidToken: true } as unknown as T & { invalidToken: boolean };
      }
      throw error;
    }
  }

  return {
    'linkContent.crawl': ({ url }) => onPlatform(URL_LOAD_OFFLINE_MESSAGE, () => client.crawl(url)),
    'linkContent.news': ({ channelSlug, ...query }) => onPlatform(NEWS_LOAD_OFFLINE_MESSAGE, () => client.news(channelSlug, query)),
    'linkContent.newsSources': ({ channelSlug, category }) => onPlatform(NEWS_LOAD_OFFLINE_MESSAGE, () => client.newsSources(channelSlug, category)),
    'linkContent.eventCategories': ({ brandSlug, channelSlug }) =>
      evvnt(() => client.evvntCategories(brandSlug, channelSlug), EVENTS_MESSAGES.categoriesFailed),
    async 'linkContent.events'({ brandSlug, channelSlug, categories, countPerDay, daysToDisplay, includeCurrentDate, callToAction }) {
      const zone = session.findChannel(brandSlug, channelSlug)?.timezone.tzCode || 'UTC';
      const range = eventsDateRange(now(), zone, { daysToDisplay, includeCurrentDate });
      const limit = requestedEventsTotal(countPerDay, daysToDisplay);
      return evvnt(async () => {
        const answer = await client.evvntEvents(brandSlug, channelSlug, { categories: categories.join(','), ...range, limit });
        return { items: eventItemsFrom(answer.items, { countPerDay, daysToDisplay, callToAction }, answer.timezone || zone) };
      }, EVENTS_MESSAGES.eventsFailed);
    },
    async 'linkContent.validateHtml'({ brandSlug, channelSlug, html }) {
      try {
        const verdict = await onPlatform('offline', () => client.validateHtml({ organization: brandSlug, channel: channelSlug, html }));
        return { isValid: verdict.isValid, errors: verdict.errors };
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        // Offline the same rules run here, so the editor is not left without a verdict.
        if (error.code === 'offline') {
          const local = checkHtml(html);
          return { isValid: local.valid, errors: local.errors };
        }
        // Spec 2 §7: a failed validation call is treated as invalid with a generic error.
        return { isValid: false, errors: [HTML_ERROR_MESSAGE] };
      }
    },
    'integrations.getEvvnt': ({ brandSlug }) => onPlatform(INTEGRATIONS_OFFLINE_MESSAGE, () => client.evvntIntegration(brandSlug)),
    'integrations.saveEvvnt': ({ brandSlug, token }) => onPlatform(INTEGRATIONS_OFFLINE_MESSAGE, () => client.saveEvvntIntegration(brandSlug, token)),
    'integrations.removeEvvnt': ({ brandSlug }) => onPlatform(INTEGRATIONS_OFFLINE_MESSAGE, () => client.removeEvvntIntegration(brandSlug)),
  };
}
