import { sql } from 'kysely';
import { PublicationStatus } from '../../shared/model/publication';
import { parseSections, type Section } from '../../shared/model/section';
import { carriedPromotionIds, fillsLetterSlot, letterPromotionSlots } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import type { LetterRow } from '../db/schema';
import type { PromotionRow } from './promotion-records';
import { promotionsScheduledFor } from './scheduled-promotions';

// A promotion approved after a letter was scheduled is not added to it: the editor chose the
// ads at the schedule step, and Schedule stored that choice for the send day. The scheduled
// view says how many such promotions there are (docs/decisions.md "Promotions approved after
// scheduling"); 'Pause and edit' then shows them, unticked, in the PROMOTIONS panel.

export interface ApprovedSinceScheduled {
  date: string | null;
  scheduledAt: Date | null;
  rows: PromotionRow[];
}

/**
 * When the letter was last scheduled: the first revision of its current run of revisions
 * whose status is scheduled (every write keeps one, letters/letter-writes.ts).
 */
async function scheduledAt(db: Db, letterId: number): Promise<Date | null> {
  const { rows } = await sql<{ at: Date | null }>`
    SELECT min(r.created_at) AS at FROM letter_revisions r
    WHERE r.letter_id = ${letterId}
      AND r.id > coalesce((
        SELECT max(o.id) FROM letter_revisions o
        WHERE o.letter_id = ${letterId} AND (o.body ->> 'publicationStatus')::int IS DISTINCT FROM ${PublicationStatus.scheduled}
      ), 0)`.execute(db);
  return rows[0]?.at ?? null;
}

/** When each promotion was last approved (its latest 'approve' review message). */
async function approvedAt(db: Db, promotionIds: number[]): Promise<Map<number, Date>> {
  if (promotionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('promotionMessages')
    .select(['promotionId', (eb) => eb.fn.max('createdAt').as('at')])
    .where('kind', '=', 'approve')
    .where('promotionId', 'in', promotionIds)
    .groupBy('promotionId')
    .execute();
  return new Map(rows.map((row) => [row.promotionId, new Date(row.at)]));
}

function sectionsOf(blocks: string): Section[] {
  try {
    return parseSections(blocks);
  } catch {
    return [];
  }
}

export async function promotionsApprovedSinceScheduled(
  db: Db,
  letter: Pick<LetterRow, 'id' | 'publicationStatus' | 'publicationDate' | 'blocks' | 'settings'>,
  channel: { organizationId: number; slug: string },
): Promise<ApprovedSinceScheduled> {
  const date = letter.publicationDate?.slice(0, 10) ?? null;
  if (letter.publicationStatus !== PublicationStatus.scheduled || date === null) return { date, scheduledAt: null, rows: [] };
  const since = await scheduledAt(db, letter.id);
  // Without a choice stored for its day (an API client's letter) the send carries every ad of the day, late ones too.
  const carried = carriedPromotionIds((letter.settings as { promotionAds?: Parameters<typeof carriedPromotionIds>[0] }).promotionAds, date);
  const slots = letterPromotionSlots(sectionsOf(letter.blocks));
  if (since === null || carried === null || (slots.zones.length === 0 && slots.adTypeIds.length === 0)) return { date, scheduledAt: since, rows: [] };
  const day = await promotionsScheduledFor(db, { organizationId: channel.organizationId, channelSlug: channel.slug, day: date });
  const candidates = day.filter((row) => !carried.includes(row.id) && fillsLetterSlot(row, slots));
  const approved = await approvedAt(db, candidates.map((row) => row.id));
  const rows = candidates.filter((row) => {
    const at = approved.get(row.id);
    return at !== undefined && at.getTime() > since.getTime();
  });
  return { date, scheduledAt: since, rows };
}
