import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database';
import type { BounceKind, BounceSource, Database } from '../db/schema';

// Writing down a bounce, from a DSN (bounce-listener.ts) or the ESP webhook
// (routes/bounce-webhook.ts), and what it does:
//   - the letter's email came back: letter_recipients.bounced_at (the first time kept), so
//     the letter counts it as bounced and not delivered (tracking/edition-metrics.ts);
//   - hard: the address does not work; the subscriber becomes 'bounced', which every later
//     send leaves out (delivery/audience-snapshot.ts takes active subscribers only, and a
//     send under way drops them, delivery/recipient-send.ts);
//   - soft: recorded only, unless the subscriber's last SOFT_BOUNCES_BEFORE_SUPPRESSED
//     letters all came back: then the address is treated as not working too.
// An unsubscribed subscriber stays unsubscribed (their choice says more than the bounce).

/** Consecutive letters that came back (soft) before the address is suppressed. */
export const SOFT_BOUNCES_BEFORE_SUPPRESSED = 3;

export interface BounceReport {
  source: BounceSource;
  kind: BounceKind;
  /** The address that bounced, as the report gives it; '' when it gives none. */
  email: string;
  /** The X-Letterdesk-Recipient of the email that came back: names the letter and the reader. */
  recipientToken: string | null;
  reason: string;
}

/** 'unknown': the report named no one the platform sent to, and nothing changed. */
export type BounceOutcome = 'recorded' | 'unknown';

interface BounceTarget {
  subscriberId: number;
  letterId: number | null;
  email: string;
}

const TOKEN = /^[0-9a-f]{40}$/;
const REASON_MAX = 1000;

async function targetsOf(db: Db, report: BounceReport): Promise<BounceTarget[]> {
  if (report.recipientToken !== null && TOKEN.test(report.recipientToken)) {
    const row = await db
      .selectFrom('letterRecipients')
      .select(['subscriberId', 'letterId', 'email'])
      .where('trackingToken', '=', report.recipientToken)
      .where('status', '=', 'sent')
      .executeTakeFirst();
    if (row) return [row];
  }
  // An address alone is taken only from the authenticated webhook: anyone can mail the
  // listener a report naming any address, but not one holding a reader's token.
  if (report.source !== 'webhook' || report.email.trim() === '') return [];
  const rows = await db
    .selectFrom('subscribers')
    .select(['id', 'email'])
    .where(sql<string>`lower(email)`, '=', report.email.trim().toLowerCase())
    .execute();
  return rows.map((row) => ({ subscriberId: row.id, letterId: null, email: row.email }));
}

async function softLimitReached(trx: Kysely<Database>, subscriberId: number): Promise<boolean> {
  const { rows } = await sql<{ bounced: string }>`
    SELECT count(*) AS bounced FROM (
      SELECT letter_id FROM letter_recipients
      WHERE subscriber_id = ${subscriberId} AND status = 'sent'
      ORDER BY sent_at DESC NULLS LAST, letter_id DESC
      LIMIT ${SOFT_BOUNCES_BEFORE_SUPPRESSED}
    ) latest
    WHERE EXISTS (
      SELECT 1 FROM bounce_events b WHERE b.subscriber_id = ${subscriberId} AND b.letter_id = latest.letter_id
    )`.execute(trx);
  return Number(rows[0]?.bounced ?? 0) >= SOFT_BOUNCES_BEFORE_SUPPRESSED;
}

async function applyBounce(trx: Kysely<Database>, report: BounceReport, target: BounceTarget): Promise<void> {
  const at = new Date();
  await trx
    .insertInto('bounceEvents')
    .values({
      source: report.source,
      kind: report.kind,
      email: target.email,
      letterId: target.letterId,
      subscriberId: target.subscriberId,
      reason: report.reason.slice(0, REASON_MAX),
    })
    .execute();
  if (target.letterId !== null) {
    await trx
      .updateTable('letterRecipients')
      .set({ bouncedAt: at })
      .where('letterId', '=', target.letterId)
      .where('subscriberId', '=', target.subscriberId)
      .where('bouncedAt', 'is', null)
      .execute();
  }
  const suppress = report.kind === 'hard' || (await softLimitReached(trx, target.subscriberId));
  if (!suppress) return;
  // A 'Specific emails' recipient is suppressed too: a later letter naming it leaves it out.
  await trx.updateTable('subscribers').set({ status: 'bounced' }).where('id', '=', target.subscriberId).where('status', 'in', ['active', 'recipient']).execute();
}

export async function recordBounce(db: Db, report: BounceReport): Promise<BounceOutcome> {
  const targets = await targetsOf(db, report);
  if (targets.length === 0) return 'unknown';
  await db.transaction().execute(async (trx) => {
    for (const target of targets) await applyBounce(trx, report, target);
  });
  return 'recorded';
}
