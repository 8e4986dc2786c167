import type { BridgeHandlers } from '../../../shared/contract/bridge';
import { PromotionListSchema, promotionPaths, type Promotion } from '../../../shared/contract/platform-promotions';
import { fillPromotionSlots, previewPromotion } from '../../../shared/render/promotion-fill';
import { adsToSubmit, chosenAds, promoterAd } from '../../../shared/rules/promotions';
import type { PlatformClient } from '../platform/platform-client';
import type { PreviewService } from '../render/preview-service';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import { existingLetter } from './existing-letter';

// The schedule step shows the email as readers will get it: the core renders the letter as
// for any preview, then fills each promotion slot with the promotion the send will carry on
// the send day (the ads chosen or, without a choice, all of the day's, through adsToSubmit;
// the first for a slot), and empties the slots that get none. The day's promotions need the
// platform; without it the preview is the plain one.

export function promotionPreviewHandlers(deps: {
  store: LettersStore;
  previews: PreviewService;
  session: SessionService;
  client: PlatformClient;
}): Pick<BridgeHandlers, 'promotions.schedulePreview'> {
  const { store, previews, session, client } = deps;
  return {
    async 'promotions.schedulePreview'({ uniqueId }) {
      const letter = await existingLetter(store, uniqueId);
      const preview = await previews.preview(letter);
      const day = letter.publicationDate?.slice(0, 10) ?? null;
      if (day === null || !preview.html.includes('{{promotion.')) return preview;
      let items: Promotion[];
      try {
        if (!(await session.ensureSignedIn())) return preview;
        const path = `${promotionPaths.channelPromotions(letter.brandSlug, letter.channelSlug)}?date=${day}`;
        items = (await client.request('GET', path, PromotionListSchema)).items;
      } catch {
        return preview;
      }
      const carried = new Set(adsToSubmit(chosenAds(letter.settings.promotionAds, day, items.map(promoterAd))).map((ad) => ad.id));
      const promotions = items.filter((promotion) => carried.has(promotion.id)).map((promotion) => previewPromotion(promotion));
      return { ...preview, html: fillPromotionSlots(preview.html, promotions) };
    },
  };
}
