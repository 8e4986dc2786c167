import { sql } from 'kysely';
import type { Db } from '../../src-server/db/database';

// The report's counts as the platform computed them before the rollups of migration 0012
// (src-server/tracking/edition-metrics.ts until then): from the recipients and their
// events, per request. Kept only as the benchmark's baseline.

export async function editionMetricsFromEvents(db: Db, letterId: number): Promise<unknown> {
  const { rows } = await sql<Record<string, string>>`
    WITH recipients AS (
      SELECT subscriber_id, status, sent_at FROM letter_recipients WHERE letter_id = ${letterId}
    ), first_sent AS (
      SELECT min(sent_at) AS at FROM recipients
    )
    SELECT
      count(*) FILTER (WHERE status IN ('sent', 'refused')) AS sent,
      count(*) FILTER (WHERE status = 'sent') AS accepted,
      count(*) FILTER (WHERE status = 'refused') AS bounced,
      count(*) FILTER (WHERE status = 'sent') AS delivered,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_opens o WHERE o.letter_id = ${letterId} AND o.subscriber_id = recipients.subscriber_id
      )) AS opens_unique,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_opens o WHERE o.letter_id = ${letterId} AND o.subscriber_id = recipients.subscriber_id AND o.confirmed
      )) AS opens_unique_confirmed,
      count(*) FILTER (WHERE EXISTS (
        SELECT 1 FROM recipient_clicks c WHERE c.letter_id = ${letterId} AND c.subscriber_id = recipients.subscriber_id
      )) AS clicks_unique,
      count(*) FILTER (WHERE status = 'sent' AND EXISTS (
        SELECT 1 FROM subscribers s, first_sent
        WHERE s.id = recipients.subscriber_id AND s.status = 'unsubscribed' AND s.unsubscribed_by_link_at > first_sent.at
      )) AS unsubscribed
    FROM recipients`.execute(db);
  return rows[0];
}

export async function clickLinksFromEvents(db: Db, letterId: number): Promise<unknown> {
  const { rows } = await sql<{ url: string; uniques: string; total: string }>`
    SELECT l.url, count(DISTINCT c.subscriber_id) AS uniques, count(c.id) AS total
    FROM letter_links l
    LEFT JOIN recipient_clicks c ON c.letter_id = l.letter_id AND c.position = l.position
    WHERE l.letter_id = ${letterId}
    GROUP BY l.url
    ORDER BY uniques DESC, l.url`.execute(db);
  return rows;
}
