import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { CreateCampaignSchema } from '../../shared/contract/platform-promotions';
import { CampaignStatus } from '../../shared/rules/promotions';
import { normalizeEmail } from '../db/accounts';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { invalidData } from '../http/errors';
import type { CampaignRow, PromotionAccess } from './promotion-access';

// Creating a campaign, whichever path it comes by (the organization's create and scaffold,
// the channel's {api2}/promotion-campaigns): status 0 whatever the caller sends, the caller
// as its creator, so an advertiser's campaign is theirs.

export type CreateCampaignBody = z.output<typeof CreateCampaignSchema>;

/** Channel slugs must be channels of the organization. */
export async function checkChannels(db: Db, organizationId: number, channels: readonly string[]): Promise<void> {
  if (channels.length === 0) return;
  const rows = await db.selectFrom('channels').select('slug').where('organizationId', '=', organizationId).where('slug', 'in', channels).execute();
  const known = new Set(rows.map((row) => row.slug));
  const unknown = channels.filter((slug) => !known.has(slug));
  if (unknown.length > 0) throw invalidData({ channels: [`Not a channel of this organization: ${unknown.join(', ')}.`] });
}

/** `allowTemplate`: only the scaffold call makes templates, and only for members. */
export async function createCampaign(db: Db, access: PromotionAccess, body: CreateCampaignBody, allowTemplate: boolean): Promise<CampaignRow> {
  await checkChannels(db, access.organizationId, body.channels);
  return db
    .insertInto('promotionCampaigns')
    .values({
      uniqueId: randomUUID(),
      organizationId: access.organizationId,
      channels: toJson(body.channels),
      title: body.title,
      description: body.description,
      campaignInstructions: body.campaignInstructions,
      promoterName: body.promoterName,
      promoterEmail: body.promoterEmail ? normalizeEmail(body.promoterEmail) : '',
      status: CampaignStatus.new,
      isTemplate: allowTemplate && access.isMember ? body.isTemplate : false,
      dateRangeStart: body.dateRangeStart ?? null,
      dateRangeEnd: body.dateRangeEnd ?? null,
      createdByUserId: access.userId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
