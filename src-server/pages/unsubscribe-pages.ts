import { PUBLIC_PAGE_TEXT } from '../../shared/contract/public-pages';
import type { LinkedSubscriber } from '../audience/subscriber-links';
import { maskEmail } from './mask-email';
import { renderPublicPage } from './public-page';

// The unsubscribe link's pages: the question (GET never unsubscribes: mail clients and link
// scanners open links on their own), the confirmation with its undo, and the answers to undo.
// Their forms post to signed links (audience/reader-links.ts) that the route makes: the
// link that brought the reader here, or the undo of their unsubscribe.

const text = PUBLIC_PAGE_TEXT.en;

const channelOf = (subscriber: LinkedSubscriber) => subscriber.channelName || text.unnamedChannel;

/** `unsubscribe`: the signed link the form posts to. */
export function unsubscribeQuestionPage(subscriber: LinkedSubscriber, unsubscribe: string): string {
  const channel = channelOf(subscriber);
  return renderPublicPage({
    title: text.unsubscribeTitle(channel),
    lead: text.unsubscribeLead(channel, maskEmail(subscriber.email)),
    forms: [{ action: unsubscribe, label: text.unsubscribeButton }],
  });
}

/** After unsubscribing, or for one already out; `undo` is the signed undo, null where none may be used. */
export function unsubscribedPage(subscriber: LinkedSubscriber, undo: string | null): string {
  return renderPublicPage({
    title: text.unsubscribedTitle(channelOf(subscriber)),
    lead: text.unsubscribedLead(maskEmail(subscriber.email)),
    forms: undo === null ? [] : [{ action: undo, label: text.undoUnsubscribeButton, hint: text.undoUnsubscribeHint, secondary: true }],
  });
}

export function resubscribedPage(subscriber: LinkedSubscriber, unsubscribe: string): string {
  return renderPublicPage({
    title: text.resubscribedTitle(channelOf(subscriber)),
    lead: text.resubscribedLead(maskEmail(subscriber.email)),
    forms: [{ action: unsubscribe, label: text.unsubscribeButton, secondary: true }],
  });
}

export function cannotResubscribePage(subscriber: LinkedSubscriber): string {
  return renderPublicPage({ title: text.cannotResubscribeTitle, lead: text.cannotResubscribeLead(channelOf(subscriber)) });
}

/** The short answer to an RFC 8058 one-click POST: a mail provider reads the status, nobody the page. */
export function oneClickAnswer(subscriber: LinkedSubscriber): string {
  return text.unsubscribedTitle(channelOf(subscriber));
}
