import { describe, expect, it } from 'vitest';
import type { DeliveryEvent } from '../../shared/contract/platform-delivery-events';
import { createDeliveryNotifier, type NotificationLike, type NotificationOptions } from './delivery-notifications';

class FakeNotification implements NotificationLike {
  readonly listeners = new Map<string, () => void>();
  shown = false;
  closed = false;
  constructor(readonly options: NotificationOptions) {}
  on(event: 'click' | 'close', listener: () => void) {
    this.listeners.set(event, listener);
    return this;
  }
  show() {
    this.shown = true;
  }
  close() {
    this.closed = true;
  }
}

function event(overrides: Partial<DeliveryEvent> = {}): DeliveryEvent {
  return {
    id: 1,
    kind: 'started',
    letterId: 7,
    letterUniqueId: 'abc123',
    channelId: 2,
    channelSlug: 'weekly',
    brandSlug: 'demo',
    title: 'Spring issue',
    recipients: 1200,
    delivered: 0,
    message: '',
    at: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

function setup(supported = true) {
  const created: FakeNotification[] = [];
  const opened: string[] = [];
  const logged: string[] = [];
  const notifier = createDeliveryNotifier({
    isSupported: () => supported,
    create: (options) => {
      const notification = new FakeNotification(options);
      created.push(notification);
      return notification;
    },
    openRoute: (route) => opened.push(route),
    log: (message) => logged.push(message),
  });
  return { notifier, created, opened, logged };
}

describe('delivery notifications', () => {
  it('shows a send starting with its audience, and clicking it opens the letter', () => {
    const { notifier, created, opened } = setup();
    notifier.notify(event());
    expect(created).toHaveLength(1);
    const [shown] = created;
    expect(shown?.shown).toBe(true);
    expect(shown?.options).toEqual({
      title: 'Sending “Spring issue”',
      body: 'Your newsletter is on its way to 1,200 subscribers.',
      urgency: 'normal',
    });
    expect(notifier.showing).toBe(1);
    shown?.listeners.get('click')?.();
    expect(opened).toEqual(['/organizations/demo/channels/weekly/newsletters/abc123']);
    expect(notifier.showing).toBe(0);
  });

  it('says a finished send was delivered, and a stopped one why, urgently', () => {
    const { notifier, created } = setup();
    notifier.notify(event({ id: 2, kind: 'sent', delivered: 1199 }));
    notifier.notify(event({ id: 3, kind: 'failed', title: '', delivered: 40, message: 'Sending stopped after 40 of 1,200 emails: 421 Try later.' }));
    expect(created.map((n) => n.options)).toEqual([
      { title: '“Spring issue” has been sent', body: 'Delivered to 1,199 of 1,200 subscribers.', urgency: 'normal' },
      {
        title: '“Untitled newsletter” was not sent',
        body: 'Sending stopped after 40 of 1,200 emails: 421 Try later. It is back in your drafts: schedule it again when you are ready.',
        urgency: 'critical',
      },
    ]);
  });

  it('takes a send’s “Sending” notice away when its outcome arrives', () => {
    const { notifier, created } = setup();
    notifier.notify(event({ id: 20, letterUniqueId: 'one' }));
    notifier.notify(event({ id: 21, letterUniqueId: 'two' }));
    notifier.notify(event({ id: 22, letterUniqueId: 'one', kind: 'sent', delivered: 1200 }));
    expect(created.map((n) => n.closed)).toEqual([true, false, false]);
    expect(notifier.showing).toBe(2);
    notifier.notify(event({ id: 23, letterUniqueId: 'two', kind: 'failed', message: 'Sending stopped.' }));
    expect(created.map((n) => n.closed)).toEqual([true, true, false, false]);
  });

  it('shows an event once even when the core repeats it, and lets closed ones go', () => {
    const { notifier, created } = setup();
    notifier.notify(event({ id: 9 }));
    notifier.notify(event({ id: 9 }));
    expect(created).toHaveLength(1);
    created[0]?.listeners.get('close')?.();
    expect(notifier.showing).toBe(0);
  });

  it('logs instead of failing where the desktop has no notifications', () => {
    const { notifier, created, logged } = setup(false);
    notifier.notify(event());
    expect(created).toHaveLength(0);
    expect(logged).toEqual(['Notifications are not supported here']);
  });

  it('counts one subscriber in the singular', () => {
    const { notifier, created } = setup();
    notifier.notify(event({ id: 4, recipients: 1 }));
    expect(created[0]?.options.body).toBe('Your newsletter is on its way to 1 subscriber.');
  });
});
