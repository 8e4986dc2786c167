import type { PreviewPromotion } from '../contract/platform-delivery';
import type { Promotion } from '../contract/platform-promotions';
import { slotMark } from './blocks/promotion';
import type { PromotionPart } from './blocks/promotion';
import { escapeHtml } from './escape';

// A promotion's parts as they fill a rendered letter's promotion merge tags
// (blocks/promotion.ts): the send, the platform's previews and the schedule step's preview
// all fill them this way, so what the editor sees is what readers get.

/** Text is escaped where it lands; `{ html }` is placed as it is (already safe markup). */
export type PromotionPartValue = string | { html: string };

/** Only web links go in an email's href or src; anything else leaves the part empty. */
function webUrl(value: string): string {
  const url = value.trim();
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : '';
}

/**
 * A promotion as the fill reads it. `place` says where the letter takes it: its zone, its
 * legacy ad type, or null for a way the letter does not take it (both by default).
 */
export function previewPromotion(promotion: Promotion, place: { zone: number | null; adTypeId: number | null } = promotion): PreviewPromotion {
  return {
    zone: place.zone,
    adTypeId: place.adTypeId,
    heading: promotion.headline,
    headline: promotion.headline,
    content: promotion.content,
    image: promotion.image,
    promoterImage: '',
    imageAlternativeText: promotion.imageAlternativeText,
    promoterImageAlternativeText: '',
    callToAction: promotion.callToAction,
    callToActionUrl: promotion.callToActionUrl,
    promoterDisplayName: promotion.promoterDisplayName,
  };
}

export function promotionParts(promotion: PreviewPromotion): Record<PromotionPart, PromotionPartValue> {
  const copy = escapeHtml(promotion.content.trim()).replace(/\r?\n/g, '<br />');
  return {
    heading: promotion.heading.trim() || promotion.headline.trim(),
    copy: { html: copy },
    image: webUrl(promotion.image || promotion.promoterImage),
    imageAlt: promotion.imageAlternativeText || promotion.promoterImageAlternativeText,
    callToAction: promotion.callToAction.trim(),
    callToActionUrl: webUrl(promotion.callToActionUrl),
    promoterDisplayName: promotion.promoterDisplayName.trim(),
  };
}

const PROMOTION_TAG = /\{\{promotion\.((?:zone|adType)\d+)\.(\w+)\}\}/g;
const SLOT_START = /<!--ld-slot:((?:zone|adType)\d+)(?::(\w+))?-->/;

/** The promotion each slot takes (the first for a zone or an ad type wins). */
function slotsOf(promotions: readonly PreviewPromotion[]): Map<string, Record<PromotionPart, PromotionPartValue>> {
  const slots = new Map<string, Record<PromotionPart, PromotionPartValue>>();
  for (const promotion of promotions) {
    const parts = promotionParts(promotion);
    for (const slot of [promotion.zone != null ? `zone${promotion.zone}` : null, promotion.adTypeId != null ? `adType${promotion.adTypeId}` : null]) {
      if (slot !== null && !slots.has(slot)) slots.set(slot, parts);
    }
  }
  return slots;
}

const isEmpty = (value: PromotionPartValue | undefined) => value === undefined || (typeof value === 'string' ? value : value.html).trim() === '';

/**
 * Takes out what a slot's promotion does not have — the whole promotion when the day has none
 * for the slot, the picture of one without an image, the "from" line of one without a
 * promoter's name — and the marks around the rest, so a reader never sees an empty frame,
 * an `<img src="">` or "Promotion from" with no one after it.
 */
export function settlePromotionSlots(html: string, promotions: readonly PreviewPromotion[]): string {
  if (!html.includes('<!--ld-slot:')) return html;
  const slots = slotsOf(promotions);
  let out = html;
  for (let match = SLOT_START.exec(out); match; match = SLOT_START.exec(out)) {
    const [start, slot, part] = match as unknown as [string, string, PromotionPart | 'promoter' | undefined];
    const end = slotMark.end(slot, part ?? '');
    const endAt = out.indexOf(end, match.index);
    if (endAt < 0) {
      out = out.slice(0, match.index) + out.slice(match.index + start.length);
      continue;
    }
    const parts = slots.get(slot);
    const drop = !parts || (part === 'image' && isEmpty(parts.image)) || (part === 'promoter' && isEmpty(parts.promoterDisplayName));
    const inner = out.slice(match.index + start.length, endAt);
    out = out.slice(0, match.index) + (drop ? '' : inner) + out.slice(endAt + end.length);
  }
  return out;
}

/**
 * Fills every promotion slot of rendered HTML with its promotion (the first for a zone or
 * ad type wins) and empties the slots that have none, as the reader's email shows them.
 */
export function fillPromotionSlots(html: string, promotions: readonly PreviewPromotion[]): string {
  const slots = slotsOf(promotions);
  return settlePromotionSlots(html, promotions).replace(PROMOTION_TAG, (_whole, slot: string, part: string) => {
    const value = slots.get(slot)?.[part as PromotionPart];
    if (value === undefined) return '';
    return typeof value === 'string' ? escapeHtml(value) : value.html;
  });
}
