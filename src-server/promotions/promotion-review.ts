import { PromotionStatus, promotionDays } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import { conflict } from '../http/errors';
import type { PromotionRow } from './promotion-records';

// The publisher's review of collateral: approve (status 4, within the ad type's daily
// inventory) or request changes (back to 0), each with a message kept beside the promotion.

export type ReviewKind = 'approve' | 'request-changes';

/** Approving collateral without the image its ad type shows is refused with this. */
export const adTypeNeedsImageMessage = (adType: string) => `${adType} shows an image, and this promotion has none: ask for one before approving.`;

/**
 * An ad type sells `inventory` promotions a day: approving one more on a day already full
 * is refused (409). The ad type's row is locked so two approvals cannot both take the last one.
 */
async function checkInventory(trx: Db, promotion: PromotionRow): Promise<void> {
  const adType = await trx.selectFrom('promotionAdTypes').select(['id', 'title', 'inventory', 'hasImage']).where('id', '=', promotion.adTypeId!).forUpdate().executeTakeFirst();
  if (!adType) return;
  // Its readers would get the ad type's frame with no picture in it.
  if (adType.hasImage && promotion.image.trim() === '') throw conflict(adTypeNeedsImageMessage(adType.title));
  const others = await trx
    .selectFrom('promotions')
    .selectAll()
    .where('adTypeId', '=', adType.id)
    .where('status', '=', PromotionStatus.approved)
    .where('id', '<>', promotion.id)
    .execute();
  for (const day of promotionDays(promotion)) {
    const taken = others.filter((other) => promotionDays(other).includes(day)).length;
    if (taken >= adType.inventory) throw conflict(`${adType.title} has no inventory left on ${day}: ${taken} of ${adType.inventory} approved.`);
  }
}

export async function reviewPromotion(db: Db, promotion: PromotionRow, userId: number, kind: ReviewKind, message: string) {
  return db.transaction().execute(async (trx) => {
    if (kind === 'approve' && promotion.adTypeId !== null) await checkInventory(trx, promotion);
    const row = await trx
      .updateTable('promotions')
      .set({ status: kind === 'approve' ? PromotionStatus.approved : PromotionStatus.new, updatedAt: new Date() })
      .where('id', '=', promotion.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    const note = await trx
      .insertInto('promotionMessages')
      .values({ promotionId: promotion.id, userId, kind, message })
      .returning(['id', 'message', 'createdAt'])
      .executeTakeFirstOrThrow();
    return { row, message: { ...note, createdAt: note.createdAt.toISOString() } };
  });
}
