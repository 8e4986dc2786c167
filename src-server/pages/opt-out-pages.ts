import { PUBLIC_PAGE_TEXT } from '../../shared/contract/public-pages';
import type { LinkedSubscriber } from '../audience/subscriber-links';
import { maskEmail } from './mask-email';
import { renderPublicPage } from './public-page';

// The behaviour opt-out link's pages: the question (GET changes nothing), then the answer
// with a way back, which works the other way round the same. The forms post to the signed
// links (audience/reader-links.ts) the route passes.

const text = PUBLIC_PAGE_TEXT.en;

const channelOf = (subscriber: LinkedSubscriber) => subscriber.channelName || text.unnamedChannel;

/** The signed opt-out and its way back. */
export interface OptOutActions {
  optOut: string;
  undo: string;
}

export function optOutQuestionPage(subscriber: LinkedSubscriber, actions: OptOutActions): string {
  return renderPublicPage({
    title: text.optOutTitle,
    lead: text.optOutLead(channelOf(subscriber), maskEmail(subscriber.email)),
    forms: [{ action: actions.optOut, label: text.optOutButton }],
  });
}

export function optedOutPage(subscriber: LinkedSubscriber, actions: OptOutActions): string {
  return renderPublicPage({
    title: text.optedOutTitle,
    lead: text.optedOutLead(channelOf(subscriber)),
    forms: [{ action: actions.undo, label: text.undoOptOutButton, hint: text.undoOptOutHint, secondary: true }],
  });
}

export function optedInPage(subscriber: LinkedSubscriber, actions: OptOutActions): string {
  return renderPublicPage({
    title: text.optedInTitle,
    lead: text.optedInLead(channelOf(subscriber)),
    forms: [{ action: actions.optOut, label: text.optOutButton, secondary: true }],
  });
}
