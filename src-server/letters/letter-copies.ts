import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { notFound } from '../http/errors';
import { LETTER_NOT_FOUND_MESSAGE, selectLetters, toLetter } from './letter-records';
import { recordRevision, segmentBelongsTo } from './letter-writes';
import { lockLetter, nextVersion, stateConflict } from './letter-guards';

// Cloning (spec 1 §4 "Cloning") and deleting letters.

/**
 * A copy titled 'Copy of {title}' in `target`, with the chosen status, no publication
 * date, a new uniqueId and its own history from version 1. The source may be in any
 * channel the caller can read.
 */
export async function cloneLetter(db: Db, userId: number, sourceId: number, target: ChannelRow, status: number): Promise<Letter> {
  const source = await selectLetters(db)
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', userId),
    )
    .where('letters.id', '=', sourceId)
    .where('letters.deletedAt', 'is', null)
    .executeTakeFirst();
  if (!source) throw notFound(LETTER_NOT_FOUND_MESSAGE);
  // An audience of another channel means nothing in the target; the built-in ones do.
  const segmentId = (await segmentBelongsTo(db, source.segmentId, target.id)) ? source.segmentId : null;
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('letters')
      .values({
        uniqueId: randomUUID(),
        channelId: target.id,
        version: 1,
        title: `Copy of ${source.title}`,
        subtitle: source.subtitle,
        subjectB: source.subjectB,
        hasAbTest: source.hasAbTest,
        blocks: source.blocks,
        delta: toJson(source.delta),
        authors: toJson(source.authors),
        settings: toJson(source.settings),
        publicationStatus: status,
        publicationDate: null,
        publicationDateTzCode: target.timezone,
        publicationAt: null,
        publicationEvent: source.publicationEvent,
        segmentId,
        esp: target.esp,
        emailTemplate: source.emailTemplate,
        copyRendered: source.copyRendered,
        includePromotions: source.includePromotions,
        private: source.private,
        insights: source.insights === null ? null : toJson(source.insights),
        openGraphHeadline: source.openGraphHeadline,
        openGraphDescription: source.openGraphDescription,
        openGraphImageUrl: source.openGraphImageUrl,
        abTestMetrics: null,
        utmEnabled: source.utmEnabled,
        utms: toJson(source.utms),
        automationUniqueId: null,
        updatePreviewText: source.updatePreviewText,
        claimant: null,
        createdByUserId: userId,
        updatedAt: sql<Date>`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return recordRevision(trx, target.id, id, userId);
  });
}

/** Letters on their way out: deleting one would leave a delivery without its letter. */
const DELIVERY_STATUSES: readonly number[] = [
  PublicationStatus.publishing,
  PublicationStatus.sending,
  PublicationStatus.sending25,
  PublicationStatus.sending50,
  PublicationStatus.sending75,
];

/**
 * A soft delete: the letter vanishes from lists, reads and writes, but its row stays for
 * its revisions (which never cascade) and for the sync feed's tombstone. The deletion is
 * a version of its own, kept as a revision like every other write.
 */
export async function deleteLetter(db: Db, channelId: number, letterId: number, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await lockLetter(trx, [channelId], { id: letterId });
    if (DELIVERY_STATUSES.includes(row.publicationStatus)) throw stateConflict(row, 'deleted');
    await trx
      .updateTable('letters')
      .set({ deletedAt: sql<Date>`now()`, claimedAt: null, ...nextVersion(row) })
      .where('id', '=', row.id)
      .execute();
    const record = await selectLetters(trx).where('letters.id', '=', row.id).executeTakeFirstOrThrow();
    const letter = toLetter(record);
    await trx
      .insertInto('letterRevisions')
      .values({ letterId: row.id, version: letter.version, body: toJson({ ...letter, deleted: true }), userId })
      .execute();
  });
}
