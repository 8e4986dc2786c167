import { sql } from 'kysely';
import type { Db } from '../db/database';
import { letterLinkUrl } from './letter-links';
import { isConfirmedOpen } from './open-classification';

// Writing down opens and clicks as the public tracking routes see them. A token names one
// recipient of one letter; only a recipient the mail server took the email for (status
// 'sent') can open or click, so a token of a refused or still waiting row records nothing.

/** Tokens are 40 hex digits (migration 0009); anything much longer names nothing. */
const TOKEN = /^[0-9a-f]{16,64}$/;

interface TrackedRecipient {
  letterId: number;
  subscriberId: number;
  sentAt: Date | null;
}

async function recipientByToken(db: Db, token: string): Promise<TrackedRecipient | null> {
  if (!TOKEN.test(token)) return null;
  const row = await db
    .selectFrom('letterRecipients')
    .select(['letterId', 'subscriberId', 'sentAt'])
    .where('trackingToken', '=', token)
    .where('status', '=', 'sent')
    .executeTakeFirst();
  return row ?? null;
}

/** Records one load of the open pixel; false when the token names no one (nothing written). */
export async function recordOpen(db: Db, token: string, userAgent: string, openedAt = new Date()): Promise<boolean> {
  const recipient = await recipientByToken(db, token);
  if (!recipient) return false;
  await db
    .insertInto('recipientOpens')
    .values({
      letterId: recipient.letterId,
      subscriberId: recipient.subscriberId,
      openedAt,
      confirmed: isConfirmedOpen(userAgent, openedAt, recipient.sentAt),
      userAgent,
    })
    .execute();
  return true;
}

/** Where a tracked link leads, and whose it is; null for an unknown token or position. */
export interface ClickTarget extends TrackedRecipient {
  position: number;
  url: string;
}

export async function findClickTarget(db: Db, token: string, position: number): Promise<ClickTarget | null> {
  const recipient = await recipientByToken(db, token);
  if (!recipient) return null;
  const url = await letterLinkUrl(db, recipient.letterId, position);
  return url === null ? null : { ...recipient, position, url };
}

/**
 * Records a click. A reader who clicked has read the email, so a click that passes for a
 * reader's own (the rules of an open: not a scanner, not at once) also writes a confirmed
 * open when the reader has none: their open pixel may have been blocked.
 */
export async function recordClick(db: Db, target: ClickTarget, userAgent: string, clickedAt = new Date()): Promise<void> {
  const { letterId, subscriberId } = target;
  await db.transaction().execute(async (trx) => {
    await trx.insertInto('recipientClicks').values({ letterId, subscriberId, position: target.position, clickedAt }).execute();
    if (!isConfirmedOpen(userAgent, clickedAt, target.sentAt)) return;
    await sql`
      INSERT INTO recipient_opens (letter_id, subscriber_id, opened_at, confirmed, user_agent)
      SELECT ${letterId}, ${subscriberId}, ${clickedAt}, true, ${userAgent}
      WHERE NOT EXISTS (
        SELECT 1 FROM recipient_opens
        WHERE letter_id = ${letterId} AND subscriber_id = ${subscriberId} AND confirmed
      )`.execute(trx);
  });
}
