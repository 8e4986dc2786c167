import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { PromotionRow } from './promotion-records';

// The one query every promotion list reads through (a channel's day at send time, the
// week, the spec's channel, brand and organization lists, their metrics): an organization's
// promotions with the filters a caller may ask, oldest first. A promotion runs in a channel
// when its campaign names the channel or names none (every channel of the organization).

export interface PromotionFilter {
  organizationId: number;
  /** An advertiser's own user id: only the campaigns they created. */
  onlyCreatedBy?: number | null;
  /** Only promotions that run in this channel. */
  channelSlug?: string;
  ids?: readonly number[];
  status?: number;
  /** Headline, content, call to action or campaign title containing it, any case. */
  keyword?: string;
  /** Templates' collateral never runs; lists leave it out unless asked. */
  includeTemplates?: boolean;
}

/** A campaign (aliased `c`) runs in a channel when it names the channel or names none. */
export const runsInChannel = (channelSlug: string) =>
  sql<boolean>`(jsonb_array_length(c.channels) = 0 or c.channels @> jsonb_build_array(${channelSlug}::text))`;

export async function promotionRows(db: Db, filter: PromotionFilter): Promise<PromotionRow[]> {
  if (filter.ids?.length === 0) return [];
  let query = db
    .selectFrom('promotions as p')
    .innerJoin('promotionCampaigns as c', 'c.id', 'p.campaignId')
    .selectAll('p')
    .where('p.organizationId', '=', filter.organizationId)
    .orderBy('p.id');
  if (!filter.includeTemplates) query = query.where('c.isTemplate', '=', false);
  if (filter.onlyCreatedBy != null) query = query.where('c.createdByUserId', '=', filter.onlyCreatedBy);
  if (filter.channelSlug !== undefined) {
    query = query.where(runsInChannel(filter.channelSlug));
  }
  if (filter.ids) query = query.where('p.id', 'in', filter.ids);
  if (filter.status !== undefined) query = query.where('p.status', '=', filter.status);
  const keyword = filter.keyword?.trim() ?? '';
  if (keyword !== '') {
    const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([eb('p.headline', 'ilike', like), eb('p.content', 'ilike', like), eb('p.callToAction', 'ilike', like), eb('c.title', 'ilike', like)]),
    );
  }
  return query.execute();
}
