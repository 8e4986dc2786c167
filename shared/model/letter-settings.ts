import { z } from 'zod';
import { SPECIFIC_EMAILS_MAX } from '../rules/specific-emails';
import { UtmEntrySchema } from './utm';
import { BorderSchema, SidesSchema, defaultBorder, sides } from './border';
import {
  BLOCK_PADDING_DEFAULT,
  BORDER_COLOR_DEFAULT,
  BUTTON_BACKGROUND_COLOR_DEFAULT,
  BUTTON_BORDER_RADIUS_DEFAULT,
  BUTTON_TEXT_COLOR_DEFAULT,
  DEFAULT_LINK_COLOR,
  DESKTOP_WIDTH_DEFAULT,
  DESKTOP_WIDTH_WHEN_MISSING,
  DIVIDER_THICKNESS_DEFAULT,
  IMAGE_WIDTH_DEFAULT,
  LETTER_FONT_DEFAULT,
  LETTER_FONT_FALLBACK_DEFAULT,
  LETTER_FONT_SIZE_DEFAULT,
  LETTER_HEADING_FONT_SIZES,
  MOBILE_WIDTH_DEFAULT,
  MOBILE_WIDTH_WHEN_MISSING,
} from './constants';
import { AlignmentSchema, BlockAlignmentSchema, LineStyleSchema } from './enums';
import { PromotionAdsChoiceSchema, PromotionSettingsSchema, defaultPromotionSettings } from './promotion-settings';
import { TextStyleSchema, letterTextStyle } from './text-style';
import { abTestSettingsProblems } from '../rules/ab-test';

// Letter settings (spec 1 §3): the letter-wide styles of the EMAIL STYLES, BLOCK, BUTTON,
// DIVIDER, TEXT, IMAGE and PROMOTION tabs, stored on the letter as one object.

/** The Style multi-select maps bold → weight, italic → style, underline → decoration. */
export const LinkSettingsSchema = z.object({
  color: z.string(),
  weight: z.enum(['normal', 'bold']),
  style: z.enum(['normal', 'italic']),
  decoration: z.enum(['none', 'underline']),
  /** Use the channel's font colour (textColor) or accent colour (linkColor) instead of `color`. */
  useChannelColor: z.object({ textColor: z.boolean(), linkColor: z.boolean() }),
});
export type LinkSettings = z.infer<typeof LinkSettingsSchema>;

export const LetterTextSettingsSchema = z.object({
  p: TextStyleSchema,
  h1: TextStyleSchema,
  h2: TextStyleSchema,
  h3: TextStyleSchema,
  h4: TextStyleSchema,
  h5: TextStyleSchema,
  h6: TextStyleSchema,
});
export type LetterTextSettings = z.infer<typeof LetterTextSettingsSchema>;
export type LetterTextTag = keyof LetterTextSettings;

/** The block border of the BLOCK tab carries its own inner padding besides the Border fields. */
export const LetterBordersSchema = BorderSchema.extend({ padding: SidesSchema });
export type LetterBorders = z.infer<typeof LetterBordersSchema>;

export const ImageSettingsSchema = z.object({
  width: z.number().positive(),
  alignment: BlockAlignmentSchema,
  hasOriginalImageWidth: z.boolean(),
});
export type ImageSettings = z.infer<typeof ImageSettingsSchema>;

export const DividerSettingsSchema = z.object({
  color: z.string(),
  style: LineStyleSchema,
  thickness: z.number().nonnegative(),
});
export type DividerSettings = z.infer<typeof DividerSettingsSchema>;

export const ButtonSettingsSchema = z.object({
  /** The button's own (background) colour. */
  color: z.string(),
  textColor: z.string(),
  alignment: AlignmentSchema,
  borderRadius: z.number().nonnegative(),
  font: z.string(),
  fallbackFont: z.string(),
  fontSize: z.number().positive(),
});
export type ButtonSettings = z.infer<typeof ButtonSettingsSchema>;

/**
 * The A/B subject test (issue 16): each subject goes to `samplePercent` % of the audience,
 * and the winner is picked `waitMinutes` after that sample is sent. Rules in
 * shared/rules/ab-test.ts; the platform refuses settings that break them.
 */
export const AbTestSettingsSchema = z
  .object({
    samplePercent: z.number(),
    waitMinutes: z.number(),
  })
  .superRefine((settings, ctx) => {
    for (const [field, message] of Object.entries(abTestSettingsProblems(settings))) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });
export type AbTestSettings = { samplePercent: number; waitMinutes: number };

