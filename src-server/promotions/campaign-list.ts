import { sql } from 'kysely';
import type { z } from 'zod';
import type { Campaign, CampaignListQuerySchema } from '../../shared/contract/platform-promotions';
import { CampaignStatus, campaignMatchesFilter } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import type { PromotionAccess } from './promotion-access';
import { runsInChannel } from './promotion-queries';
import { campaignCounts, toCampaign } from './promotion-records';

// The one campaign list query (the organization's and a channel's): status filter, search,
// sort and page, an advertiser's own campaigns only.

export type CampaignListOptions = z.output<typeof CampaignListQuerySchema>;

/** `channelSlug`: only campaigns that run in that channel (name it, or name none). */
export async function campaignPage(db: Db, access: PromotionAccess, query: CampaignListOptions, channelSlug?: string): Promise<{ campaigns: Campaign[]; total: number }> {
  let select = db.selectFrom('promotionCampaigns as c').selectAll('c').where('c.organizationId', '=', access.organizationId);
  if (access.onlyCreatedBy !== null) select = select.where('c.createdByUserId', '=', access.onlyCreatedBy);
  if (channelSlug !== undefined) select = select.where(runsInChannel(channelSlug));
  if (query.isTemplate !== undefined) select = select.where('c.isTemplate', '=', query.isTemplate);
  if (query.status !== CampaignStatus.any) select = select.where('c.status', '=', query.status);
  const search = query.search.trim();
  if (search !== '') {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    select = select.where((eb) => eb.or([eb('c.title', 'ilike', like), eb('c.promoterName', 'ilike', like), eb('c.promoterEmail', 'ilike', like)]));
  }
  const total = await select.clearSelect().select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const rows = await select
    .orderBy(`c.${query.orderBy}`, query.orderDirection)
    .orderBy('c.id', query.orderDirection)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const counts = await campaignCounts(db, rows.map((row) => row.id));
  const campaigns = rows.filter((row) => campaignMatchesFilter(row.status, query.status)).map((row) => toCampaign(row, counts.get(row.id)));
  return { campaigns, total: Number(total.n) };
}
