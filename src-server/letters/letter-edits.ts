import { sql } from 'kysely';
import type { z } from 'zod';
import { claimRefusedMessage } from '../../shared/contract/platform-letters';
import type {
  ClaimRequestSchema,
  LetterSettingsRequestSchema,
  UpdateLetterRequestSchema,
  UpdatePrivateRequestSchema,
} from '../../shared/contract/platform-letters';
import { draftTitle } from '../../shared/model/letter';
import type { Letter } from '../../shared/model/letter';
import { LetterSettingsSchema, withSettingsOver } from '../../shared/model/letter-settings';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import type { ChannelRow, LetterRow } from '../db/schema';
import { badRequest, fieldErrorsFromZod, invalidData } from '../http/errors';
import { findLetter, toLetter } from './letter-records';
import { recordRevision, segmentBelongsTo } from './letter-writes';
import type { LetterRef } from './letter-guards';
import { assertBaseVersion, assertEditable, assertSameLetter, assertSettingsEditable, heldClaimant, lockLetter, nextVersion } from './letter-guards';
import { publicationInstant } from './scheduling';

// Writes addressed by channel slug (spec 1 §7): the whole letter, its private flag, its
// settings, and the editing claim. The caller passes every channel of theirs with that
// slug; the letter's own channel is the one that counts.

export type UpdateLetter = z.output<typeof UpdateLetterRequestSchema>;
type UpdatePrivate = z.output<typeof UpdatePrivateRequestSchema>;
type UpdateSettings = z.output<typeof LetterSettingsRequestSchema>;
type Claim = z.output<typeof ClaimRequestSchema>;

const idsOf = (channels: readonly ChannelRow[]) => channels.map((channel) => channel.id);

/**
 * What update-letter writes besides the version: every editable field of the request. The
 * sync batch writes the same columns for many letters in one statement (letter-batch-updates.ts).
 */
export function editedColumns(row: Pick<LetterRow, 'id'>, request: UpdateLetter, channel: Pick<ChannelRow, 'timezone'>) {
  const zone = request.publicationDateTzCode ?? channel.timezone;
  const date = request.publicationDate;
  return {
    title: request.title.trim() === '' ? draftTitle(row.id) : request.title,
    subtitle: request.subtitle,
    subjectB: request.subjectB,
    hasAbTest: request.hasAbTest,
    blocks: request.blocks,
    delta: toJson(request.delta),
    authors: toJson(request.authors),
    settings: toJson(request.settings),
    utmEnabled: request.settings.utmEnabled,
    utms: toJson(request.settings.utm),
    publicationDate: date,
    publicationDateTzCode: zone,
    publicationAt: date === null ? null : publicationInstant(date, zone),
    publicationEvent: request.publicationEvent,
    segmentId: request.segmentId,
    emailTemplate: request.emailTemplate,
    copyRendered: request.copyRendered,
    includePromotions: request.includePromotions,
    private: request.private,
    openGraphHeadline: request.openGraphHeadline,
    openGraphDescription: request.openGraphDescription,
    openGraphImageUrl: request.openGraphImageUrl,
    automationUniqueId: request.automationUniqueId,
    updatePreviewText: request.updatePreviewText,
    // A request without a claimant leaves the claim as it was.
    claimant: request.claimant ? toJson(request.claimant) : undefined,
  };
}

export async function updateLetter(
  db: Db,
  channels: readonly ChannelRow[],
  letterId: number,
  request: UpdateLetter,
  userId: number,
): Promise<Letter> {
  return inTransaction(db, async (trx) => {
    const row = await lockLetter(trx, idsOf(channels), { id: letterId });
    assertSameLetter(row, request.uniqueId);
    assertBaseVersion(row, request.baseVersion, request.claimant);
    assertEditable(row);
    if (!(await segmentBelongsTo(trx, request.segmentId, row.channelId))) {
      throw invalidData({ segmentId: ['Choose an audience from this channel.'] });
    }
    const channel = channels.find((candidate) => candidate.id === row.channelId)!;
    await trx
      .updateTable('letters')
      .set({ ...editedColumns(row, request, channel), ...nextVersion(row) })
      .where('id', '=', row.id)
      .execute();
    return recordRevision(trx, row.channelId, row.id, userId);
  });
}

/** Any state: hiding a published letter from the archive is the point of the flag. */
export async function updatePrivate(
  db: Db,
  channels: readonly ChannelRow[],
  letterId: number,
  request: UpdatePrivate,
  userId: number,
): Promise<Letter> {
  return db.transaction().execute(async (trx) => {
    const row = await lockLetter(trx, idsOf(channels), { id: letterId });
    assertBaseVersion(row, request.baseVersion, request.claimant);
    await trx
      .updateTable('letters')
      .set({ private: request.private, privateChosen: true, ...nextVersion(row) })
      .where('id', '=', row.id)
      .execute();
    return recordRevision(trx, row.channelId, row.id, userId);
  });
}

export async function updateSettings(
  db: Db,
  channels: readonly ChannelRow[],
  ref: LetterRef,
  request: UpdateSettings,
  userId: number,
): Promise<Letter> {
  return db.transaction().execute(async (trx) => {
    const row = await lockLetter(trx, idsOf(channels), ref);
    assertBaseVersion(row, request.baseVersion, request.claimant);
    assertSettingsEditable(row);
    const merged = LetterSettingsSchema.safeParse(withSettingsOver(LetterSettingsSchema.parse(row.settings), request.settings));
    if (!merged.success) throw invalidData(fieldErrorsFromZod(merged.error, 'settings'));
    const settings = merged.data;
    await trx
      .updateTable('letters')
      .set({
        settings: toJson(settings),
        utmEnabled: settings.utmEnabled,
        utms: toJson(settings.utm),
        ...(request.claimant ? { claimant: toJson(request.claimant) } : {}),
        ...nextVersion(row),
      })
      .where('id', '=', row.id)
      .execute();
    return recordRevision(trx, row.channelId, row.id, userId);
  });
}

/**
 * Claims the letter for `request.claimant` (spec 1 §4 "Claiming"). Refused while someone
 * else holds the claim, unless `force` takes it over; a takeover is a new version, so the
 * former holder's next save from their old version is refused with the new holder's name.
 */
export async function claimLetter(
  db: Db,
  channels: readonly ChannelRow[],
  letterId: number,
  request: Claim,
  userId: number,
): Promise<Letter> {
  return db.transaction().execute(async (trx) => {
    const row = await lockLetter(trx, idsOf(channels), { id: letterId });
    const holder = row.claimedAt === null ? null : heldClaimant(row);
    if (holder && holder.uniqueId === request.claimant.uniqueId) {
      // Already theirs: claiming again (another window, a reopen) writes nothing.
      return toLetter((await findLetter(trx, row.channelId, row.id))!);
    }
    if (holder && !request.force) throw badRequest(claimRefusedMessage(holder.name));
    await trx
      .updateTable('letters')
      .set({ claimant: toJson(request.claimant), claimedAt: sql<Date>`now()`, ...nextVersion(row) })
      .where('id', '=', row.id)
      .execute();
    return recordRevision(trx, row.channelId, row.id, userId);
  });
}
