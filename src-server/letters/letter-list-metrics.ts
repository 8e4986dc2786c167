import { sql } from 'kysely';
import type { LetterListMetricsItem } from '../../shared/contract/platform-letter-list-metrics';
import type { Db } from '../db/database';

// The letters list's counts for a page of letters in one query, counted like
// tracking/edition-metrics.ts counts one letter (recipients, never events). The reports
// screen reads the full edition metrics; this is only what the list shows.

export async function letterListMetrics(db: Db, channelId: number, letterIds: readonly number[]): Promise<LetterListMetricsItem[]> {
  if (letterIds.length === 0) return [];
  const ids = sql.join(letterIds.map((id) => sql`${id}`));
  const { rows } = await sql<{ id: number } & Record<Exclude<keyof LetterListMetricsItem, 'id'>, string>>`
    SELECT
      l.id,
      count(r.subscriber_id) FILTER (WHERE r.status IN ('sent', 'refused')) AS sent,
      count(r.subscriber_id) FILTER (WHERE r.status = 'sent') AS accepted,
      count(r.subscriber_id) FILTER (WHERE r.status = 'sent') AS delivered,
      count(r.subscriber_id) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_opens o WHERE o.letter_id = l.id AND o.subscriber_id = r.subscriber_id
      )) AS opens_unique,
      count(r.subscriber_id) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_opens o WHERE o.letter_id = l.id AND o.subscriber_id = r.subscriber_id AND o.confirmed
      )) AS opens_unique_confirmed,
      count(r.subscriber_id) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_clicks c WHERE c.letter_id = l.id AND c.subscriber_id = r.subscriber_id
      )) AS clicks_unique
    FROM letters l
    LEFT JOIN letter_recipients r ON r.letter_id = l.id
    WHERE l.channel_id = ${channelId} AND l.deleted_at IS NULL AND l.id IN (${ids})
    GROUP BY l.id
    ORDER BY l.id`.execute(db);
  return rows.map((row) => ({
    id: row.id,
    sent: Number(row.sent),
    accepted: Number(row.accepted),
    delivered: Number(row.delivered),
    opensUnique: Number(row.opensUnique),
    opensUniqueConfirmed: Number(row.opensUniqueConfirmed),
    clicksUnique: Number(row.clicksUnique),
  }));
}
