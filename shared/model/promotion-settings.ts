import { z } from 'zod';
import { rowId } from './column-ranges';
import { BorderSchema, SidesSchema, defaultBorder, sides } from './border';
import {
  PROMOTION_BACKGROUND_COLOR_DEFAULT,
  PROMOTION_BORDER_THICKNESS_DEFAULT,
  PROMOTION_DISCLAIMER_DEFAULT,
  PROMOTION_PADDING_DEFAULT,
} from './constants';
import { TextStyleSchema, letterTextStyle } from './text-style';

// Promotion styling lives both in the letter settings (PROMOTION styles tab) and on each
// promotion block, so the shared parts are defined here once.

export const PromotionTextSettingsSchema = z.object({
  headingSettings: TextStyleSchema,
  copySettings: TextStyleSchema,
  disclaimerSettings: TextStyleSchema,
});
export type PromotionTextSettings = z.infer<typeof PromotionTextSettingsSchema>;

export const PromotionSettingsSchema = PromotionTextSettingsSchema.extend({
  displayDisclaimer: z.boolean(),
  disclaimer: z.string(),
  backgroundColor: z.string(),
  padding: SidesSchema,
  borders: BorderSchema,
});
export type PromotionSettings = z.infer<typeof PromotionSettingsSchema>;

/**
 * A promoter ad as the schedule step submits it (spec 1 §3 "Promotion as used by the
 * schedule step"): the promotion's id, its zone and its start date (null when it has none).
 */
export const PromotionAdSchema = z.object({
  id: rowId(),
  zone: z.number().int().positive().max(100),
  dateStart: z.string().max(10).nullable(),
});
export type PromotionAd = z.infer<typeof PromotionAdSchema>;

/** The ads chosen for a letter sent on `date` (YYYY-MM-DD); a choice made for another day does not count. */
export const PromotionAdsChoiceSchema = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  ads: z.array(PromotionAdSchema).max(200),
});
export type PromotionAdsChoice = z.infer<typeof PromotionAdsChoiceSchema>;

/** The spec gives no sizes for promotion text; heading like an h4, copy like p, a small disclaimer. */
export const PROMOTION_TEXT_SIZES = { heading: 20, copy: 16, disclaimer: 12 } as const;

export function defaultPromotionTextSettings(): PromotionTextSettings {
  return {
    headingSettings: letterTextStyle(PROMOTION_TEXT_SIZES.heading),
    copySettings: letterTextStyle(PROMOTION_TEXT_SIZES.copy),
    disclaimerSettings: letterTextStyle(PROMOTION_TEXT_SIZES.disclaimer),
  };
}

/** Spec 1 §9: disclaimer shown, white background, border thickness 1, padding 4 each side. */
export function defaultPromotionSettings(): PromotionSettings {
  return {
    ...defaultPromotionTextSettings(),
    displayDisclaimer: true,
    disclaimer: PROMOTION_DISCLAIMER_DEFAULT,
    backgroundColor: PROMOTION_BACKGROUND_COLOR_DEFAULT,
    padding: sides(PROMOTION_PADDING_DEFAULT),
    borders: {
      ...defaultBorder(),
      thickness: sides(PROMOTION_BORDER_THICKNESS_DEFAULT),
      applyBorders: true,
    },
  };
}
