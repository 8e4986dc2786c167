import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'kysely';
import { AUTOMATION_MESSAGES } from '../../shared/contract/platform-automations';
import { PublicationEvent, PublicationStatus } from '../../shared/model/publication';
import { PUBLICATION_DATE_FORMAT } from '../../shared/model/letter';
import { resolveDynamicSections } from '../curation/resolve-curation-sections';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { ChannelRow } from '../db/schema';
import { editionHtml } from '../delivery/edition-html';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { findLetter, toLetter } from '../letters/letter-records';
import { nextVersion } from '../letters/letter-guards';
import { recordRevision } from '../letters/letter-writes';
import { nextRunAfter } from './recurrence';
import { automationOf } from './template-activation';

// Recurring templates (publication type 3, issue 32). At each run the template's dynamic
// sections (Curations, RSS, WordPress) are filled as of the run's due time; when every one
// comes back empty the run is skipped and says so. Otherwise the run makes an edition: a
// letter of its own in the template's channel (publication type 3, `automationUniqueId` the
// template's), with the filled sections as its blocks. It is made in status 11 "processing
// for automation", its email rendered and kept for its send as of the run's due time, then
// scheduled for now: the scheduled-send path sends it (claim, audience, tracking, report)
// and it ends published in the letters list like any sent letter.
//
// Exactly once: the run row (template, due instant) is inserted once (ON CONFLICT DO
// NOTHING) in the same transaction as the edition and the move of `next_run_at`, under the
// activation row's lock. A second instance, a retry, a restart find the row and make nothing;
// an edition left in status 11 by a crash is finished by the next sweep (finishEditions).

dayjs.extend(utc);
dayjs.extend(timezone);

export interface RunContext {
  db: Db;
  fetchGuard: FetchGuard;
  publicUrl: string;
}

export type RunOutcome =
  | { kind: 'nothing-to-do' }
  | { kind: 'skipped' }
  /** The edition to send, scheduled for `publicationAt`. */
  | { kind: 'edition'; editionId: number; publicationAt: Date };

/** Active recurring templates whose next run is due at `now`, with that run's instant. */
export async function recurringRunsDue(db: Db, now: Date): Promise<{ templateId: number; runAt: Date }[]> {
  const rows = await db
    .selectFrom('templateActivations')
    .innerJoin('letters', 'letters.id', 'templateActivations.letterId')
    .select(['templateActivations.letterId', 'templateActivations.nextRunAt'])
    .where('templateActivations.nextRunAt', '<=', now)
    .where('letters.publicationStatus', '=', PublicationStatus.templateConfigured)
    .where('letters.deletedAt', 'is', null)
    .orderBy('templateActivations.nextRunAt')
    .execute();
  return rows.map((row) => ({ templateId: row.letterId, runAt: new Date(row.nextRunAt!) }));
}

/** Editions a run made and left in 11 (the process stopped before it scheduled them). */
export async function editionsLeftProcessing(db: Db): Promise<{ editionId: number; runAt: Date }[]> {
  const rows = await db
    .selectFrom('automationRuns')
    .innerJoin('letters', 'letters.id', 'automationRuns.editionId')
    .select(['automationRuns.editionId', 'automationRuns.runAt'])
    .where('letters.publicationStatus', '=', PublicationStatus.processingForAutomation)
    .where('letters.deletedAt', 'is', null)
    .execute();
  return rows.map((row) => ({ editionId: row.editionId!, runAt: new Date(row.runAt) }));
}

async function channelOf(db: Db, channelId: number): Promise<ChannelRow> {
  return db.selectFrom('channels').selectAll().where('id', '=', channelId).executeTakeFirstOrThrow();
}

/**
 * One run of a recurring template, due at `runAt`; `now` is the runner's clock. Answers the
 * edition to send, if the run made one.
 */
