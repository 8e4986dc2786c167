import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { ClaimantSchema } from '../../shared/model/letter';
import type { Claimant } from '../../shared/model/letter';
import { isEditableStatus, areSettingsEditable, publicationStatusLabel } from '../../shared/model/publication';
import type { Database, LetterRow } from '../db/schema';
import { conflict, invalidData, notFound } from '../http/errors';
import { LETTER_NOT_FOUND_MESSAGE } from './letter-records';
import { canChangeStatus, transitionRefusedMessage } from './status-transitions';
import { claimRefusedMessage } from '../../shared/contract/platform-letters';

// The checks every letter write makes before it changes anything, on a row locked for the
// rest of the transaction, so two writers cannot both pass a check and then both write.

export type LetterRef = { id: number } | { uniqueId: string };

/** The live (not deleted) letter in one of `channelIds`, locked until the transaction ends. */
export async function lockLetter(trx: Kysely<Database>, channelIds: readonly number[], ref: LetterRef): Promise<LetterRow> {
  let query = trx
    .selectFrom('letters')
    .selectAll()
    .where('channelId', 'in', channelIds.length > 0 ? [...channelIds] : [-1])
    .where('deletedAt', 'is', null);
  query = 'id' in ref ? query.where('id', '=', ref.id) : query.where('uniqueId', '=', ref.uniqueId);
  const row = await query.forUpdate().executeTakeFirst();
  if (!row) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  return row;
}

export function heldClaimant(row: Pick<LetterRow, 'claimant'>): Claimant | null {
  const parsed = ClaimantSchema.safeParse(row.claimant);
  return parsed.success ? parsed.data : null;
}

export function assertSameLetter(row: LetterRow, uniqueId: string): void {
  if (row.uniqueId !== uniqueId) throw invalidData({ uniqueId: ['This uniqueId belongs to another letter.'] });
}

/**
 * As autosave: a stale base is fine from the claimant who holds the letter (a retry, or
 * their other window); from anyone else it would overwrite work they have not seen.
 * Writes that send no base version are not checked.
 */
export function assertBaseVersion(row: LetterRow, baseVersion: number | undefined, claimant: Claimant | null | undefined): void {
  if (baseVersion === undefined || baseVersion === row.version) return;
  const holder = heldClaimant(row);
  if ((holder?.uniqueId ?? null) === (claimant?.uniqueId ?? null)) return;
  throw conflict(
    holder
      ? claimRefusedMessage(holder.name)
      : `This letter has changed since version ${baseVersion}; reload it before saving.`,
  );
}

export function assertEditable(row: LetterRow): void {
  if (!isEditableStatus(row.publicationStatus)) throw stateConflict(row, 'edited');
}

export function assertSettingsEditable(row: LetterRow): void {
  if (!areSettingsEditable(row.publicationStatus)) throw stateConflict(row, 'edited');
}

export function stateConflict(row: LetterRow, action: string) {
  // "while its status is Schedule" reads right for every status; "while it is schedule" would not.
  return conflict(`This letter can't be ${action} while its status is ${publicationStatusLabel(row.publicationStatus)}.`);
}

export function assertTransition(from: number, to: number): void {
  if (!canChangeStatus(from, to)) throw conflict(transitionRefusedMessage(from, to));
}

/** The columns every write sets besides its own: one more version, a fresh updatedAt. */
export function nextVersion(row: LetterRow) {
  return { version: row.version + 1, updatedAt: sql<Date>`now()` };
}
