import { PUBLIC_PAGE_TEXT, publicPagePaths, withRecipientToken } from '../../shared/contract/public-pages';
import type { LinkedSubscriber } from '../audience/subscriber-links';
import { canUndoUnsubscribe } from '../audience/subscriber-links';
import { maskEmail } from './mask-email';
import { renderPublicPage } from './public-page';

// The unsubscribe link's pages: the question (GET never unsubscribes: mail clients and link
// scanners open links on their own), the confirmation with its undo, and the answers to undo.
// `token` is the sent email's recipient token the link came with (`?r=`): the forms that
// unsubscribe carry it on, so the unsubscribe is counted against that email's letter.

const text = PUBLIC_PAGE_TEXT.en;

const channelOf = (subscriber: LinkedSubscriber) => subscriber.channelName || text.unnamedChannel;

export function unsubscribeQuestionPage(subscriber: LinkedSubscriber, token: string | null = null): string {
  const channel = channelOf(subscriber);
  return renderPublicPage({
    title: text.unsubscribeTitle(channel),
    lead: text.unsubscribeLead(channel, maskEmail(subscriber.email)),
    forms: [{ action: unsubscribeAction(subscriber, token), label: text.unsubscribeButton }],
  });
}

function unsubscribeAction(subscriber: LinkedSubscriber, token: string | null): string {
  return withRecipientToken(publicPagePaths.unsubscribe(subscriber.channelSlug, subscriber.uniqueId), token);
}

/** After unsubscribing, or for one already out; undo is offered only where it may be used. */
export function unsubscribedPage(subscriber: LinkedSubscriber, token: string | null = null): string {
  const undo = canUndoUnsubscribe(subscriber)
    ? [
        {
          action: withRecipientToken(publicPagePaths.undoUnsubscribe(subscriber.channelSlug, subscriber.uniqueId), token),
          label: text.undoUnsubscribeButton,
          hint: text.undoUnsubscribeHint,
          secondary: true,
        },
      ]
    : [];
  return renderPublicPage({
    title: text.unsubscribedTitle(channelOf(subscriber)),
    lead: text.unsubscribedLead(maskEmail(subscriber.email)),
    forms: undo,
  });
}

export function resubscribedPage(subscriber: LinkedSubscriber, token: string | null = null): string {
  return renderPublicPage({
    title: text.resubscribedTitle(channelOf(subscriber)),
    lead: text.resubscribedLead(maskEmail(subscriber.email)),
    forms: [{ action: unsubscribeAction(subscriber, token), label: text.unsubscribeButton, secondary: true }],
  });
}

export function cannotResubscribePage(subscriber: LinkedSubscriber): string {
  return renderPublicPage({ title: text.cannotResubscribeTitle, lead: text.cannotResubscribeLead(channelOf(subscriber)) });
}

/** The short answer to an RFC 8058 one-click POST: a mail provider reads the status, nobody the page. */
export function oneClickAnswer(subscriber: LinkedSubscriber): string {
  return text.unsubscribedTitle(channelOf(subscriber));
}
