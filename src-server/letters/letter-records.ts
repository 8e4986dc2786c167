import type { Kysely, QueryCreator } from 'kysely';
import type { z } from 'zod';
import { builtInSegmentName } from '../../shared/model/segment';
import { LetterSchema } from '../../shared/model/letter';
import type { Letter } from '../../shared/model/letter';
import type { Database, LetterRow } from '../db/schema';

// Reading letters: one query shape that brings the placement (channel and brand slugs) and
// the audience's name along, and the mapping from rows to the Letter the API answers.

/** Segment ids that are not rows (spec 1 §3 "Other entities"). */
export { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID } from '../../shared/model/segment';

export const LETTER_NOT_FOUND_MESSAGE = 'Eep. It doesn’t look like this letter exists.';

export type LetterRecord = LetterRow & { channelSlug: string; brandSlug: string; joinedSegmentName: string | null };

/** Every letter row, deleted ones included: add `deletedAt is null` for what users see. */
export function selectLetters(db: Kysely<Database>) {
  return selectLetterPlacement(db).selectAll('letters');
}

/** A letter's channel and brand slugs and its audience's name; select the letter's columns on top. */
export function selectLetterPlacement(db: QueryCreator<Database>) {
  return fromLetters(db).select(['channels.slug as channelSlug', 'organizations.slug as brandSlug', 'segments.name as joinedSegmentName']);
}

/** Letters with their channel, brand and stored audience joined, nothing selected yet. */
export function fromLetters(db: QueryCreator<Database>) {
  return db
    .selectFrom('letters')
    .innerJoin('channels', 'channels.id', 'letters.channelId')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .leftJoin('segments', (join) =>
      join.onRef('segments.id', '=', 'letters.segmentId').onRef('segments.channelId', '=', 'letters.channelId'),
    );
}

export async function findLetter(db: Kysely<Database>, channelId: number, letterId: number): Promise<LetterRecord | null> {
  const record = await selectLetters(db)
    .where('letters.id', '=', letterId)
    .where('letters.channelId', '=', channelId)
    .where('letters.deletedAt', 'is', null)
    .executeTakeFirst();
  return record ?? null;
}

function segmentName(record: Pick<LetterRecord, 'segmentId' | 'joinedSegmentName'>): string | null {
  return builtInSegmentName(record.segmentId) ?? record.joinedSegmentName;
}

/** The Letter as answered; parsing here means a corrupt row fails loudly, not silently. */
export function toLetter(record: LetterRecord): Letter {
  return LetterSchema.parse(letterFields(record));
}

/**
 * The Letter's fields, not yet checked: for an answer that sendAs checks whole (the sync
 * feed's pages of 500), where checking each letter first as well doubled the work.
 */
export function letterFields(record: LetterRecord): z.input<typeof LetterSchema> {
  // The jsonb columns are `unknown` until the schema has checked them.
  const fields: { [K in keyof z.input<typeof LetterSchema>]: unknown } = {
    id: record.id,
    uniqueId: record.uniqueId,
    version: record.version,
    title: record.title,
    subtitle: record.subtitle,
    subjectB: record.subjectB,
    hasAbTest: record.hasAbTest,
    blocks: record.blocks,
    delta: record.delta,
    authors: record.authors,
    settings: record.settings,
    publicationStatus: record.publicationStatus,
    publicationDate: record.publicationDate,
    publicationDateTzCode: record.publicationDateTzCode,
    publicationEvent: record.publicationEvent,
    segmentId: record.segmentId,
    segmentName: segmentName(record),
    channelId: record.channelId,
    channelSlug: record.channelSlug,
    brandSlug: record.brandSlug,
    esp: record.esp,
    emailTemplate: record.emailTemplate,
    copyRendered: record.copyRendered,
    includePromotions: record.includePromotions,
    private: record.private,
    privateChosen: record.privateChosen,
    insights: record.insights,
    updatedAt: record.updatedAt.toISOString(),
    openGraphHeadline: record.openGraphHeadline,
    openGraphDescription: record.openGraphDescription,
    openGraphImageUrl: record.openGraphImageUrl,
    abTestMetrics: record.abTestMetrics,
    utmEnabled: record.utmEnabled,
    utms: record.utms,
    automationUniqueId: record.automationUniqueId,
    automation: record.automation ?? undefined,
    updatePreviewText: record.updatePreviewText,
    claimant: record.claimant === null ? null : JSON.stringify(record.claimant),
  };
  return fields as z.input<typeof LetterSchema>;
}
