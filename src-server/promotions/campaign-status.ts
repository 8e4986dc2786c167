import { CampaignStatus, isCampaignInSetup, nextCampaignStatus, priorCampaignStatus } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import { conflict } from '../http/errors';
import { requireMember } from './promotion-access';
import type { CampaignRow, PromotionAccess } from './promotion-access';

// A campaign's status changes (spec 3 §4) and its comment thread, where each change is kept
// as a comment row with its status.

export async function addComment(db: Db, campaignId: number, userId: number, comment: string, status: number | null): Promise<void> {
  if (comment.trim() === '' && status === null) return;
  await db.insertInto('promotionCampaignComments').values({ campaignId, userId, comment: comment.trim(), status }).execute();
}

/** A status change of the campaign, as the stepper, approval or the publisher asks it. */
export async function changeStatus(db: Db, access: PromotionAccess, campaign: CampaignRow, status: number, comment: string): Promise<CampaignRow> {
  const allowed = [nextCampaignStatus(campaign.status), priorCampaignStatus(campaign.status), CampaignStatus.new];
  if (status === CampaignStatus.approved) {
    requireMember(access);
    if (isCampaignInSetup(campaign.status)) throw conflict('Finish the campaign setup before approving it.');
  } else if (!allowed.includes(status) && status !== CampaignStatus.draft) {
    throw conflict(`A campaign cannot go from status ${campaign.status} to ${status}.`);
  }
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable('promotionCampaigns')
      .set({ status, updatedAt: new Date() })
      .where('id', '=', campaign.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    await addComment(trx, campaign.id, access.userId, comment, status);
    return row;
  });
}
