import { INERT_LINK_PREFIX } from '../contract/platform-preview-as';
import { rewriteHrefs } from './anchor-hrefs';

// The platform's pages a reader's link changes something on (unsubscribe, the behaviour
// opt-out, a poll answer), and how 'Preview as' shows such a link: as a fragment, `#` + its
// address, so the preview shows whose link it is and following it navigates nowhere.

/** Paths of the platform's pages a reader's link would change something on. */
export const READER_PAGE_PREFIXES = ['/unsubscribe/', '/opt-out/', '/polls/'] as const;

export function isReaderPageLink(url: string, platformUrl: string): boolean {
  return READER_PAGE_PREFIXES.some((prefix) => url.startsWith(`${platformUrl}${prefix}`));
}

/** Each link of the HTML that acts for its reader, written as a fragment showing its address. */
export function withInertReaderLinks(html: string, platformUrl: string): string {
  return rewriteHrefs(html, (url) => (isReaderPageLink(url, platformUrl) ? `${INERT_LINK_PREFIX}${url}` : null));
}
