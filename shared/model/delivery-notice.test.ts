import { describe, expect, it } from 'vitest';
import type { DeliveryEvent } from '../contract/platform-delivery-events';
import { deliveryNotice } from './delivery-notice';

const sent: DeliveryEvent = {
  id: 7,
  kind: 'sent',
  letterId: 3,
  letterUniqueId: 'u-3',
  channelId: 1,
  channelSlug: 'weekly',
  brandSlug: 'demo',
  title: 'Harvest notes',
  recipients: 2,
  delivered: 2,
  message: '',
  at: '2026-01-01T00:00:00.000Z',
};

describe('delivery notices', () => {
  it('says a send was delivered when the platform has a mail server, and leads to the letter', () => {
    const notice = deliveryNotice({ ...sent, keptInLocalMailbox: false });
    expect(notice.title).toBe('“Harvest notes” has been sent');
    expect(notice.body).toBe('Delivered to 2 of 2 subscribers.');
    expect(notice).toMatchObject({ route: '/organizations/demo/channels/weekly/newsletters/u-3', routeLabel: 'Open the newsletter' });
  });

  it('says the emails were kept in the local mailbox when nothing left the machine, and leads there', () => {
    const notice = deliveryNotice({ ...sent, keptInLocalMailbox: true });
    expect(notice.title).toBe('“Harvest notes” was kept in the local mailbox');
    expect(notice.body).toContain('Nothing left the machine');
    expect(notice.body).not.toMatch(/delivered/i);
    expect(notice).toMatchObject({ route: '/local-mailbox', routeLabel: 'Open the local mailbox' });
    expect(deliveryNotice({ ...sent, kind: 'started', keptInLocalMailbox: true }).title).toBe('Sending “Harvest notes” to the local mailbox');
  });
});
