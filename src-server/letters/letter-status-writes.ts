import type { z } from 'zod';
import {
  SAVE_ON_SCHEDULING_FAILED_MESSAGE,
  SCHEDULING_REQUIREMENTS_MESSAGE,
} from '../../shared/contract/platform-letters';
import type { SaveOnSchedulingRequestSchema, UpdateStatusRequestSchema } from '../../shared/contract/platform-letters';
import { draftTitle } from '../../shared/model/letter';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus, publicationStatusLabel } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { conflict, invalidData } from '../http/errors';
import { findLetter, toLetter } from './letter-records';
import { recordRevision, segmentBelongsTo } from './letter-writes';
import {
  assertBaseVersion,
  assertSameLetter,
  assertTransition,
  lockLetter,
  nextVersion,
  stateConflict,
} from './letter-guards';
import { publicationInstant, schedulingProblems } from './scheduling';
import { assertChannelMaySend } from '../sending/sender-directory';
import { assertMergeTagsValid } from './merge-tag-check';
import { assertProviderReady } from '../providers/iterable-key';
import { privateByDefault } from '../../shared/rules/letter-privacy';
import { activateTemplate, assertMayActivate, automationColumns, deactivateTemplate } from '../automations/template-activation';

/** Activate and Deactivate (issue 32): the template's automation starts or stops with the status. */
async function followTemplateStatus(trx: Parameters<typeof activateTemplate>[0], from: number, to: number, letterId: number, zone: string) {
  if (to === PublicationStatus.templateConfigured && from !== to) {
    const row = await trx.selectFrom('letters').select(['id', 'automation']).where('id', '=', letterId).executeTakeFirstOrThrow();
    await activateTemplate(trx, row, zone, new Date());
  } else if (from === PublicationStatus.templateConfigured && to !== from) {
    await deactivateTemplate(trx, letterId);
  }
}

// The two calls that move a letter between states: save-on-scheduling (the schedule and
// template-configure steps save their fields, and may move the status with them) and
// update-status (the status alone).

/** The audience's default private flag, set as the letter is scheduled unless an editor chose one. */
function privacyWhenScheduled(row: { privateChosen: boolean }, segmentId: number | null): { private?: boolean } {
  return row.privateChosen ? {} : { private: privateByDefault(segmentId) };
}

type SaveOnScheduling = z.output<typeof SaveOnSchedulingRequestSchema>;
type UpdateStatus = z.output<typeof UpdateStatusRequestSchema>;

/** Where the schedule or configure step can be open; a scheduled letter is paused first. */
const SCHEDULING_STEP_STATUSES: readonly number[] = [
  PublicationStatus.draft,
  PublicationStatus.template,
  PublicationStatus.review,
  PublicationStatus.schedule,
  PublicationStatus.templateConfigure,
  PublicationStatus.templateDraft,
];

