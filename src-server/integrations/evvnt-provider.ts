import type { EventCategory } from '../../shared/model/blocks/events';
import type { ProviderEvent } from '../../shared/rules/events-block';
import { BodyTooLargeError, readLimited } from './read-limited';

// The events block's provider (spec 2 §4, §8). Routes see only EventsProvider. The spec
// does not show Evvnt's method or paths, so this client speaks a small REST protocol,
// documented in docs/decisions.md: `GET {base}/categories?per_page=` answering
// `{ categories: [{ slug, name }] }` and `GET {base}/events?categories=&from=&to=&per_page=`
// answering `{ events: [{ slug, title, description, image_url, start_time, price_cents,
// venue: { name }, url }] }`, the organization's token in `Authorization: Bearer`.
// EVVNT_API_URL points it at a server (https://api.evvnt.com by default).

export interface EventsProvider {
  categories(token: string, limit: number): Promise<EventCategory[]>;
  events(token: string, query: { categories: string[]; from: string; to: string; limit: number }): Promise<ProviderEvent[]>;
}

/** `invalidToken`: the provider refused the token (403 or 404, spec 2 §4). */
export class EventsProviderError extends Error {
  constructor(
    message: string,
    readonly invalidToken: boolean,
  ) {
    super(message);
    this.name = 'EventsProviderError';
  }
}

export const DEFAULT_EVVNT_API_URL = 'https://api.evvnt.com';
const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

type Json = Record<string, unknown>;

function str(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

export function createEvvntProvider(settings: { baseUrl?: string; timeoutMs?: number } = {}): EventsProvider {
  const root = (settings.baseUrl ?? DEFAULT_EVVNT_API_URL).replace(/\/+$/, '');
  const timeoutMs = settings.timeoutMs ?? 15_000;

  async function get(path: string, token: string, query: Record<string, string>): Promise<Json> {
    let response: Response;
    try {
      response = await fetch(`${root}${path}?${new URLSearchParams(query).toString()}`, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch {
      throw new EventsProviderError('Evvnt could not be reached.', false);
    }
    if (response.status === 403 || response.status === 404) {
      await response.body?.cancel().catch(() => undefined);
      throw new EventsProviderError('Evvnt refused the token.', true);
    }
    if (!response.ok) {
      await response.body?.cancel().catch(() => undefined);
      throw new EventsProviderError(`Evvnt answered ${response.status}.`, false);
    }
    try {
      return JSON.parse((await readLimited(response, MAX_ANSWER_BYTES)).toString('utf8')) as Json;
    } catch (error) {
      throw new EventsProviderError(error instanceof BodyTooLargeError ? 'Evvnt answered far more than asked.' : 'Evvnt answered something unreadable.', false);
    }
  }

  return {
    async categories(token, limit) {
      const body = await get('/categories', token, { per_page: String(limit) });
      const list = Array.isArray(body.categories) ? (body.categories as Json[]) : [];
      return list
        .filter((category) => str(category.slug) !== '')
        .slice(0, limit)
        .map((category) => ({ slug: str(category.slug), name: str(category.name) || str(category.slug) }));
    },
    async events(token, query) {
      const body = await get('/events', token, {
        categories: query.categories.join(','),
        from: query.from,
        to: query.to,
        per_page: String(query.limit),
      });
      const list = Array.isArray(body.events) ? (body.events as Json[]) : [];
      return list
        .filter((event) => str(event.slug) !== '' && str(event.start_time) !== '')
        .slice(0, query.limit)
        .map((event) => ({
          slug: str(event.slug),
          title: str(event.title),
          description: str(event.description),
          image: str(event.image_url) || null,
          startsAt: str(event.start_time),
          price: str(event.price_cents),
          venue: str((event.venue as Json | undefined)?.name),
          link: str(event.url),
        }));
    },
  };
}
