import type { PreviewPromotion } from '../../shared/contract/platform-delivery';
import { promotionMergeTag } from '../../shared/render/blocks/promotion';
import { previewPromotion, settlePromotionSlots } from '../../shared/render/promotion-fill';
import { PromotionStatus, promotionRunsOn } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import { fillMergeTags } from '../../shared/render/merge-fill';
import { promotionLookup } from '../../shared/render/merge-values';
import { promotionRows } from './promotion-queries';
import { toPromotions } from './promotion-records';
import type { PromotionRow } from './promotion-records';

// Which promotions a channel carries on a day, and filling a rendered letter's promotion
// slots with them at send time (spec 1 §7 promotions by date). A promotion runs in a
// channel when its campaign names the channel or names none (all of the organization's).

/** Approved promotions of the organization's campaigns for this channel and day, oldest first. */
export async function promotionsScheduledFor(
  db: Db,
  input: { organizationId: number; channelSlug: string; day: string; approvedOnly?: boolean },
): Promise<PromotionRow[]> {
  const rows = await promotionRows(db, {
    organizationId: input.organizationId,
    channelSlug: input.channelSlug,
    ...(input.approvedOnly !== false ? { status: PromotionStatus.approved } : {}),
  });
  return rows.filter((row) => promotionRunsOn(row, input.day));
}

/** Whether the rendered letter has a slot for this zone or ad type. */
function slotIn(html: string, slot: string): boolean {
  return html.includes(promotionMergeTag(slot, 'heading'));
}

/**
 * Fills the letter's zone and ad-type slots with the day's promotions (the first for a slot
 * wins; only the `carried` ones when the letter submitted its ads for that day) and records which promotion each sent letter carried, with its link, so clicks and
 * views count for it. Slots without a promotion are left for the reader's fill, which empties them.
 */
export async function fillScheduledPromotions(
  db: Db,
  input: {
    letterId: number;
    organizationId: number;
    channelSlug: string;
    day: string | null;
    html: string;
    carried?: readonly number[] | null;
    /** False for a test email: the same promotions, but nothing counts as carried by the letter. */
    record?: boolean;
  },
): Promise<string> {
  if (!input.html.includes('{{promotion.')) return input.html;
  // No send day yet: every slot is empty, and goes.
  if (input.day === null) return settlePromotionSlots(input.html, []);
  const { carried } = input;
  const rows = (await promotionsScheduledFor(db, { organizationId: input.organizationId, channelSlug: input.channelSlug, day: input.day })).filter(
    (row) => carried === undefined || carried === null || carried.includes(row.id),
  );
  const promotions = await toPromotions(db, rows);
  const placed: { promotionId: number; slot: string; url: string }[] = [];
  const taken = new Set<string>();
  const preview: PreviewPromotion[] = [];
  for (const promotion of promotions) {
    const slots = [`zone${promotion.zone}`, ...(promotion.adTypeId !== null ? [`adType${promotion.adTypeId}`] : [])].filter(
      (slot) => !taken.has(slot) && slotIn(input.html, slot),
    );
    if (slots.length === 0) continue;
    slots.forEach((slot) => taken.add(slot));
    placed.push({ promotionId: promotion.id, slot: slots[0]!, url: promotion.callToActionUrl });
    preview.push(
      previewPromotion(promotion, {
        zone: slots.some((s) => s.startsWith('zone')) ? promotion.zone : null,
        adTypeId: slots.some((s) => s.startsWith('adType')) ? promotion.adTypeId : null,
      }),
    );
  }
  if (placed.length === 0) return settlePromotionSlots(input.html, []);
  if (input.record !== false) {
    await db
      .insertInto('letterPromotions')
      .values(placed.map((p) => ({ letterId: input.letterId, promotionId: p.promotionId, slot: p.slot, callToActionUrl: p.url })))
      .onConflict((oc) => oc.columns(['letterId', 'promotionId']).doNothing())
      .execute();
  }
  return fillMergeTags(settlePromotionSlots(input.html, preview), promotionLookup(preview), 'html');
}
