import { sql } from 'kysely';
import type { Selectable } from 'kysely';
import type { AdType, Campaign, CampaignMetrics, Promotion } from '../../shared/contract/platform-promotions';
import { payText, promotionHeadline } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import type { PromotionAdTypesTable, PromotionsTable } from '../db/schema';
import type { CampaignRow } from './promotion-access';

// Rows of the promotion tables as the API answers them, and the campaign counts: clicks
// on a promotion's link in the letters that carried it, views the readers who opened them.

export type PromotionRow = Selectable<PromotionsTable>;
export type AdTypeRow = Selectable<PromotionAdTypesTable>;

interface Counts {
  clicks: number;
  views: number;
}

/** Clicks and views per campaign, for the campaigns listed. */
export async function campaignCounts(db: Db, campaignIds: readonly number[]): Promise<Map<number, Counts>> {
  const counts = new Map<number, Counts>(campaignIds.map((id) => [id, { clicks: 0, views: 0 }]));
  if (campaignIds.length === 0) return counts;
  const clicks = await db
    .selectFrom('recipientClicks as rc')
    .innerJoin('letterLinks as ll', (join) => join.onRef('ll.letterId', '=', 'rc.letterId').onRef('ll.position', '=', 'rc.position'))
    .innerJoin('letterPromotions as lp', (join) => join.onRef('lp.letterId', '=', 'll.letterId').onRef('lp.callToActionUrl', '=', 'll.url'))
    .innerJoin('promotions as p', 'p.id', 'lp.promotionId')
    .select(['p.campaignId', sql<string>`count(*)`.as('n')])
    .where('p.campaignId', 'in', campaignIds)
    .groupBy('p.campaignId')
    .execute();
  const views = await db
    .selectFrom('letterPromotions as lp')
    .innerJoin('promotions as p', 'p.id', 'lp.promotionId')
    .innerJoin('letterRecipients as r', 'r.letterId', 'lp.letterId')
    .select(['p.campaignId', sql<string>`count(*)`.as('n')])
    .where('p.campaignId', 'in', campaignIds)
    .where(sql<boolean>`exists (select 1 from recipient_opens o where o.letter_id = r.letter_id and o.subscriber_id = r.subscriber_id)`)
    .groupBy('p.campaignId')
    .execute();
  for (const row of clicks) counts.get(row.campaignId)!.clicks = Number(row.n);
  for (const row of views) counts.get(row.campaignId)!.views = Number(row.n);
  return counts;
}

