import { sql } from 'kysely';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { IN_DELIVERY_STATUSES } from '../delivery/delivery-status-writes';

// Scheduled sends in tests, without waiting for their publication time: move the instant
// the scheduler reads into the past, then wait for the jobs to finish the sends.

const POLL_MS = 100;
export const DELIVERY_WAIT_MS = 20_000;

/**
 * Moves the publication instant of every scheduled letter (or of `letterIds`) to a second
 * ago — the instant only: the wall-clock publicationDate and the version stay as they are.
 * Answers the letters it moved and those asked for.
 */
export async function makeScheduledLettersDue(db: Db, letterIds?: number[]): Promise<number[]> {
  const chosen = letterIds && letterIds.length > 0 ? letterIds : null;
  const { rows } = await sql<{ id: number }>`
    UPDATE letters SET publication_at = date_trunc('second', now()) - interval '1 second'
    WHERE publication_status = ${PublicationStatus.scheduled} AND deleted_at IS NULL
      ${chosen ? sql`AND id IN (${sql.join(chosen)})` : sql``}
    RETURNING id`.execute(db);
  return [...new Set([...(chosen ?? []), ...rows.map((row) => row.id)])];
}

/** Resolves once none of the letters is scheduled, publishing or sending; throws after `timeoutMs`. */
export async function waitUntilDelivered(db: Db, letterIds: number[], timeoutMs = DELIVERY_WAIT_MS): Promise<void> {
  if (letterIds.length === 0) return;
  const waiting = [PublicationStatus.scheduled, ...IN_DELIVERY_STATUSES];
  const giveUpAt = Date.now() + timeoutMs;
  for (;;) {
    const busy = await db
      .selectFrom('letters')
      .select(['id', 'publicationStatus'])
      .where('id', 'in', letterIds)
      .where('publicationStatus', 'in', waiting)
      .execute();
    if (busy.length === 0) return;
    if (Date.now() > giveUpAt) {
      const list = busy.map((row) => `${row.id} (status ${row.publicationStatus})`).join(', ');
      throw new Error(`Letters ${list} were still not delivered after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
