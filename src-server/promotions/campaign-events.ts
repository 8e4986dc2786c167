import { sql } from 'kysely';
import type { CampaignEvent, CampaignEventType } from '../../shared/contract/platform-promotions';
import type { Db } from '../db/database';

// A campaign's history, newest first, read from the rows its events already write: the
// campaign (created), its comment thread (a row with a status is a status change, one
// without a comment), its collateral (submitted) and the review messages (approved, changes
// requested). Nothing is stored twice, so the history can never disagree with the thread.

interface EventRow {
  kind: CampaignEventType;
  at: Date;
  who: number | null;
  status: number | null;
  promotion: number | null;
  message: string;
  source: number;
  name: string | null;
  surname: string | null;
  total: string;
}

export async function campaignEvents(
  db: Db,
  campaignId: number,
  query: { page: number; records: number; types: readonly CampaignEventType[] },
): Promise<{ items: CampaignEvent[]; total: number }> {
  const typeFilter = query.types.length === 0 ? sql`true` : sql`e.kind in (${sql.join(query.types)})`;
  const { rows } = await sql<EventRow>`
    with e as (
      select 'created'::text as kind, c.created_at as at, c.created_by_user_id as who, 0 as status,
             null::int as promotion, ''::text as message, c.id as source, 0 as rank
        from promotion_campaigns c where c.id = ${campaignId}
      union all
      select case when m.status is null then 'comment' else 'status-changed' end, m.created_at, m.user_id, m.status,
             null, m.comment, m.id, 1
        from promotion_campaign_comments m where m.campaign_id = ${campaignId}
      union all
      select 'collateral-submitted', p.created_at, p.created_by_user_id, null, p.id, '', p.id, 2
        from promotions p where p.campaign_id = ${campaignId}
      union all
      select case when pm.kind = 'approve' then 'collateral-approved' else 'changes-requested' end, pm.created_at, pm.user_id, null,
             pm.promotion_id, pm.message, pm.id, 3
        from promotion_messages pm join promotions p on p.id = pm.promotion_id where p.campaign_id = ${campaignId}
    )
    select e.kind, e.at, e.who, e.status, e.promotion, e.message, e.source, u.name, u.surname, count(*) over () as total
      from e left join users u on u.id = e.who
     where ${typeFilter}
     order by e.at desc, e.rank desc, e.source desc
     limit ${query.records} offset ${(query.page - 1) * query.records}`.execute(db);
  const items = rows.map((row) => ({
    id: `${row.kind}-${row.source}`,
    type: row.kind,
    createdAt: row.at.toISOString(),
    userId: row.who,
    authorName: [row.name, row.surname].filter(Boolean).join(' '),
    status: row.status,
    promotionId: row.promotion,
    message: row.message,
  }));
  // A page past the end has no row to carry the count; ask for it alone.
  if (rows.length > 0 || query.page === 1) return { items, total: rows.length > 0 ? Number(rows[0]!.total) : 0 };
  const all = await campaignEvents(db, campaignId, { ...query, page: 1, records: 1 });
  return { items, total: all.total };
}
