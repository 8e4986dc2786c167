import { AutosaveRequestSchema } from '../../shared/contract/platform-api';
import type { AutosaveRequest } from '../../shared/contract/platform-api';
import { ClaimantJsonSchema, claimRefusedMessage } from '../../shared/contract/platform-letters';
import { ClaimantSchema, draftTitle } from '../../shared/model/letter';
import type { Claimant, Letter } from '../../shared/model/letter';
import { PUBLICATION_STATUS_LABELS, isEditableStatus } from '../../shared/model/publication';
import type { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { channelById } from '../http/access';
import { conflict, fieldErrorsFromZod, invalidData, notFound } from '../http/errors';
import { LETTER_NOT_FOUND_MESSAGE, selectLetterPlacement, toLetter } from './letter-records';
import { keepRevision } from './letter-writes';

// Autosave (spec 1 §7): the composer's blocks and title, many times a minute per editor.
// Its cost is round trips to PostgreSQL, not rows (issue 23), so the caller's access to
// the channel, the row lock and the write are one statement: a CTE locks the letter, the
// update writes it and returns the values it had. The checks run on those; a refusal
// throws, which rolls the write back. Only when no row comes back is the channel looked
// at again, to say which of channel, access or letter is missing.

export async function autosaveLetter(
  db: Db,
  userId: number,
  channelId: number,
  letterId: number,
  body: unknown,
): Promise<Letter> {
  const { request, claimant } = await checkedBody(db, userId, channelId, body);
  const letter = await db.transaction().execute(async (trx) => {
    const row = await trx
      .with('locked', (qb) =>
        selectLetterPlacement(qb)
          .select(['letters.id', 'letters.version as versionBefore', 'letters.claimant as claimantBefore'])
          .where('letters.id', '=', letterId)
          .where('letters.channelId', '=', channelId)
          .where('letters.deletedAt', 'is', null)
          .where(({ exists, selectFrom }) =>
            exists(
              selectFrom('memberships')
                .select('memberships.userId')
                .whereRef('memberships.organizationId', '=', 'channels.organizationId')
                .where('memberships.userId', '=', userId),
            ),
          )
          .forUpdate(['letters']),
      )
      .updateTable('letters')
      .from('locked')
      .set((eb) => ({
        blocks: request.blocks,
        title: request.title.trim() === '' ? draftTitle(letterId) : request.title,
        // Whoever saves last holds the claim; a save without one leaves the claim as it was.
        ...(claimant ? { claimant: toJson(claimant) } : {}),
        version: eb('locked.versionBefore', '+', 1),
        updatedAt: eb.fn('now'),
      }))
      .whereRef('letters.id', '=', 'locked.id')
      .returningAll('letters')
      .returning(['locked.channelSlug', 'locked.brandSlug', 'locked.joinedSegmentName', 'locked.versionBefore', 'locked.claimantBefore'])
      .executeTakeFirst();
    if (!row) return null;
    const { versionBefore, claimantBefore, ...record } = row;
    if (record.uniqueId !== request.uniqueId) {
      throw invalidData({ uniqueId: ['This uniqueId belongs to another letter.'] });
    }
    const stored = ClaimantSchema.safeParse(claimantBefore);
    const storedClaimant = stored.success ? stored.data : null;
    // A stale base is fine from the same claimant (a retry, or their other window); from
    // anyone else it would overwrite work they have not seen. A save naming no base (the
    // spec's payload) is refused only when someone else holds the claim.
    const sameClaimant = (storedClaimant?.uniqueId ?? null) === (claimant?.uniqueId ?? null);
    const stale = request.baseVersion === undefined ? storedClaimant !== null : request.baseVersion !== versionBefore;
    if (stale && !sameClaimant) {
      throw conflict(
        storedClaimant
          ? claimRefusedMessage(storedClaimant.name)
          : `This letter has changed since version ${request.baseVersion}; reload it before saving.`,
      );
    }
    if (!isEditableStatus(record.publicationStatus)) {
      const label = PUBLICATION_STATUS_LABELS[record.publicationStatus as PublicationStatus] ?? 'not a draft';
      throw conflict(`This letter can't be edited while it is ${label.toLowerCase()}.`);
    }
    return keepRevision(trx, toLetter(record), userId);
  });
  if (letter) return letter;
  await channelById(db, userId, channelId);
  throw notFound(LETTER_NOT_FOUND_MESSAGE);
}

/**
 * The body as autosave reads it. One that does not fit is refused only once the caller is
 * known to have access to the channel: a stranger learns nothing from its field errors.
 */
async function checkedBody(
  db: Db,
  userId: number,
  channelId: number,
  body: unknown,
): Promise<{ request: AutosaveRequest; claimant: Claimant | null }> {
  const parsed = AutosaveRequestSchema.safeParse(body);
  const claimant = parsed.success && parsed.data.claimant !== null ? ClaimantJsonSchema.safeParse(parsed.data.claimant) : null;
  if (parsed.success && (claimant === null || claimant.success)) return { request: parsed.data, claimant: claimant?.data ?? null };
  await channelById(db, userId, channelId);
  throw invalidData(parsed.success ? fieldErrorsFromZod(claimant!.error!, 'claimant') : fieldErrorsFromZod(parsed.error));
}
