import { z } from 'zod';
import { AlignmentSchema, FooterLanguageSchema, type FooterLanguage } from '../enums';

// The footer shows the channel's name and contact address, the unsubscribe links and the
// copyright; its texts are built at render time from these fields.

export const PostalAddressSchema = z.object({
  street: z.string(),
  city: z.string(),
  state: z.string(),
  postal: z.string(),
});
export type PostalAddress = z.infer<typeof PostalAddressSchema>;

export const FooterModelSchema = z.strictObject({
  /** Empty means the channel's own name (the spec's customChannelName). */
  channelName: z.string(),
  /** Show the channel logo (the spec's hasLetterheadLogo). */
  hasLogo: z.boolean(),
  align: AlignmentSchema,
  languageType: FooterLanguageSchema,
  address: PostalAddressSchema,
  /**
   * The 'Made with' credit (spec 2 §9: optional), switched in the footer panel. Absent (a
   * letter saved before the switch) means on, so those letters keep their credit. The
   * channel settings can also switch it off for every letter of the channel; both must be on.
   */
  madeWithCredit: z.boolean().optional(),
});
export type FooterModel = z.infer<typeof FooterModelSchema>;

export function defaultFooterModel(): FooterModel {
  return {
    channelName: '',
    hasLogo: false,
    align: 'center',
    languageType: 'en',
    address: { street: '', city: '', state: '', postal: '' },
    madeWithCredit: true,
  };
}

export interface FooterText {
  rights: string;
  unsubscribe: string;
  behaviourOptOut: string;
  madeWith: string;
  /** The link at the top of an email to its public page (in the channel's language). */
  viewInBrowser: string;
}

/** Every footer string, once per language. */
export const FOOTER_TEXT: Record<FooterLanguage, FooterText> = {
  en: {
    rights: 'All rights reserved.',
    unsubscribe: 'Unsubscribe',
    behaviourOptOut: 'Opt out of emails based on your activity',
    madeWith: 'Made with',
    viewInBrowser: 'View in browser',
  },
  sp: {
    rights: 'Todos los derechos reservados.',
    unsubscribe: 'Cancelar suscripción',
    behaviourOptOut: 'Dejar de recibir correos basados en tu actividad',
    madeWith: 'Hecho con',
    viewInBrowser: 'Ver en el navegador',
  },
};

/** Named in the footer's credit line. */
export const PRODUCT_NAME = 'Letterdesk';

/** Whether the footer shows the 'Made with' credit: on unless the footer or its channel switched it off. */
export function showsMadeWithCredit(model: Pick<FooterModel, 'madeWithCredit'>, channel: { madeWithCredit?: boolean } | null | undefined): boolean {
  return model.madeWithCredit !== false && channel?.madeWithCredit !== false;
}
