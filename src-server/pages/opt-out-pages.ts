import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import type { LinkedSubscriber } from '../audience/subscriber-links';
import { maskEmail } from './mask-email';
import { renderPublicPage } from './public-page';

// The behaviour opt-out link's pages: the question (GET changes nothing), then the answer
// with a way back, which works the other way round the same.

const text = PUBLIC_PAGE_TEXT.en;

const channelOf = (subscriber: LinkedSubscriber) => subscriber.channelName || text.unnamedChannel;

export function optOutQuestionPage(subscriber: LinkedSubscriber): string {
  return renderPublicPage({
    title: text.optOutTitle,
    lead: text.optOutLead(channelOf(subscriber), maskEmail(subscriber.email)),
    forms: [{ action: publicPagePaths.behaviourOptOut(subscriber.channelSlug, subscriber.uniqueId), label: text.optOutButton }],
  });
}

export function optedOutPage(subscriber: LinkedSubscriber): string {
  return renderPublicPage({
    title: text.optedOutTitle,
    lead: text.optedOutLead(channelOf(subscriber)),
    forms: [
      {
        action: publicPagePaths.undoBehaviourOptOut(subscriber.channelSlug, subscriber.uniqueId),
        label: text.undoOptOutButton,
        hint: text.undoOptOutHint,
        secondary: true,
      },
    ],
  });
}

export function optedInPage(subscriber: LinkedSubscriber): string {
  return renderPublicPage({
    title: text.optedInTitle,
    lead: text.optedInLead(channelOf(subscriber)),
    forms: [{ action: publicPagePaths.behaviourOptOut(subscriber.channelSlug, subscriber.uniqueId), label: text.optOutButton, secondary: true }],
  });
}
