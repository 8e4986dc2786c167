import type { DeliveryEvent } from '../../shared/contract/platform-delivery-events';
import { deliveryNotice } from '../../shared/model/delivery-notice';

// Native notifications for scheduled sends (a send started, finished, or stopped), from
// the core's delivery events. Clicking one opens the letter. Written against the few parts
// of Electron's Notification it uses, so tests hand it a fake.

export interface NotificationLike {
  on(event: 'click' | 'close', listener: () => void): unknown;
  show(): void;
  close(): void;
}

export interface NotificationOptions {
  title: string;
  body: string;
  /** Linux: a stopped send stays on screen until seen. */
  urgency: 'normal' | 'critical';
}

export interface DeliveryNotifierOptions {
  /** Electron's Notification.isSupported(): false on some Linux desktops. */
  isSupported: () => boolean;
  create: (options: NotificationOptions) => NotificationLike;
  /** Shows an app route in the front window (opening one when none is). */
  openRoute: (route: string) => void;
  log: (message: string, detail?: unknown) => void;
}

/** Event ids remembered to show each once (the core may repeat one after a crash). */
const REMEMBERED_EVENTS = 500;

export function createDeliveryNotifier(options: DeliveryNotifierOptions) {
  const seen = new Set<number>();
  // Electron drops a notification's click listener when the object is collected, so each
  // one is held until it is clicked or closed.
  const showing = new Set<NotificationLike>();
  /** A send's 'started' notice, taken away when its outcome arrives: the outcome says it all. */
  const startedOf = new Map<string, NotificationLike>();

  return {
    notify(event: DeliveryEvent): void {
      if (seen.has(event.id)) return;
      seen.add(event.id);
      if (seen.size > REMEMBERED_EVENTS) seen.delete(seen.values().next().value as number);
      if (!options.isSupported()) {
        options.log('Notifications are not supported here', event.kind);
        return;
      }
      const started = startedOf.get(event.letterUniqueId);
      if (started && event.kind !== 'started') {
        startedOf.delete(event.letterUniqueId);
        showing.delete(started);
        started.close();
      }
      const notice = deliveryNotice(event);
      const notification = options.create({
        title: notice.title,
        body: notice.body,
        urgency: notice.tone === 'error' ? 'critical' : 'normal',
      });
      showing.add(notification);
      if (event.kind === 'started') startedOf.set(event.letterUniqueId, notification);
      const forget = () => {
        showing.delete(notification);
        if (startedOf.get(event.letterUniqueId) === notification) startedOf.delete(event.letterUniqueId);
      };
      notification.on('click', () => {
        forget();
        options.openRoute(notice.route);
      });
      notification.on('close', forget);
      notification.show();
    },
    /** Notifications waiting for a click (tests, and a check that none leak). */
    get showing(): number {
      return showing.size;
    },
  };
}
