import { sql } from 'kysely';
import type { ClickLink, EditionMetrics } from '../../shared/contract/platform-metrics';
import type { Db } from '../db/database';

// The numbers of one letter's scheduled send (definitions: shared/contract/platform-metrics.ts),
// counted from letter_recipients and the opens and clicks written by routes/tracking.ts.
// Bounced: refused at the send, or came back after (bounced_at, bounces/); delivered: taken
// and not come back. Unsubscribed: readers who left through this letter's link (unsubscribed_at).

export async function editionMetrics(db: Db, letterId: number): Promise<EditionMetrics> {
  const { rows } = await sql<Record<keyof EditionMetrics, string>>`
    WITH recipients AS (
      SELECT subscriber_id, status, bounced_at, unsubscribed_at FROM letter_recipients WHERE letter_id = ${letterId}
    )
    SELECT
      count(*) FILTER (WHERE status IN ('sent', 'refused')) AS sent,
      count(*) FILTER (WHERE status = 'sent') AS accepted,
      count(*) FILTER (WHERE status = 'refused' OR (status = 'sent' AND bounced_at IS NOT NULL)) AS bounced,
      count(*) FILTER (WHERE status = 'sent' AND bounced_at IS NULL) AS delivered,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_opens o WHERE o.letter_id = ${letterId} AND o.subscriber_id = recipients.subscriber_id
      )) AS opens_unique,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_opens o WHERE o.letter_id = ${letterId} AND o.subscriber_id = recipients.subscriber_id AND o.confirmed
      )) AS opens_unique_confirmed,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_clicks c WHERE c.letter_id = ${letterId} AND c.subscriber_id = recipients.subscriber_id
      )) AS clicks_unique,
      count(*) FILTER (WHERE unsubscribed_at IS NOT NULL) AS unsubscribed
    FROM recipients`.execute(db);
  const row = rows[0]!;
  return {
    accepted: Number(row.accepted),
    bounced: Number(row.bounced),
    clicksUnique: Number(row.clicksUnique),
    delivered: Number(row.delivered),
    opensUnique: Number(row.opensUnique),
    opensUniqueConfirmed: Number(row.opensUniqueConfirmed),
    sent: Number(row.sent),
    unsubscribed: Number(row.unsubscribed),
  };
}

/** Every tracked address of the letter with its readers and follows; most readers first, then by address. */
export async function clickLinks(db: Db, letterId: number): Promise<ClickLink[]> {
  const { rows } = await sql<{ url: string; uniques: string; total: string }>`
    SELECT l.url, count(DISTINCT c.subscriber_id) AS uniques, count(c.id) AS total
    FROM letter_links l
    LEFT JOIN recipient_clicks c ON c.letter_id = l.letter_id AND c.position = l.position
    WHERE l.letter_id = ${letterId}
    GROUP BY l.url
    ORDER BY uniques DESC, l.url`.execute(db);
  return rows.map((row) => ({ url: row.url, uniques: Number(row.uniques), total: Number(row.total) }));
}
