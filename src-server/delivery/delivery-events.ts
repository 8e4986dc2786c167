import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { DeliveryEvent, DeliveryEventsResponse } from '../../shared/contract/platform-delivery-events';
import type { Db } from '../db/database';
import { feedCursor, parseFeedCursor } from '../db/feed-cursor';
import type { Database, DeliveryEventKind } from '../db/schema';

// Delivery events: written by the delivery job in the transaction that makes the move they
// announce, read by the desktop app a page at a time from a cursor. The fence is the
// letters feed's (migration 0002, letters/letter-changes.ts): a row is handed out only once
// every older transaction has finished, so a cursor never passes one still to commit.

export interface NewDeliveryEvent {
  letterId: number;
  kind: DeliveryEventKind;
  title: string;
  recipients: number;
  delivered: number;
  message?: string;
}

export async function recordDeliveryEvent(trx: Kysely<Database>, event: NewDeliveryEvent): Promise<void> {
  await trx
    .insertInto('deliveryEvents')
    .values({
      letterId: event.letterId,
      kind: event.kind,
      title: event.title,
      recipients: event.recipients,
      delivered: event.delivered,
      message: event.message ?? '',
    })
    .execute();
}

/** The events of letters in brands the user belongs to. */
function visibleEvents(db: Db, userId: number) {
  return db
    .selectFrom('deliveryEvents')
    .innerJoin('letters', 'letters.id', 'deliveryEvents.letterId')
    .innerJoin('channels', 'channels.id', 'letters.channelId')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', userId),
    )
    // pg_current_snapshot() is this statement's snapshot: the rows it can see and the fence agree.
    .where(sql<boolean>`delivery_events.change_xid < pg_snapshot_xmin(pg_current_snapshot())`);
}

/**
 * Where a reader who wants only what happens from now on starts: past the last event it
 * could be handed today. An event of a transaction still running then comes later, so
 * nothing that happens after 'now' is missed.
 */
async function currentCursor(db: Db, userId: number): Promise<string> {
  const last = await visibleEvents(db, userId)
    .select(['deliveryEvents.id', 'deliveryEvents.changeXid'])
    .orderBy('deliveryEvents.changeXid', 'desc')
    .orderBy('deliveryEvents.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return last ? feedCursor(last.changeXid, last.id) : '0';
}

export async function deliveryEventsSince(
  db: Db,
  userId: number,
  since: string,
  limit: number,
): Promise<DeliveryEventsResponse> {
  if (since === 'now') return { items: [], cursor: await currentCursor(db, userId), hasMore: false };
  const { xid, position } = parseFeedCursor(since);
  const rows = await visibleEvents(db, userId)
    .select([
      'deliveryEvents.id',
      'deliveryEvents.changeXid',
      'deliveryEvents.kind',
      'deliveryEvents.letterId',
      'deliveryEvents.title',
      'deliveryEvents.recipients',
      'deliveryEvents.delivered',
      'deliveryEvents.message',
      'deliveryEvents.createdAt',
      'letters.uniqueId as letterUniqueId',
      'letters.channelId',
      'channels.slug as channelSlug',
      'organizations.slug as brandSlug',
    ])
    .where(sql<boolean>`(delivery_events.change_xid, delivery_events.id) > (${xid}::xid8, ${position}::bigint)`)
    .orderBy('deliveryEvents.changeXid')
    .orderBy('deliveryEvents.id')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const items: DeliveryEvent[] = page.map((row) => ({
    id: Number(row.id),
    kind: row.kind,
    letterId: row.letterId,
    letterUniqueId: row.letterUniqueId,
    channelId: row.channelId,
    channelSlug: row.channelSlug,
    brandSlug: row.brandSlug,
    title: row.title,
    recipients: row.recipients,
    delivered: row.delivered,
    message: row.message,
    at: row.createdAt.toISOString(),
  }));
  return { items, cursor: last ? feedCursor(last.changeXid, last.id) : since, hasMore: rows.length > limit };
}
