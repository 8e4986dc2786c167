import type { Activity, ClickLink, EditionMetrics } from '../../shared/contract/platform-metrics';
import type { Selectable } from 'kysely';
import type { Db } from '../db/database';
import type { LetterReportCountersTable } from '../db/schema';

// The numbers of one letter's scheduled send (definitions: shared/contract/platform-metrics.ts,
// counting rules of spec 1 §9), read from the counters the triggers on letter_recipients
// keep (migration 0012): one row, whatever the size of the send.

export const NEVER_SENT: EditionMetrics = {
  accepted: 0,
  bounced: 0,
  clicksUnique: 0,
  delivered: 0,
  opensUnique: 0,
  opensUniqueConfirmed: 0,
  sent: 0,
  unsubscribed: 0,
};

export async function editionMetrics(db: Db, letterId: number, activity: Activity = 'people'): Promise<EditionMetrics> {
  return (await editionMetricsOf(db, [letterId], activity)).get(letterId) ?? NEVER_SENT;
}

/** The metrics of several letters in one read (the letters list); a letter never sent is absent. */
export async function editionMetricsOf(db: Db, letterIds: readonly number[], activity: Activity = 'people'): Promise<Map<number, EditionMetrics>> {
  if (letterIds.length === 0) return new Map();
  const rows = await db.selectFrom('letterReportCounters').selectAll().where('letterId', 'in', letterIds).execute();
  return new Map(rows.map((row) => [row.letterId, metricsOf(row, activity)]));
}

function metricsOf(row: Selectable<LetterReportCountersTable>, activity: Activity): EditionMetrics {
  return {
    // Tried: taken or refused at send.
    sent: row.accepted + row.refused,
    accepted: row.accepted,
    // Refused at send, and taken but bounced back later.
    bounced: row.refused + row.bouncedBack,
    delivered: row.accepted - row.bouncedBack,
    opensUnique: row.opened,
    opensUniqueConfirmed: row.openedConfirmed,
    // Readers with a click of their own; with activity 'all', machines' clicks count too.
    clicksUnique: activity === 'all' ? row.clickedAll : row.clicked,
    unsubscribed: row.unsubscribed,
  };
}

/** Every tracked address of the letter with its readers and follows; most readers first, then by address. */
export async function clickLinks(db: Db, letterId: number, activity: Activity = 'people'): Promise<ClickLink[]> {
  const [uniques, total] = activity === 'all' ? (['uniquesAll', 'totalAll'] as const) : (['uniques', 'total'] as const);
  return db
    .selectFrom('letterLinks')
    .select(['url', `${uniques} as uniques`, `${total} as total`])
    .where('letterId', '=', letterId)
    .orderBy(uniques, 'desc')
    .orderBy('url')
    .execute();
}
