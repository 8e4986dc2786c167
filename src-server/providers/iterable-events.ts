import { sql } from 'kysely';
import { unsubscribeByRecipientToken } from '../audience/subscriber-links';
import { recordBounce } from '../bounces/bounce-records';
import type { Db } from '../db/database';
import { recordClick, recordOpen } from '../tracking/tracking-records';
import type { ProviderEventsRead } from './email-provider';
import { ITERABLE_EVENT_TYPES, createIterableClient } from './iterable-client';
import type { IterableEvent } from './iterable-client';
import { iterableKeyOf } from './iterable-key';
import type { IterableSettings } from './iterable-settings';

// Reading an Iterable letter's events back into the same metrics the SMTP path fills, through
// the same functions: an open is recordOpen, a click recordClick (on the stored link with the
// URL Iterable names), a bounce recordBounce, an unsubscribe unsubscribeByRecipientToken —
// each for the recipient row the send wrote down, found by address. An emailSend moves the
// reader's sent_at to Iterable's time. Each event is counted once (iterable_event_receipts):
// every read asks from a minute before the last read began, so events Iterable files late
// are not missed, and the repeats are skipped.

/** How far back each read reaches before the last one began. */
const READ_OVERLAP_MS = 60_000;

interface Reader {
  trackingToken: string;
  subscriberId: number;
}

function receiptKey(event: IterableEvent): string {
  return [event.type, event.messageId, event.createdAt.toISOString(), event.url ?? ''].join('|');
}

async function firstTime(db: Db, letterId: number, event: IterableEvent): Promise<boolean> {
  const inserted = await db
    .insertInto('iterableEventReceipts')
    .values({ letterId, eventKey: receiptKey(event) })
    .onConflict((conflict) => conflict.doNothing())
    .returning('letterId')
    .executeTakeFirst();
  return inserted !== undefined;
}

async function readerOf(db: Db, letterId: number, email: string): Promise<Reader | null> {
  const row = await db
    .selectFrom('letterRecipients')
    .select(['trackingToken', 'subscriberId'])
    .where('letterId', '=', letterId)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return row ?? null;
}

/** Counts one event; false when it names no reader or link of the letter (nothing written). */
async function countEvent(db: Db, letterId: number, event: IterableEvent): Promise<boolean> {
  const reader = await readerOf(db, letterId, event.email);
  if (!reader) return false;
  const source = { userAgent: event.userAgent ?? '', address: event.ip ?? undefined };
  switch (event.type) {
    case 'emailSend': {
      await db
        .updateTable('letterRecipients')
        .set({ sentAt: event.createdAt })
        .where('letterId', '=', letterId)
        .where('subscriberId', '=', reader.subscriberId)
        .execute();
      return true;
    }
    case 'emailOpen':
      return recordOpen(db, reader.trackingToken, source, event.createdAt);
    case 'emailClick': {
      if (!event.url) return false;
      const link = await db.selectFrom('letterLinks').select('position').where('letterId', '=', letterId).where('url', '=', event.url).executeTakeFirst();
      if (!link) return false;
      return (await recordClick(db, reader.trackingToken, link.position, source, event.createdAt)) !== null;
    }
    case 'emailBounce': {
      const kind = /soft/i.test(event.recipientState ?? '') ? 'soft' : 'hard';
      // 'webhook': the provider's own report (bounce_events.source), as the ESP webhook's are.
      const outcome = await recordBounce(db, {
        source: 'webhook',
        kind,
        email: event.email,
        recipientToken: reader.trackingToken,
        reason: `Iterable: ${event.recipientState ?? 'bounced'}`,
      });
      return outcome === 'recorded';
    }
    case 'emailUnSubscribe':
      return (await unsubscribeByRecipientToken(db, reader.trackingToken)) === 'unsubscribed';
  }
}

/** One read of an Iterable letter's events (the `iterable` provider's readEvents). */
export async function readIterableEvents(settings: IterableSettings, db: Db, letterId: number): Promise<ProviderEventsRead> {
  const send = await db
    .selectFrom('iterableSends')
    .innerJoin('letters', 'letters.id', 'iterableSends.letterId')
    .innerJoin('channels', 'channels.id', 'letters.channelId')
    .select(['iterableSends.campaignId', 'iterableSends.readTo', 'iterableSends.pollUntil', 'channels.organizationId'])
    .where('iterableSends.letterId', '=', letterId)
    .executeTakeFirst();
  if (!send || send.campaignId === null) return { counted: 0, nextReadAt: null };
  const began = new Date();
  const nextReadAt = (() => {
    const next = new Date(began.getTime() + settings.readEverySeconds * 1000);
    return send.pollUntil && next > send.pollUntil ? null : next;
  })();
  const apiKey = await iterableKeyOf(db, settings.secret, send.organizationId);
  let counted = 0;
  // Without a key (removed since the send) there is nothing to read with; the reads go on, should it come back.
  if (apiKey) {
    const client = createIterableClient({ apiKey, baseUrl: settings.apiUrl });
    const since = send.readTo ? new Date(send.readTo.getTime() - READ_OVERLAP_MS) : null;
    for (const type of ITERABLE_EVENT_TYPES) {
      const events = await client.exportEvents(type, Number(send.campaignId), since);
      // Oldest first: a reader's first open is their first, as the tracking routes see them.
      events.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
      for (const event of events) {
        if (!(await firstTime(db, letterId, event))) continue;
        if (await countEvent(db, letterId, event)) counted += 1;
      }
    }
  }
  await db
    .updateTable('iterableSends')
    .set({ nextPollAt: nextReadAt, ...(apiKey ? { readTo: began } : {}) })
    .where('letterId', '=', letterId)
    .execute();
  return { counted, nextReadAt };
}

/** Letters whose next read is due. */
export async function iterableReadsDue(db: Db, now = new Date()): Promise<number[]> {
  const rows = await db.selectFrom('iterableSends').select('letterId').where('nextPollAt', '<=', now).orderBy('nextPollAt').execute();
  return rows.map((row) => row.letterId);
}
