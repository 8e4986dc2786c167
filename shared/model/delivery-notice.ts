import { letterPath, localMailboxPath } from '../app-paths';
import type { DeliveryEvent } from '../contract/platform-delivery-events';

// What the editor is told when a scheduled send starts, finishes or stops: the same words
// in a native notification (Electron) and in the app's own toast (the browser host). The
// route opens the letter, where its status and (later) its report are.

export interface DeliveryNotice {
  title: string;
  body: string;
  /** 'failed' needs the editor; the others are news. */
  tone: 'info' | 'success' | 'error';
  route: string;
  /** What following `route` does, as a link's words. */
  routeLabel: string;
}

/** A delivery event as the core hands it on: with whether the emails stayed in the platform's local mailbox, when known. */
export type DeliveryNoticeEvent = DeliveryEvent & { keptInLocalMailbox?: boolean | undefined };

/** A letter without a subject still needs a name in a notification. */
const UNTITLED = 'Untitled newsletter';

function subscribers(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`;
}

/**
 * The notice for one event. Where the platform has no mail server the emails are kept in
 * its local mailbox: the notice says so, rather than 'sent', and leads there.
 */
export function deliveryNotice(event: DeliveryNoticeEvent): DeliveryNotice {
  const name = `“${event.title.trim() || UNTITLED}”`;
  const letter = { route: letterPath(event.brandSlug, event.channelSlug, event.letterUniqueId), routeLabel: 'Open the newsletter' };
  const mailbox = { route: localMailboxPath, routeLabel: 'Open the local mailbox' };
  const kept = event.keptInLocalMailbox === true;
  switch (event.kind) {
    case 'started':
      return kept
        ? {
            title: `Sending ${name} to the local mailbox`,
            body: `The platform has no mail server set up, so the emails for ${subscribers(event.recipients)} are kept in its local mailbox.`,
            tone: 'info',
            ...letter,
          }
        : { title: `Sending ${name}`, body: `Your newsletter is on its way to ${subscribers(event.recipients)}.`, tone: 'info', ...letter };
    case 'sent':
      return kept
        ? {
            title: `${name} was kept in the local mailbox`,
            body: `Nothing left the machine: the platform has no mail server set up, so the ${event.delivered.toLocaleString('en-US')} emails for ${subscribers(event.recipients)} are in its local mailbox.`,
            tone: 'success',
            ...mailbox,
          }
        : {
            title: `${name} has been sent`,
            body: `Delivered to ${event.delivered.toLocaleString('en-US')} of ${subscribers(event.recipients)}.`,
            tone: 'success',
            ...letter,
          };
    case 'failed':
      return {
        title: `${name} was not sent`,
        body: `${event.message.trim() || 'The platform could not send it.'} It is back in your drafts: schedule it again when you are ready.`,
        tone: 'error',
        ...letter,
      };
  }
}
