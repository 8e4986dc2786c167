import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PublicationStatus } from '../../shared/model/publication';
import type { Database, LetterRow } from '../db/schema';
import { nextVersion } from '../letters/letter-guards';
import { recordRevision } from '../letters/letter-writes';

// The moves only the delivery job makes (DECISIONS "Letter states the server allows"):
// scheduled 2 → publishing 5 → sending 12 → 13/14/15 → published 1, or back to draft 0 when
// a send cannot go on. They are written like every other letter write — on the letters row,
// so the change trigger puts them on GET /api/sync/changes, with one more version and a
// revision — but by no user.

const S = PublicationStatus;

/** A send has started and not finished: publishing, sending, and sending at 25/50/75 %. */
export const IN_DELIVERY_STATUSES: readonly number[] = [S.publishing, S.sending, S.sending25, S.sending50, S.sending75];

/** The sending status that says how far a send is: 13/14/15 from 25/50/75 % done. */
export function progressStatus(done: number, recipients: number): number {
  if (recipients === 0) return S.sending;
  const share = done / recipients;
  if (share >= 0.75) return S.sending75;
  if (share >= 0.5) return S.sending50;
  if (share >= 0.25) return S.sending25;
  return S.sending;
}

/** The live letter row with whether its publication time has come, locked until the transaction ends. */
export async function lockForDelivery(trx: Kysely<Database>, letterId: number) {
  const row = await trx
    .selectFrom('letters')
    .selectAll()
    .select(sql<boolean>`publication_at IS NOT NULL AND publication_at <= now()`.as('due'))
    .where('id', '=', letterId)
    .where('deletedAt', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  return row ?? null;
}

/** Moves a letter locked by lockForDelivery to `target`. */
export async function writeDeliveryStatus(trx: Kysely<Database>, row: LetterRow, target: number): Promise<void> {
  await trx
    .updateTable('letters')
    .set({ publicationStatus: target, ...nextVersion(row) })
    .where('id', '=', row.id)
    .execute();
  // No user: the delivery job wrote it.
  await recordRevision(trx, row.channelId, row.id, null);
}
