import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Db } from '../db/database';
import type { Database, SubscriberStatus } from '../db/schema';

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
 * How long an unsubscribe made through a link can be undone from its page. The undo brings
 * a reader back onto the list without the publisher, so it is meant for a click made by
 * mistake, not as a standing way back in; after this the publisher is asked.
 */
export const UNSUBSCRIBE_UNDO_WINDOW_MS = 30 * 24 * 60 * 60 * 1000;

/** Counts an unsubscribe against the letter whose email's link (or List-Unsubscribe) was used. */
async function attributeUnsubscribe(trx: Kysely<Database>, subscriberId: number, letterId: number, at: Date): Promise<void> {
  await trx
    .updateTable('letterRecipients')
    .set({ unsubscribedAt: at })
    .where('letterId', '=', letterId)
    .where('subscriberId', '=', subscriberId)
    .where('status', '=', 'sent')
    .execute();
}

/**
 * Unsubscribes an active subscriber, marks it as done through the link and counts it against
 * the letter whose email it came from. An unsubscribed or bounced one is left as it is (a
 * bounce stays a bounce, the first unsubscribe keeps its letter), so a repeat is harmless.
 * A 'Specific emails' recipient (never subscribed) is suppressed for the channel the same
 * way, without the undo: there is no subscription to go back to.
 */
export async function unsubscribeByLink(db: Db, subscriberId: number, letterId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const at = new Date();
    const changed = await trx
      .updateTable('subscribers')
      // Only a subscriber's unsubscribe is marked as made through the link: that mark offers the undo.
      .set({ status: 'unsubscribed', unsubscribedByLinkAt: sql<Date | null>`CASE WHEN status = 'active' THEN ${at}::timestamptz END` })
      .where('id', '=', subscriberId)
      .where('status', 'in', ['active', 'recipient'])
      .returning('id')
      .executeTakeFirst();
    if (changed) await attributeUnsubscribe(trx, subscriberId, letterId, at);
  });
}

/**
 * The List-Unsubscribe mailto (bounces/bounce-listener.ts): the recipient token of a sent
 * email unsubscribes its reader and counts against its letter, like the link's one-click.
 */
export async function unsubscribeByRecipientToken(db: Db, recipientToken: string): Promise<'unsubscribed' | 'unknown'> {
  const row = await db
    .selectFrom('letterRecipients')
    .select(['subscriberId', 'letterId'])
    .where('trackingToken', '=', recipientToken)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  if (!row) return 'unknown';
  await unsubscribeByLink(db, row.subscriberId, row.letterId);
  return 'unsubscribed';
}

/** Whether the page may still undo this subscriber's unsubscribe: one made through a link, within the window. */
export function canUndoUnsubscribe(subscriber: Pick<LinkedSubscriber, 'status' | 'unsubscribedByLinkAt'>, now = new Date()): boolean {
  const at = subscriber.unsubscribedByLinkAt;
  return subscriber.status === 'unsubscribed' && at !== null && now.getTime() - at.getTime() <= UNSUBSCRIBE_UNDO_WINDOW_MS;
}

/**
 * Undoes the unsubscribe made through a link at `unsubscribedAt` (the one whose undo link was
 * signed), and takes it off the letter it was counted against. Returns false when that
 * unsubscribe is no longer the subscriber's state (undone already, or a later change).
 */
export async function undoUnsubscribeByLink(db: Db, subscriberId: number, unsubscribedAt: Date): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('subscribers')
      .set({ status: 'active', unsubscribedByLinkAt: null })
      .where('id', '=', subscriberId)
      .where('status', '=', 'unsubscribed')
      .where('unsubscribedByLinkAt', '=', unsubscribedAt)
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    await trx
      .updateTable('letterRecipients')
      .set({ unsubscribedAt: null })
      .where('subscriberId', '=', subscriberId)
      .where('unsubscribedAt', '=', unsubscribedAt)
      .execute();
    return true;
  });
}

export async function setBehaviourOptOut(db: Db, subscriberId: number, optedOut: boolean): Promise<void> {
  await db.updateTable('subscribers').set({ behaviourOptOut: optedOut }).where('id', '=', subscriberId).execute();
}
