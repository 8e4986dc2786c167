import { z } from 'zod';
import { PROMOTION_DISCLAIMER_DEFAULT, PROMOTION_ZONE_NONE } from '../constants';
import { PromotionTextSettingsSchema, defaultPromotionTextSettings } from '../promotion-settings';

// Promotion blocks. The legacy block picks an ad type; the new one picks a zone, and a zone
// may be used by one promotion block only (checked across the letter, not here).

export const PromotionModelSchema = z.strictObject({
  ...PromotionTextSettingsSchema.shape,
  /** null until a promotion type is chosen ('Please select a promotion type.'). */
  adTypeId: z.number().int().nullable(),
  disclaimer: z.string(),
  displayDisclaimer: z.boolean(),
  title: z.string(),
  name: z.string(),
});
export type PromotionModel = z.infer<typeof PromotionModelSchema>;

export const NewPromotionModelSchema = PromotionModelSchema.omit({ adTypeId: true }).extend({
  /** 0 means no zone chosen yet. */
  zone: z.number().int().nonnegative(),
});
export type NewPromotionModel = z.infer<typeof NewPromotionModelSchema>;

export function defaultPromotionModel(): PromotionModel {
  return {
    ...defaultPromotionTextSettings(),
    adTypeId: null,
    disclaimer: PROMOTION_DISCLAIMER_DEFAULT,
    displayDisclaimer: true,
    title: '',
    name: '',
  };
}

export function defaultNewPromotionModel(): NewPromotionModel {
  return {
    ...defaultPromotionTextSettings(),
    disclaimer: PROMOTION_DISCLAIMER_DEFAULT,
    displayDisclaimer: true,
    title: '',
    name: '',
    zone: PROMOTION_ZONE_NONE,
  };
}
