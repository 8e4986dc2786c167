import type { Db } from '../db/database';
import type { PromotionCampaignsTable, PromotionsTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { forbidden, notFound } from '../http/errors';

// Who may touch an organization's promotions: its members (owners, admins, editors) see
// all of them; an advertiser (a promotion_advertisers grant, never a membership, so no
// letter route lets them in) sees only the campaigns they created and their collateral.

export interface PromotionAccess {
  organizationId: number;
  organizationSlug: string;
  userId: number;
  /** null for members: every campaign; an advertiser's own user id otherwise. */
  onlyCreatedBy: number | null;
  isMember: boolean;
}

export type CampaignRow = Selectable<PromotionCampaignsTable>;

export const NO_PROMOTION_ACCESS = 'You do not have access to the promotions of this organization.';
export const CAMPAIGN_NOT_FOUND = 'This campaign does not exist.';
export const PROMOTION_NOT_FOUND = 'This promotion does not exist.';
export const MEMBERS_ONLY = 'Only the editors of this organization can do this.';

async function accessTo(db: Db, userId: number, organization: { id: number; slug: string }): Promise<PromotionAccess | null> {
  const [membership, grant] = await Promise.all([
    db.selectFrom('memberships').select('role').where('userId', '=', userId).where('organizationId', '=', organization.id).executeTakeFirst(),
    db
      .selectFrom('promotionAdvertisers')
      .select('userId')
      .where('userId', '=', userId)
      .where('organizationId', '=', organization.id)
      .executeTakeFirst(),
  ]);
  if (membership) return { organizationId: organization.id, organizationSlug: organization.slug, userId, onlyCreatedBy: null, isMember: true };
  if (grant) return { organizationId: organization.id, organizationSlug: organization.slug, userId, onlyCreatedBy: userId, isMember: false };
  return null;
}

export async function promotionAccess(db: Db, userId: number, organizationSlug: string): Promise<PromotionAccess> {
  const organization = await db.selectFrom('organizations').select(['id', 'slug']).where('slug', '=', organizationSlug).executeTakeFirst();
  if (!organization) throw notFound('This organization does not exist.');
  const access = await accessTo(db, userId, organization);
  if (!access) throw forbidden(NO_PROMOTION_ACCESS);
  return access;
}

/** Every organization whose promotions the caller reaches, by slug order. */
export async function promotionAccesses(db: Db, userId: number): Promise<PromotionAccess[]> {
  const organizations = await db
    .selectFrom('organizations')
    .select(['id', 'slug'])
    .where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('memberships').select('userId').whereRef('memberships.organizationId', '=', 'organizations.id').where('memberships.userId', '=', userId)),
        eb.exists(
          eb.selectFrom('promotionAdvertisers').select('userId').whereRef('promotionAdvertisers.organizationId', '=', 'organizations.id').where('promotionAdvertisers.userId', '=', userId),
        ),
      ]),
    )
    .orderBy('slug')
    .execute();
  const found = await Promise.all(organizations.map((organization) => accessTo(db, userId, organization)));
  return found.filter((access): access is PromotionAccess => access !== null);
}

export function requireMember(access: PromotionAccess): void {
  if (!access.isMember) throw forbidden(MEMBERS_ONLY);
}

/** A campaign of the organization the caller may see, else 404 (an advertiser's view of another's campaign is the same). */
export async function campaignById(db: Db, access: PromotionAccess, id: number): Promise<CampaignRow> {
  let query = db.selectFrom('promotionCampaigns').selectAll().where('id', '=', id).where('organizationId', '=', access.organizationId);
  if (access.onlyCreatedBy !== null) query = query.where('createdByUserId', '=', access.onlyCreatedBy);
  const campaign = await query.executeTakeFirst();
  if (!campaign) throw notFound(CAMPAIGN_NOT_FOUND);
  return campaign;
}

