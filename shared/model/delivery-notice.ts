import { letterPath } from '../app-paths';
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
}

/** A letter without a subject still needs a name in a notification. */
const UNTITLED = 'Untitled newsletter';

function subscribers(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'subscriber' : 'subscribers'}`;
}

export function deliveryNotice(event: DeliveryEvent): DeliveryNotice {
  const name = `“${event.title.trim() || UNTITLED}”`;
  const route = letterPath(event.brandSlug, event.channelSlug, event.letterUniqueId);
  switch (event.kind) {
    case 'started':
      return { title: `Sending ${name}`, body: `Your newsletter is on its way to ${subscribers(event.recipients)}.`, tone: 'info', route };
    case 'sent':
      return {
        title: `${name} has been sent`,
        body: `Delivered to ${event.delivered.toLocaleString('en-US')} of ${subscribers(event.recipients)}.`,
        tone: 'success',
        route,
      };
    case 'failed':
      return {
        title: `${name} was not sent`,
        body: `${event.message.trim() || 'The platform could not send it.'} It is back in your drafts: schedule it again when you are ready.`,
        tone: 'error',
        route,
      };
  }
}
