import type { LetterListMetricsItem } from '../../shared/contract/platform-letter-list-metrics';
import type { Db } from '../db/database';
import { NEVER_SENT, editionMetricsOf } from '../tracking/edition-metrics';

// The letters list's counts for a page of letters: the edition metrics of each (one read of
// the report counters), for the letters of this channel among those asked for.

export async function letterListMetrics(db: Db, channelId: number, letterIds: readonly number[]): Promise<LetterListMetricsItem[]> {
  if (letterIds.length === 0) return [];
  const letters = await db
    .selectFrom('letters')
    .select('id')
    .where('channelId', '=', channelId)
    .where('deletedAt', 'is', null)
    .where('id', 'in', letterIds)
    .orderBy('id')
    .execute();
  const metrics = await editionMetricsOf(db, letters.map((letter) => letter.id));
  return letters.map(({ id }) => {
    const { sent, accepted, delivered, opensUnique, opensUniqueConfirmed, clicksUnique } = metrics.get(id) ?? NEVER_SENT;
    return { id, sent, accepted, delivered, opensUnique, opensUniqueConfirmed, clicksUnique };
  });
}