export async function saveOnScheduling(
  db: Db,
  channel: ChannelRow,
  letterId: number,
  request: SaveOnScheduling,
  userId: number,
): Promise<Letter> {
  return db.transaction().execute(async (trx) => {
    const row = await lockLetter(trx, [channel.id], { id: letterId });
    assertSameLetter(row, request.uniqueId);
    assertBaseVersion(row, request.baseVersion, request.claimant);
    if (!SCHEDULING_STEP_STATUSES.includes(row.publicationStatus)) throw stateConflict(row, 'changed');
    if (!(await segmentBelongsTo(trx, request.segmentId, channel.id))) {
      throw invalidData({ segmentId: ['Choose an audience from this channel.'] }, SAVE_ON_SCHEDULING_FAILED_MESSAGE);
    }
    const target = request.publicationStatus;
    const moves = target !== row.publicationStatus;
    if (moves) assertTransition(row.publicationStatus, target);
    const zone = request.publicationDateTzCode ?? channel.timezone;
    // The spec: the social card headline falls back to the title.
    const headline = request.openGraphHeadline.trim() === '' ? request.title : request.openGraphHeadline;
    if (moves && target === PublicationStatus.scheduled) {
      const problems = schedulingProblems({ ...request, openGraphHeadline: headline, zone, settings: row.settings });
      if (Object.keys(problems).length > 0) throw invalidData(problems, SCHEDULING_REQUIREMENTS_MESSAGE);
      await assertMergeTagsValid(trx, { ...row, title: request.title, subjectB: request.subjectB, subtitle: request.subtitle });
      await assertChannelMaySend(trx, channel);
      await assertProviderReady(trx, row, channel);
    }
    const automation = automationColumns(row, request.automation);
    if (moves && target === PublicationStatus.templateConfigured) {
      const sends = assertMayActivate({
        ...row,
        title: request.title,
        subtitle: request.subtitle,
        segmentId: request.segmentId,
        ...(request.automation !== undefined ? { automation: request.automation } : {}),
      });
      if (sends) await assertChannelMaySend(trx, channel);
    }
    const date = request.publicationDate;
    await trx
      .updateTable('letters')
      .set({
        ...automation,
        title: request.title.trim() === '' ? draftTitle(row.id) : request.title,
        subtitle: request.subtitle,
        subjectB: request.subjectB,
        hasAbTest: request.hasAbTest,
        emailTemplate: request.emailTemplate,
        openGraphHeadline: headline,
        openGraphDescription: request.openGraphDescription,
        openGraphImageUrl: request.openGraphImageUrl,
        publicationDate: date,
        publicationDateTzCode: zone,
        publicationAt: date === null ? null : publicationInstant(date, zone),
        publicationStatus: target,
        segmentId: request.segmentId,
        updatePreviewText: request.updatePreviewText,
        ...(moves && target === PublicationStatus.scheduled ? privacyWhenScheduled(row, request.segmentId) : {}),
        ...(request.claimant ? { claimant: toJson(request.claimant) } : {}),
        ...nextVersion(row),
      })
      .where('id', '=', row.id)
      .execute();
    await followTemplateStatus(trx, row.publicationStatus, target, row.id, channel.timezone);
    return recordRevision(trx, row.channelId, row.id, userId);
  });
}

export async function updateStatus(
  db: Db,
  channel: ChannelRow,
  letterId: number,
  request: UpdateStatus,
  userId: number,
): Promise<Letter> {
  return db.transaction().execute(async (trx) => {
    const row = await lockLetter(trx, [channel.id], { id: letterId });
    assertSameLetter(row, request.uniqueId);
    if (request.currentStatus !== row.publicationStatus) {
      throw conflict(
        `This letter's status is ${publicationStatusLabel(row.publicationStatus)} now, not ` +
          `${publicationStatusLabel(request.currentStatus)}. Reload it and try again.`,
      );
    }
    const target = request.publicationStatus;
    assertTransition(row.publicationStatus, target);
    // Draft → draft is in the table; it changes nothing, so nothing is written.
    if (target === row.publicationStatus) {
      const record = await findLetter(trx, row.channelId, row.id);
      return toLetter(record!);
    }
    const zone = row.publicationDateTzCode ?? channel.timezone;
    let publicationAt = row.publicationAt;
    if (target === PublicationStatus.scheduled) {
      const problems = schedulingProblems({ ...row, zone });
      if (Object.keys(problems).length > 0) throw invalidData(problems, SCHEDULING_REQUIREMENTS_MESSAGE);
      await assertMergeTagsValid(trx, row);
      await assertChannelMaySend(trx, channel);
      await assertProviderReady(trx, row, channel);
      // Recomputed here: the scheduler reads this instant, and the zone may have been defaulted.
      publicationAt = publicationInstant(row.publicationDate!, zone);
    }
    if (target === PublicationStatus.templateConfigured) {
      if (assertMayActivate(row)) await assertChannelMaySend(trx, channel);
    }
    await trx
      .updateTable('letters')
      .set({
        publicationStatus: target,
        publicationDateTzCode: zone,
        publicationAt,
        pollIds: toJson(request.pollIds),
        ...(target === PublicationStatus.scheduled ? privacyWhenScheduled(row, row.segmentId) : {}),
        ...nextVersion(row),
      })
      .where('id', '=', row.id)
      .execute();
    await followTemplateStatus(trx, row.publicationStatus, target, row.id, channel.timezone);
    return recordRevision(trx, row.channelId, row.id, userId);
  });
}
