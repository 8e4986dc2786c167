import type { SubscriberStatus } from '../db/schema';

// Who a send goes to once its rows are written (delivery/batch-send.ts): active subscribers,
// and the 'recipient' rows a 'Specific emails' letter names (migration 0030). Which rows a
// letter gets is the audience snapshot's business; this only says who may still be sent to.

export const RECEIVING_STATUSES: readonly SubscriberStatus[] = ['active', 'recipient'];

/** Whether a written send row's reader is still sent to (not unsubscribed or bounced since). */
export function stillReceives(status: string): boolean {
  return (RECEIVING_STATUSES as readonly string[]).includes(status);
}
