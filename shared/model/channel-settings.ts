import { z } from 'zod';
import { FooterLanguageSchema } from './enums';

// The channel settings screen (spec 2 §2 `/organizations/{brandSlug}/channels/{channelSlug}/settings`):
// what an editor sets once for every letter of the channel. The composer reads these through
// the session's Channel (logo, colours, footer address and language).

export const CHANNEL_SETTINGS_MESSAGES = {
  title: 'Enter a name for the channel.',
  titleTooLong: 'The name may not be greater than 120 characters.',
  color: 'Enter a colour such as #1D2D4D.',
  logo: 'Enter the address of an image, starting with https:// or http://.',
  baseFontSize: 'The base font size must be a whole number between 10 and 36.',
  timezone: 'Choose a timezone from the list.',
  addressTooLong: 'Keep each line of the address under 200 characters.',
} as const;

export const BASE_FONT_SIZE_MIN = 10;
export const BASE_FONT_SIZE_MAX = 36;

/** #rgb or #rrggbb: what the colour pickers write and every mail client draws. */
const HexColorSchema = z.string().trim().regex(/^#([0-9a-f]{3}|[0-9a-f]{6})$/i, CHANNEL_SETTINGS_MESSAGES.color);

/**
 * Zones found known: asking Intl costs more than the rest of a letter's check. Bounded,
 * since Intl also takes any mix of upper and lower case.
 */
const knownZones = new Set<string>();
const KNOWN_ZONES_MAX = 1_000;

/** A zone this JavaScript knows (IANA names such as America/New_York). */
export function isKnownTimezone(zone: string): boolean {
  if (knownZones.has(zone)) return true;
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
  } catch {
    return false;
  }
  if (knownZones.size < KNOWN_ZONES_MAX) knownZones.add(zone);
  return true;
}

const AddressLine = z.string().trim().max(200, CHANNEL_SETTINGS_MESSAGES.addressTooLong);

export const ChannelPostalAddressSchema = z.object({
  street: AddressLine,
  city: AddressLine,
  state: AddressLine,
  postal: AddressLine,
  country: AddressLine,
});
export type ChannelPostalAddress = z.infer<typeof ChannelPostalAddressSchema>;

export const ChannelSettingsSchema = z.object({
  /** The channel's name: its title in the app and the name readers see in the footer. */
  title: z.string().trim().min(1, CHANNEL_SETTINGS_MESSAGES.title).max(120, CHANNEL_SETTINGS_MESSAGES.titleTooLong),
  /** The square logo's address (logo blocks, footer logo), or null for none. */
  logoUrl: z
    .string()
    .trim()
    .max(2048, CHANNEL_SETTINGS_MESSAGES.logo)
    .regex(/^https?:\/\/[^\s/?#]+\S*$/i, CHANNEL_SETTINGS_MESSAGES.logo)
    .nullable(),
  accentColor: HexColorSchema,
  fontColor: HexColorSchema,
  backgroundColor: HexColorSchema,
  baseFontSize: z.number({ error: CHANNEL_SETTINGS_MESSAGES.baseFontSize }).int(CHANNEL_SETTINGS_MESSAGES.baseFontSize).min(BASE_FONT_SIZE_MIN, CHANNEL_SETTINGS_MESSAGES.baseFontSize).max(BASE_FONT_SIZE_MAX, CHANNEL_SETTINGS_MESSAGES.baseFontSize),
  timezone: z.string().trim().refine(isKnownTimezone, CHANNEL_SETTINGS_MESSAGES.timezone),
  address: ChannelPostalAddressSchema,
  footerLanguage: FooterLanguageSchema,
  /** The footer's 'Made with Letterdesk' credit, linking to the channel's archive (on by default). */
  madeWithCredit: z.boolean(),
  /** The 'View in browser' link at the top of each email, to the letter's public page (on by default). */
  viewInBrowserLink: z.boolean(),
  /**
   * Readers who sign up through the channel's public subscribe form confirm by email before
   * they are subscribers (issue 32; off by default). Optional for apps older than the field.
   */
  doubleOptIn: z.boolean().optional(),
});
export type ChannelSettings = z.infer<typeof ChannelSettingsSchema>;

/** Defaults of the two colours channels had no field for before the settings screen. */
export const DEFAULT_CHANNEL_FONT_COLOR = '#202a33';
export const DEFAULT_CHANNEL_BACKGROUND_COLOR = '#ffffff';