/** Paths that name a campaign by its unique id alone: the caller's access comes from the campaign's organization. */
export async function campaignByUniqueId(db: Db, userId: number, uniqueId: string): Promise<{ campaign: CampaignRow; access: PromotionAccess }> {
  const found = await db
    .selectFrom('promotionCampaigns')
    .innerJoin('organizations', 'organizations.id', 'promotionCampaigns.organizationId')
    .selectAll('promotionCampaigns')
    .select('organizations.slug as organizationSlug')
    .where('promotionCampaigns.uniqueId', '=', uniqueId)
    .executeTakeFirst();
  if (!found) throw notFound(CAMPAIGN_NOT_FOUND);
  const { organizationSlug, ...campaign } = found;
  const access = await accessTo(db, userId, { id: campaign.organizationId, slug: organizationSlug });
  if (!access || (access.onlyCreatedBy !== null && campaign.createdByUserId !== access.onlyCreatedBy)) throw notFound(CAMPAIGN_NOT_FOUND);
  return { campaign, access };
}

/**
 * A promotion (collateral) by its id or unique id, with its campaign and the caller's
 * access: null when there is none, 404 when the caller may not see it (an advertiser's view
 * of another's collateral is the same).
 */
export async function promotionByRef(
  db: Db,
  userId: number,
  ref: number | string,
): Promise<{ promotion: Selectable<PromotionsTable>; campaign: CampaignRow; access: PromotionAccess } | null> {
  let query = db.selectFrom('promotions').innerJoin('promotionCampaigns as c', 'c.id', 'promotions.campaignId').selectAll('promotions').select('c.uniqueId as campaignUniqueId');
  query = typeof ref === 'number' ? query.where('promotions.id', '=', ref) : query.where('promotions.uniqueId', '=', ref);
  const found = await query.executeTakeFirst();
  if (!found) return null;
  const { campaignUniqueId, ...promotion } = found;
  try {
    return { promotion, ...(await campaignByUniqueId(db, userId, campaignUniqueId)) };
  } catch {
    throw notFound(PROMOTION_NOT_FOUND);
  }
}

/** A promotion the caller may see, else 404. */
export async function requirePromotion(db: Db, userId: number, ref: number | string) {
  const found = await promotionByRef(db, userId, ref);
  if (!found) throw notFound(PROMOTION_NOT_FOUND);
  return found;
}

export interface PromotionChannel {
  id: number;
  slug: string;
  tenantId: number;
  organizationId: number;
}

export const CHANNEL_NOT_FOUND = 'This channel does not exist.';

/** A channel of the organization the caller reaches, by slug (or id); 404 otherwise. */
export async function channelOf(db: Db, access: PromotionAccess, ref: string): Promise<PromotionChannel> {
  let query = db.selectFrom('channels').select(['id', 'slug', 'tenantId', 'organizationId']).where('organizationId', '=', access.organizationId);
  query = /^\d{1,9}$/.test(ref) ? query.where((eb) => eb.or([eb('id', '=', Number(ref)), eb('slug', '=', ref)])) : query.where('slug', '=', ref);
  const channel = await query.orderBy('id').executeTakeFirst();
  if (!channel) throw notFound(CHANNEL_NOT_FOUND);
  return channel;
}

/**
 * Paths that name a channel alone (channels/{id}/...): by id, or by slug among the
 * organizations the caller reaches (a slug is unique only within its organization).
 */
export async function channelAccess(db: Db, userId: number, ref: string): Promise<{ channel: PromotionChannel; access: PromotionAccess }> {
  let query = db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .select(['channels.id', 'channels.slug', 'channels.tenantId', 'channels.organizationId', 'organizations.slug as organizationSlug']);
  query = /^\d{1,9}$/.test(ref) ? query.where('channels.id', '=', Number(ref)) : query.where('channels.slug', '=', ref);
  for (const { organizationSlug, ...channel } of await query.orderBy('channels.id').execute()) {
    const access = await accessTo(db, userId, { id: channel.organizationId, slug: organizationSlug });
    if (access) return { channel, access };
  }
  throw notFound(CHANNEL_NOT_FOUND);
}
