import { z } from 'zod';
import type { Db } from '../db/database';
import type { SubscriberStatus } from '../db/schema';

// The subscriber a footer link names: `/{page}/{channelSlug}/{subscriberUniqueId}`.
// Channel slugs repeat across brands, so the subscriber is found by its unique id and the
// slug must be its own channel's. Anything else names nobody, and every such link gets the
// same answer, so a page never tells whether an id or a channel exists.

export interface LinkedSubscriber {
  id: number;
  uniqueId: string;
  email: string;
  status: SubscriberStatus;
  behaviourOptOut: boolean;
  unsubscribedByLinkAt: Date | null;
  channelSlug: string;
  /** The channel's display name, as the footer shows it; '' when it has none. */
  channelName: string;
}

export const SubscriberLinkParams = z.object({
  channelSlug: z.string().min(1).max(200),
  // Subscribers get UUIDs; any id the platform could have made fits here, and a lookup
  // for something else (a huge or odd string) is not worth a query.
  uniqueId: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/),
});

export async function subscriberForLink(db: Db, params: unknown): Promise<LinkedSubscriber | null> {
  const parsed = SubscriberLinkParams.safeParse(params);
  if (!parsed.success) return null;
  const { channelSlug, uniqueId } = parsed.data;
  const row = await db
    .selectFrom('subscribers')
    .innerJoin('channels', 'channels.id', 'subscribers.channelId')
    .select([
      'subscribers.id',
      'subscribers.uniqueId',
      'subscribers.email',
      'subscribers.status',
      'subscribers.behaviourOptOut',
      'subscribers.unsubscribedByLinkAt',
      'channels.slug as channelSlug',
      'channels.channelName',
      'channels.title',
    ])
    .where('subscribers.uniqueId', '=', uniqueId)
    .executeTakeFirst();
  if (!row || row.channelSlug !== channelSlug) return null;
  const { title, channelName, ...subscriber } = row;
  return { ...subscriber, channelName: channelName.trim() || title.trim() };
}

/**
 * Unsubscribes an active subscriber and marks it as done through the link. An unsubscribed
 * or bounced one is left as it is (a bounce stays a bounce), so a repeat is harmless.
 */
export async function unsubscribeByLink(db: Db, subscriberId: number): Promise<void> {
  await db
    .updateTable('subscribers')
    .set({ status: 'unsubscribed', unsubscribedByLinkAt: new Date() })
    .where('id', '=', subscriberId)
    .where('status', '=', 'active')
    .execute();
}

/** Whether the page may undo this subscriber's unsubscribe: only one made through the link. */
export function canUndoUnsubscribe(subscriber: Pick<LinkedSubscriber, 'status' | 'unsubscribedByLinkAt'>): boolean {
  return subscriber.status === 'unsubscribed' && subscriber.unsubscribedByLinkAt !== null;
}

/**
 * Makes an unsubscribe done through the link undone. Returns false when the subscriber is
 * neither active nor unsubscribed by the link (a bounce, or the publisher's own unsubscribe).
 */
export async function undoUnsubscribeByLink(db: Db, subscriberId: number): Promise<boolean> {
  const row = await db
    .updateTable('subscribers')
    .set({ status: 'active', unsubscribedByLinkAt: null })
    .where('id', '=', subscriberId)
    .where((eb) =>
      eb.or([eb('status', '=', 'active'), eb.and([eb('status', '=', 'unsubscribed'), eb('unsubscribedByLinkAt', 'is not', null)])]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function setBehaviourOptOut(db: Db, subscriberId: number, optedOut: boolean): Promise<void> {
  await db.updateTable('subscribers').set({ behaviourOptOut: optedOut }).where('id', '=', subscriberId).execute();
}
