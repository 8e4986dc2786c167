import { INVALID_FEED_URL_MESSAGE } from '../../../shared/contract/platform-curation';

/** What a failed feed check shows, and whether the typed address goes (spec 2 §5 for an invalid one). */
export interface FeedCheckFailure {
  message: string;
  clear: boolean;
  offline: boolean;
}

/**
 * Only an address the platform calls invalid ('This url is invalid.') is cleared, as the
 * spec says. A feed that could not be reached ('The feed could not be reached: …', issue 37),
 * an address the platform may not fetch, or no connection keep what was typed, with the
 * platform's own words: the address may be right and worth trying again.
 */
export function feedCheckFailure(error: unknown): FeedCheckFailure {
  const { code, message } = (error ?? {}) as { code?: string; message?: unknown };
  const said = typeof message === 'string' && message.trim() !== '' ? message : INVALID_FEED_URL_MESSAGE;
  if (code === 'offline') return { message: said, clear: false, offline: true };
  return { message: said, clear: said === INVALID_FEED_URL_MESSAGE, offline: false };
}
