import { z } from 'zod';
import { AlignmentSchema, FooterLanguageSchema } from '../enums';

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
});
export type FooterModel = z.infer<typeof FooterModelSchema>;

export function defaultFooterModel(): FooterModel {
  return {
    channelName: '',
    hasLogo: false,
    align: 'center',
    languageType: 'en',
    address: { street: '', city: '', state: '', postal: '' },
  };
}
