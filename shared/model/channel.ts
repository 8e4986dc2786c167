import { z } from 'zod';
import { FooterLanguageSchema } from './enums';

// Channel, organization (= brand) and user as the platform describes them (spec 1 §3).

export const ChannelSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  channelSlug: z.string(),
  brandId: z.number().int(),
  brandSlug: z.string(),
  accentColor: z.string(),
  defaultStyleBaseFontSize: z.number(),
  channelSquareLogo: z.string().nullable(),
  channelName: z.string(),
  timezone: z.object({ tzCode: z.string() }),
  esp: z.number().int().nonnegative(),
  // Set on the channel settings screen (channel-settings.ts). Optional so a platform that
  // predates the screen still describes a channel the app can use.
  fontColor: z.string().optional(),
  backgroundColor: z.string().optional(),
  footerLanguage: FooterLanguageSchema.optional(),
  /** Reader options from the channel settings (absent from platforms older than them: both on). */
  madeWithCredit: z.boolean().optional(),
  viewInBrowserLink: z.boolean().optional(),
  contactAddress: z.object({ street: z.string(), city: z.string(), state: z.string(), postal: z.string(), country: z.string() }).optional(),
});
export type Channel = z.infer<typeof ChannelSchema>;

/** The tenant-wide "company channel" slug (DECISIONS). */
export const COMPANY_CHANNEL_SLUG = 'company';

export const OrganizationSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  /** 'advertiser': a promotions grant, not a membership; only the promotions screens open. */
  role: z.enum(['owner', 'admin', 'editor', 'advertiser']),
  channels: z.array(ChannelSchema),
});
export type Organization = z.infer<typeof OrganizationSchema>;

export const UserSchema = z.object({
  uniqueId: z.string(),
  email: z.string(),
  name: z.string(),
  surname: z.string(),
});
export type User = z.infer<typeof UserSchema>;
