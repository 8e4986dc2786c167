import { PromotionListSchema, promotionPaths } from '../../../shared/contract/platform-promotions';
import type { Letter } from '../../../shared/model/letter';
import type { PromotionAdsChoice } from '../../../shared/model/promotion-settings';
import { parseSections, type Section } from '../../../shared/model/section';
import { adsToSubmit, chosenAds, promoterAd } from '../../../shared/rules/promotions';
import type { PlatformClient } from '../platform/platform-client';

// Schedule submits the letter's promoter ads (spec 1 §5, "Promoter ads without a start date
// are skipped on submit"): the ads chosen at the schedule step for the send day, or every ad
// of that day when the editor made no choice, through adsToSubmit. The platform keeps them in
// the letter's settings and the send carries only them (docs/decisions.md "Promotions at scheduling").

function hasPromotionBlock(sections: readonly Section[]): boolean {
  return sections.some(
    (section) =>
      (section.type === 'newpromotion' && section.blockModel.zone > 0) ||
      (section.type === 'promotion' && section.blockModel.adTypeId !== null) ||
      hasPromotionBlock(section.blocks),
  );
}

/** The ads to store with the letter at Schedule; the letter's own value when it has no promotion block or send day. */
export async function promotionAdsToSubmit(letter: Letter, client: PlatformClient): Promise<PromotionAdsChoice | undefined> {
  const day = letter.publicationDate?.slice(0, 10) ?? null;
  let sections: Section[];
  try {
    sections = parseSections(letter.blocks);
  } catch {
    sections = [];
  }
  if (day === null || !hasPromotionBlock(sections)) return letter.settings.promotionAds;
  const choice = letter.settings.promotionAds;
  const dayAds =
    choice?.date === day
      ? []
      : (await client.request('GET', `${promotionPaths.channelPromotions(letter.brandSlug, letter.channelSlug)}?date=${day}`, PromotionListSchema)).items.map(promoterAd);
  return { date: day, ads: adsToSubmit(chosenAds(choice, day, dayAds)) };
}