export function toCampaign(row: CampaignRow, counts: Counts = { clicks: 0, views: 0 }): Campaign {
  return {
    id: row.id,
    uniqueId: row.uniqueId,
    brandId: row.organizationId,
    channelSlug: row.channels[0] ?? null,
    channels: row.channels,
    title: row.title,
    description: row.description,
    campaignInstructions: row.campaignInstructions,
    promoterName: row.promoterName,
    promoterEmail: row.promoterEmail,
    status: row.status,
    isTemplate: row.isTemplate,
    dateRangeStart: row.dateRangeStart,
    dateRangeEnd: row.dateRangeEnd,
    clicks: counts.clicks,
    views: counts.views,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** One campaign with its clicks and views. */
export async function answerCampaign(db: Db, row: CampaignRow): Promise<Campaign> {
  const counts = await campaignCounts(db, [row.id]);
  return toCampaign(row, counts.get(row.id));
}

/** Promotions with what they are answered with: campaign, template title, review messages. */
export async function toPromotions(db: Db, rows: readonly PromotionRow[]): Promise<Promotion[]> {
  if (rows.length === 0) return [];
  const campaigns = await db
    .selectFrom('promotionCampaigns')
    .select(['id', 'uniqueId', 'title', 'promoterName'])
    .where('id', 'in', [...new Set(rows.map((row) => row.campaignId))])
    .execute();
  const adTypeIds = [...new Set(rows.map((row) => row.adTypeId).filter((id): id is number => id !== null))];
  const adTypes = adTypeIds.length === 0 ? [] : await db.selectFrom('promotionAdTypes').select(['id', 'title']).where('id', 'in', adTypeIds).execute();
  const messages = await db
    .selectFrom('promotionMessages')
    .select(['id', 'promotionId', 'kind', 'message', 'createdAt'])
    .where('promotionId', 'in', rows.map((row) => row.id))
    .orderBy('id')
    .execute();
  return rows.map((row) => {
    const campaign = campaigns.find((c) => c.id === row.campaignId)!;
    const templateTitle = adTypes.find((a) => a.id === row.adTypeId)?.title ?? null;
    const pay = { payActionNameCode: row.payActionNameCode, payActionQuantity: row.payActionQuantity, payActionValue: Number(row.payActionValue) };
    return {
      id: row.id,
      uniqueId: row.uniqueId,
      brandId: row.organizationId,
      campaignUniqueId: campaign.uniqueId,
      campaignTitle: campaign.title,
      adTypeId: row.adTypeId,
      templateCustomizationId: row.adTypeId,
      zone: row.zone,
      headline: promotionHeadline({ headline: row.headline, templateTitle, promoterName: campaign.promoterName }),
      content: row.content,
      image: row.image,
      imageAlternativeText: row.imageAlternativeText,
      callToAction: row.callToAction,
      callToActionUrl: row.callToActionUrl,
      promoterDisplayName: row.promoterDisplayName,
      dateRangeStart: row.dateRangeStart,
      dateRangeEnd: row.dateRangeEnd,
      dates: row.dates,
      status: row.status,
      ...pay,
      payText: payText(pay),
      messages: messages
        .filter((m) => m.promotionId === row.id)
        .map((m) => ({ id: m.id, kind: m.kind, message: m.message, createdAt: m.createdAt.toISOString() })),
    };
  });
}

/** Ad types in position order; each one's zone is its place in that order. */
export async function organizationAdTypes(db: Db, organizationId: number, organizationSlug: string): Promise<AdType[]> {
  const rows = await db
    .selectFrom('promotionAdTypes')
    .selectAll()
    .where('organizationId', '=', organizationId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row, index) => toAdType(row, organizationSlug, index + 1));
}

function toAdType(row: AdTypeRow, organizationSlug: string, zone: number): AdType {
  const { organizationId: _o, createdAt: _c, ...fields } = row;
  return { ...fields, organizationSlug, zone };
}

/** The zones an organization's letters offer: one per ad type, and one when it has none. */
export async function availableZones(db: Db, organizationId: number): Promise<number> {
  const row = await db
    .selectFrom('promotionAdTypes')
    .select(sql<string>`count(*)`.as('n'))
    .where('organizationId', '=', organizationId)
    .executeTakeFirstOrThrow();
  return Math.max(1, Number(row.n));
}

/** metricsByDay (UTC days) and metricsByPromotion of one campaign. */
export async function campaignMetrics(db: Db, campaignId: number): Promise<CampaignMetrics> {
  const promotions = await db.selectFrom('promotions').selectAll().where('campaignId', '=', campaignId).orderBy('id').execute();
  return promotionMetrics(db, promotions);
}

/**
 * The same metrics for any set of promotions (one, a channel's, a campaign's); with
 * `channelId`, only what the letters of that channel carried.
 */
export async function promotionMetrics(db: Db, promotions: readonly PromotionRow[], options: { channelId?: number } = {}): Promise<CampaignMetrics> {
  const ids = promotions.map((p) => p.id);
  if (ids.length === 0) return { clicks: 0, views: 0, metricsByDay: [], metricsByPromotion: [] };
  const inChannel = options.channelId === undefined ? sql<boolean>`true` : sql<boolean>`lp.letter_id in (select id from letters where channel_id = ${options.channelId})`;
  const clicks = await db
    .selectFrom('recipientClicks as rc')
    .innerJoin('letterLinks as ll', (join) => join.onRef('ll.letterId', '=', 'rc.letterId').onRef('ll.position', '=', 'rc.position'))
    .innerJoin('letterPromotions as lp', (join) => join.onRef('lp.letterId', '=', 'll.letterId').onRef('lp.callToActionUrl', '=', 'll.url'))
    .select(['lp.promotionId', sql<string>`to_char(rc.clicked_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'), sql<string>`count(*)`.as('n')])
    .where('lp.promotionId', 'in', ids)
    .where(inChannel)
    .groupBy(['lp.promotionId', 'day'])
    .execute();
  // A view is a reader who opened a letter carrying the promotion, on the day of their first open.
  const views = await db
    .selectFrom('recipientOpens as o')
    .innerJoin('letterPromotions as lp', 'lp.letterId', 'o.letterId')
    .select([
      'lp.promotionId',
      'o.subscriberId',
      'o.letterId',
      sql<string>`to_char(min(o.opened_at) at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
    ])
    .where('lp.promotionId', 'in', ids)
    .where(inChannel)
    .groupBy(['lp.promotionId', 'o.letterId', 'o.subscriberId'])
    .execute();
  const byDay = new Map<string, { clicks: number; impressions: number; promotions: Set<number> }>();
  const dayOf = (day: string) => byDay.get(day) ?? byDay.set(day, { clicks: 0, impressions: 0, promotions: new Set() }).get(day)!;
  const byPromotion = new Map<number, { clicks: number; impressions: number }>(ids.map((id) => [id, { clicks: 0, impressions: 0 }]));
  for (const row of clicks) {
    const n = Number(row.n);
    const d = dayOf(row.day);
    d.clicks += n;
    d.promotions.add(row.promotionId);
    byPromotion.get(row.promotionId)!.clicks += n;
  }
  for (const row of views) {
    const d = dayOf(row.day);
    d.impressions += 1;
    d.promotions.add(row.promotionId);
    byPromotion.get(row.promotionId)!.impressions += 1;
  }
  const rows = await toPromotions(db, [...promotions]);
  const metricsByPromotion = rows.map((p) => ({ promotionId: p.id, headline: p.headline, payText: p.payText, ...byPromotion.get(p.id)! }));
  return {
    clicks: metricsByPromotion.reduce((sum, p) => sum + p.clicks, 0),
    views: metricsByPromotion.reduce((sum, p) => sum + p.impressions, 0),
    metricsByDay: [...byDay.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([date, d]) => ({ date, clicks: d.clicks, impressions: d.impressions, promotions: d.promotions.size })),
    metricsByPromotion,
  };
}
