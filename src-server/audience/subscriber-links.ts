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

/** A sent email's recipient token (`?r=` on its unsubscribe link); anything else names no email. */
export function readRecipientToken(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9a-f]{40}$/.test(value) ? value : null;
}

/**
 * Counts an unsubscribe against one letter (letter_recipients.unsubscribed_at): the one whose
 * email's link was used, or — for a link that names no email of this subscriber (an email
 * sent before links carried one) — the last letter they were sent. Never every earlier one.
 */
async function attributeUnsubscribe(trx: Kysely<Database>, subscriberId: number, token: string | null, at: Date): Promise<void> {
  const sentRows = () =>
    trx.selectFrom('letterRecipients').select('letterId').where('subscriberId', '=', subscriberId).where('status', '=', 'sent');
  const named = token === null ? undefined : await sentRows().where('trackingToken', '=', token).executeTakeFirst();
  const row = named ?? (await sentRows().orderBy('sentAt', 'desc').orderBy('letterId', 'desc').limit(1).executeTakeFirst());
  if (!row) return;
  await trx
    .updateTable('letterRecipients')
    .set({ unsubscribedAt: at })
    .where('letterId', '=', row.letterId)
    .where('subscriberId', '=', subscriberId)
    .execute();
}

/**
 * Unsubscribes an active subscriber, marks it as done through the link and counts it against
 * the letter whose email it came from. An unsubscribed or bounced one is left as it is (a
 * bounce stays a bounce, the first unsubscribe keeps its letter), so a repeat is harmless.
 */
export async function unsubscribeByLink(db: Db, subscriberId: number, recipientToken: string | null = null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const at = new Date();
    const changed = await trx
      .updateTable('subscribers')
      .set({ status: 'unsubscribed', unsubscribedByLinkAt: at })
      .where('id', '=', subscriberId)
      .where('status', '=', 'active')
      .returning('id')
      .executeTakeFirst();
    if (changed) await attributeUnsubscribe(trx, subscriberId, recipientToken, at);
  });
}

/**
 * The List-Unsubscribe mailto (bounces/bounce-listener.ts): the recipient token of a sent
 * email unsubscribes its reader and counts against its letter, like the link's one-click.
 */
export async function unsubscribeByRecipientToken(db: Db, recipientToken: string): Promise<'unsubscribed' | 'unknown'> {
  const row = await db.selectFrom('letterRecipients').select('subscriberId').where('trackingToken', '=', recipientToken).where('status', '=', 'sent').executeTakeFirst();
  if (!row) return 'unknown';
  await unsubscribeByLink(db, row.subscriberId, recipientToken);
  return 'unsubscribed';
}

/** Whether the page may undo this subscriber's unsubscribe: only one made through the link. */
export function canUndoUnsubscribe(subscriber: Pick<LinkedSubscriber, 'status' | 'unsubscribedByLinkAt'>): boolean {
  return subscriber.status === 'unsubscribed' && subscriber.unsubscribedByLinkAt !== null;
}

/**
 * Makes an unsubscribe done through the link undone, and takes it off the letter it was
 * counted against. Returns false when the subscriber is neither active nor unsubscribed by
 * the link (a bounce, or the publisher's own unsubscribe).
 */
export async function undoUnsubscribeByLink(db: Db, subscriberId: number): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom('subscribers').select('unsubscribedByLinkAt').where('id', '=', subscriberId).forUpdate().executeTakeFirst();
    const row = await trx
      .updateTable('subscribers')
      .set({ status: 'active', unsubscribedByLinkAt: null })
      .where('id', '=', subscriberId)
      .where((eb) =>
        eb.or([eb('status', '=', 'active'), eb.and([eb('status', '=', 'unsubscribed'), eb('unsubscribedByLinkAt', 'is not', null)])]),
      )
      .returning('id')
      .executeTakeFirst();
    if (!row) return false;
    const at = before?.unsubscribedByLinkAt ?? null;
    if (at !== null) {
      await trx
        .updateTable('letterRecipients')
        .set({ unsubscribedAt: null })
        .where('subscriberId', '=', subscriberId)
        .where('unsubscribedAt', '=', at)
        .execute();
    }
    return true;
  });
}

export async function setBehaviourOptOut(db: Db, subscriberId: number, optedOut: boolean): Promise<void> {
  await db.updateTable('subscribers').set({ behaviourOptOut: optedOut }).where('id', '=', subscriberId).execute();
}