export async function runRecurringTemplate(ctx: RunContext, templateId: number, runAt: Date, now: Date): Promise<RunOutcome> {
  const { db } = ctx;
  const template = await db
    .selectFrom('letters')
    .innerJoin('templateActivations', 'templateActivations.letterId', 'letters.id')
    .selectAll('letters')
    .select('templateActivations.nextRunAt')
    .where('letters.id', '=', templateId)
    .where('letters.deletedAt', 'is', null)
    .where('letters.publicationStatus', '=', PublicationStatus.templateConfigured)
    .executeTakeFirst();
  const settings = template ? automationOf(template) : null;
  if (!template || settings?.trigger !== 'recurring' || template.nextRunAt?.getTime() !== runAt.getTime()) return { kind: 'nothing-to-do' };
  const channel = await channelOf(db, template.channelId);
  // Filled as of the due time: "the last day" of a Curations block is the run's day.
  const filled = await resolveDynamicSections(db, channel, template.blocks, ctx.fetchGuard, runAt);
  const skip = filled.dynamic > 0 && filled.empty === filled.dynamic;
  // A run made late (the platform was down) is sent now; runs missed meanwhile are not made up.
  const next = nextRunAfter(settings.schedule, channel.timezone, new Date(Math.max(runAt.getTime(), now.getTime())));
  // Sent at once: never scheduled later than the moment the run makes it.
  const publicationAt = new Date(Math.min(runAt.getTime(), Date.now()));

  const made = await db.transaction().execute(async (trx) => {
    const activation = await trx
      .selectFrom('templateActivations')
      .select('nextRunAt')
      .where('letterId', '=', templateId)
      .forUpdate()
      .executeTakeFirst();
    // Deactivated, or another run moved it on while this one filled the sections.
    if (activation?.nextRunAt?.getTime() !== runAt.getTime()) return null;
    const run = await trx
      .insertInto('automationRuns')
      .values({ templateId, runAt, outcome: skip ? 'skipped' : 'sent', message: skip ? AUTOMATION_MESSAGES.skippedEmpty : '' })
      .onConflict((c) => c.columns(['templateId', 'runAt']).doNothing())
      .returning('id')
      .executeTakeFirst();
    await trx.updateTable('templateActivations').set({ nextRunAt: next }).where('letterId', '=', templateId).execute();
    if (!run || skip) return null;
    const { id: editionId } = await trx
      .insertInto('letters')
      .values({
        uniqueId: randomUUID(),
        channelId: template.channelId,
        version: 1,
        title: template.title,
        subtitle: template.subtitle,
        subjectB: template.subjectB,
        hasAbTest: template.hasAbTest,
        blocks: filled.blocks,
        delta: toJson(template.delta),
        authors: toJson(template.authors),
        settings: toJson(template.settings),
        publicationStatus: PublicationStatus.processingForAutomation,
        publicationDate: dayjs(runAt).tz(channel.timezone).format(PUBLICATION_DATE_FORMAT),
        publicationDateTzCode: channel.timezone,
        publicationAt,
        publicationEvent: PublicationEvent.automation,
        segmentId: template.segmentId,
        esp: template.esp,
        emailTemplate: template.emailTemplate,
        copyRendered: template.copyRendered,
        includePromotions: template.includePromotions,
        private: template.private,
        privateChosen: template.privateChosen,
        insights: template.insights === null ? null : toJson(template.insights),
        openGraphHeadline: template.openGraphHeadline,
        openGraphDescription: template.openGraphDescription,
        openGraphImageUrl: template.openGraphImageUrl,
        abTestMetrics: null,
        utmEnabled: template.utmEnabled,
        utms: toJson(template.utms),
        automationUniqueId: template.uniqueId,
        updatePreviewText: template.updatePreviewText,
        claimant: null,
        createdByUserId: null,
        updatedAt: sql<Date>`now()`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.updateTable('automationRuns').set({ editionId }).where('id', '=', run.id).execute();
    await recordRevision(trx, template.channelId, editionId, null);
    return editionId;
  });
  if (made === null) return skip ? { kind: 'skipped' } : { kind: 'nothing-to-do' };
  return finishEdition(ctx, made, runAt);
}

/**
 * An edition in 11: its email rendered as of the run's due time and kept for its send,
 * then scheduled (2) for its publication instant. Safe to run twice.
 */
export async function finishEdition(ctx: RunContext, editionId: number, runAt: Date): Promise<RunOutcome> {
  const { db } = ctx;
  const record = await db.selectFrom('letters').select(['channelId']).where('id', '=', editionId).executeTakeFirst();
  const found = record ? await findLetter(db, record.channelId, editionId) : null;
  if (!found || found.publicationStatus !== PublicationStatus.processingForAutomation || !found.publicationAt) return { kind: 'nothing-to-do' };
  const letter = toLetter(found);
  const channel = await channelOf(db, found.channelId);
  await editionHtml({
    db,
    letter: { ...letter, id: editionId },
    channel,
    publicationAt: found.publicationAt,
    publicUrl: ctx.publicUrl.replace(/\/+$/, ''),
    fetchGuard: ctx.fetchGuard,
    abTest: letter.hasAbTest,
    curationNow: runAt,
  });
  const scheduled = await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('letters').selectAll().where('id', '=', editionId).forUpdate().executeTakeFirst();
    if (row?.publicationStatus !== PublicationStatus.processingForAutomation) return false;
    await trx
      .updateTable('letters')
      .set({ publicationStatus: PublicationStatus.scheduled, ...nextVersion(row) })
      .where('id', '=', editionId)
      .execute();
    await recordRevision(trx, row.channelId, editionId, null);
    return true;
  });
  return scheduled ? { kind: 'edition', editionId, publicationAt: found.publicationAt } : { kind: 'nothing-to-do' };
}