export const LetterSettingsSchema = z.object({
  /** Missing on some stored letters: read it through effectiveDesktopWidth. */
  maxWidthDesktop: z.number().positive().optional(),
  /** Missing on some stored letters: read it through effectiveMobileWidth. */
  maxWidthMobile: z.number().positive().optional(),
  /** The email's outer background (EMAIL STYLES). */
  backgroundColorBody: z.string(),
  /** The blocks' background (BLOCK). */
  backgroundColor: z.string(),
  borders: LetterBordersSchema,
  padding: SidesSchema,
  text: LetterTextSettingsSchema,
  links: LinkSettingsSchema,
  images: ImageSettingsSchema,
  dividers: DividerSettingsSchema,
  buttons: ButtonSettingsSchema,
  promotionSettings: PromotionSettingsSchema,
  /** Set by the provider when a preview is generated; absent before that. */
  esp_template_id: z.string().nullable().optional(),
  utm: z.array(UtmEntrySchema),
  utmEnabled: z.boolean(),
  /** Missing on letters stored before the A/B settings: read it through effectiveAbTestSettings. */
  abTest: AbTestSettingsSchema.optional(),
  /** The 'Specific emails' audience (segment 99991): lower-cased addresses (shared/rules/specific-emails.ts). */
  specificEmails: z.array(z.string().max(254)).max(SPECIFIC_EMAILS_MAX).optional(),
  /**
   * The promoter ads chosen at the schedule step for its send day; after Schedule, the ads
   * submitted (those with a start date). Missing: no choice, the send carries the day's promotions.
   */
  promotionAds: PromotionAdsChoiceSchema.optional(),
});
export type LetterSettings = z.infer<typeof LetterSettingsSchema>;

export function defaultLetterTextSettings(): LetterTextSettings {
  return {
    p: letterTextStyle(LETTER_FONT_SIZE_DEFAULT),
    h1: letterTextStyle(LETTER_HEADING_FONT_SIZES.h1),
    h2: letterTextStyle(LETTER_HEADING_FONT_SIZES.h2),
    h3: letterTextStyle(LETTER_HEADING_FONT_SIZES.h3),
    h4: letterTextStyle(LETTER_HEADING_FONT_SIZES.h4),
    h5: letterTextStyle(LETTER_HEADING_FONT_SIZES.h5),
    h6: letterTextStyle(LETTER_HEADING_FONT_SIZES.h6),
  };
}

/** Settings for a new letter (DECISIONS "Defaults where the spec gives two"). */
export function defaultLetterSettings(): LetterSettings {
  return {
    maxWidthDesktop: DESKTOP_WIDTH_DEFAULT,
    maxWidthMobile: MOBILE_WIDTH_DEFAULT,
    backgroundColorBody: '#FFFFFF',
    backgroundColor: '#FFFFFF',
    // The border's own padding starts at 0 so that switching borders on does not move content.
    borders: { ...defaultBorder(), padding: sides(0) },
    padding: sides(BLOCK_PADDING_DEFAULT),
    text: defaultLetterTextSettings(),
    // Browser link defaults: #0000EE, underlined, normal weight and style.
    links: {
      color: DEFAULT_LINK_COLOR,
      weight: 'normal',
      style: 'normal',
      decoration: 'underline',
      useChannelColor: { textColor: false, linkColor: false },
    },
    images: { width: IMAGE_WIDTH_DEFAULT, alignment: 'center', hasOriginalImageWidth: false },
    dividers: { color: BORDER_COLOR_DEFAULT, style: 'solid', thickness: DIVIDER_THICKNESS_DEFAULT },
    buttons: {
      color: BUTTON_BACKGROUND_COLOR_DEFAULT,
      textColor: BUTTON_TEXT_COLOR_DEFAULT,
      alignment: 'center',
      borderRadius: BUTTON_BORDER_RADIUS_DEFAULT,
      font: LETTER_FONT_DEFAULT,
      fallbackFont: LETTER_FONT_FALLBACK_DEFAULT,
      fontSize: LETTER_FONT_SIZE_DEFAULT,
    },
    promotionSettings: defaultPromotionSettings(),
    esp_template_id: null,
    utm: [],
    utmEnabled: false,
  };
}

/** The desktop width to show and render: 720 when a stored letter lacks the field. */
export function effectiveDesktopWidth(settings: Pick<LetterSettings, 'maxWidthDesktop'>): number {
  return settings.maxWidthDesktop ?? DESKTOP_WIDTH_WHEN_MISSING;
}

/** The mobile width to show and render: 480 when a stored letter lacks the field. */
export function effectiveMobileWidth(settings: Pick<LetterSettings, 'maxWidthMobile'>): number {
  return settings.maxWidthMobile ?? MOBILE_WIDTH_WHEN_MISSING;
}

/**
 * A new letter's settings with `given` laid over them, object by object (a list or a value
 * replaces the default whole): how a create that names only some settings is read. The
 * result still has to pass LetterSettingsSchema.
 */
export function withDefaultSettings(given: Record<string, unknown>): unknown {
  return overlay(defaultLetterSettings(), given);
}

/** A letter's settings with `given` laid over them as withDefaultSettings does: how the settings call reads a partial object. */
export function withSettingsOver(current: LetterSettings, given: Record<string, unknown>): unknown {
  return overlay(current, given);
}

function overlay(base: unknown, given: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(given)) return given;
  const merged: Record<string, unknown> = { ...base };
  for (const [key, value] of Object.entries(given)) merged[key] = key in base ? overlay(base[key], value) : value;
  return merged;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
