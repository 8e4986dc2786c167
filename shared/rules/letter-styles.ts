import type { LetterBorders, LinkSettings } from '../model';
import {
  BORDER_SIZE_MAX,
  BORDER_THICKNESS_WHEN_SWITCHED_ON,
  BUTTON_FONT_SIZE_MAX,
  BUTTON_FONT_SIZE_MIN,
  DESKTOP_WIDTH_MAX,
  DESKTOP_WIDTH_MIN,
  FONT_SIZE_MIN,
  IMAGE_WIDTH_MIN,
  LETTER_FONT_SIZE_DEFAULT,
  LINE_HEIGHT_MAX,
  LINE_HEIGHT_MIN,
  MOBILE_WIDTH_MIN,
  PADDING_MAX,
  PROMOTION_DISCLAIMER_MAX,
  sides,
} from '../model';
import { safeColor } from '../render/css';
import { clampedMessage } from './field-result';

// The rules of the Styles tab (spec 2 §5 "Text and border settings", "Promotion disclaimer",
// spec 1 §9 widths). Each rule takes what the field holds and answers the value to store,
// possibly with a warning (the value was corrected), or a message and nothing to store: a
// value that breaks a rule is never written to the letter.

/**
 * `ignored`: the spec says the value is ignored rather than refused: nothing is stored and
 * the field goes back to the stored value, with the message as a note.
 */
export type StyleRuleResult<T> = { ok: true; value: T; warning?: string } | { ok: false; message: string; ignored?: boolean };

/** What a number field holds: a number, or text while it is empty or half typed. */
export type NumberFieldValue = number | string | null | undefined;

export const STYLE_MESSAGES = {
  desktopWidthTooSmall: 'We support desktop widths larger than 600px. Because you set yours below that, we reset it to 600px.',
  desktopWidthTooLarge: 'We support desktop widths smaller than 2000px. Because you set yours above that, we reset it to 2000px.',
  desktopWidthRequired: 'Enter a desktop width.',
  mobileWidthRequired: 'Enter a mobile width.',
  mobileWidthIgnored: `We support mobile widths of ${MOBILE_WIDTH_MIN}px or more, so a smaller value is ignored.`,
  mobileWidthTooLarge: `We support mobile widths smaller than ${DESKTOP_WIDTH_MAX}px. Because you set yours above that, we reset it to ${DESKTOP_WIDTH_MAX}px.`,
  /** Not in the spec, which accepts it: said so the editor knows phones get the wider layout. */
  mobileWiderThanDesktop: (mobile: number, desktop: number) =>
    `The mobile width (${mobile}px) is wider than the desktop width (${desktop}px), so phones get a wider email than computers. Make it narrower unless you meant this.`,
  padding: `Padding must be between 0 and ${PADDING_MAX}.`,
  borderSize: `Border sizes must be between 0 and ${BORDER_SIZE_MAX}.`,
  borderRadius: `The border radius must be between 0 and ${BORDER_SIZE_MAX}.`,
  fontSizeTooSmall: `The font size must be at least ${FONT_SIZE_MIN}.`,
  buttonFontSizeRequired: 'Enter a font size.',
  lineHeightTooSmall: `The line height must be at least ${LINE_HEIGHT_MIN}.`,
  imageWidth: (max: number) => `The image width must be between ${IMAGE_WIDTH_MIN} and ${max}px.`,
  color: 'Enter a colour such as #1D2D4D.',
  disclaimerRequired: 'The disclaimer is required.',
  disclaimerTooLong: `The disclaimer should be no more than ${PROMOTION_DISCLAIMER_MAX} characters.`,
  /** The spec's 'promotions.quotesNotAllowed' toast. */
  quotesNotAllowed: 'quotes not allowed',
} as const;

/** The number a field holds, or null when it holds none (empty, '-', '1e'). */
export function fieldNumber(raw: NumberFieldValue): number | null {
  if (raw === null || raw === undefined) return null;
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : null;
  const text = raw.trim();
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Desktop width: under 600 becomes 600 and over 2000 becomes 2000, each with the spec's warning. */
export function checkDesktopWidth(raw: NumberFieldValue): StyleRuleResult<number> {
  const value = fieldNumber(raw);
  if (value === null) return { ok: false, message: STYLE_MESSAGES.desktopWidthRequired };
  const width = Math.round(value);
  if (width < DESKTOP_WIDTH_MIN) return { ok: true, value: DESKTOP_WIDTH_MIN, warning: STYLE_MESSAGES.desktopWidthTooSmall };
  if (width > DESKTOP_WIDTH_MAX) return { ok: true, value: DESKTOP_WIDTH_MAX, warning: STYLE_MESSAGES.desktopWidthTooLarge };
  return { ok: true, value: width };
}

/**
 * Mobile width (spec 2 §5, spec 1 §9): at least 240, and a value below is ignored (not
 * stored; the field shows the stored width again). The spec gives no maximum; the email's
 * widths share the desktop's ceiling, so above 2000 resets to 2000 with a warning worded
 * like the desktop width's.
 */
export function checkMobileWidth(raw: NumberFieldValue): StyleRuleResult<number> {
  const value = fieldNumber(raw);
  if (value === null) return { ok: false, message: STYLE_MESSAGES.mobileWidthRequired };
  const width = Math.round(value);
  if (width < MOBILE_WIDTH_MIN) return { ok: false, message: STYLE_MESSAGES.mobileWidthIgnored, ignored: true };
  if (width > DESKTOP_WIDTH_MAX) return { ok: true, value: DESKTOP_WIDTH_MAX, warning: STYLE_MESSAGES.mobileWidthTooLarge };
  return { ok: true, value: width };
}

function wholeInRange(raw: NumberFieldValue, max: number, message: string): StyleRuleResult<number> {
  const value = fieldNumber(raw);
  if (value === null || value < 0 || value > max) return { ok: false, message };
  return { ok: true, value: Math.round(value) };
}

/** Paddings of the BLOCK and PROMOTION styles: 0 to 9999. */
export function checkPadding(raw: NumberFieldValue): StyleRuleResult<number> {
  return wholeInRange(raw, PADDING_MAX, STYLE_MESSAGES.padding);
}

/** Border sizes: 0 to 9999. */
export function checkBorderSize(raw: NumberFieldValue): StyleRuleResult<number> {
  return wholeInRange(raw, BORDER_SIZE_MAX, STYLE_MESSAGES.borderSize);
}

/** Border and button radii: 0 to 9999. */
export function checkBorderRadius(raw: NumberFieldValue): StyleRuleResult<number> {
  return wholeInRange(raw, BORDER_SIZE_MAX, STYLE_MESSAGES.borderRadius);
}

/** Text font size: empty counts as 16; under 8 is not applied. */
export function checkFontSize(raw: NumberFieldValue): StyleRuleResult<number> {
  const value = fieldNumber(raw);
  if (value === null) return { ok: true, value: LETTER_FONT_SIZE_DEFAULT };
  if (value < FONT_SIZE_MIN) return { ok: false, message: STYLE_MESSAGES.fontSizeTooSmall };
  return { ok: true, value: round2(value) };
}

/** Button font size: clamped to 8–72 (saying so) and rounded. */
export function checkButtonFontSize(raw: NumberFieldValue): StyleRuleResult<number> {
  const value = fieldNumber(raw);
  if (value === null) return { ok: false, message: STYLE_MESSAGES.buttonFontSizeRequired };
  const stored = Math.round(Math.min(BUTTON_FONT_SIZE_MAX, Math.max(BUTTON_FONT_SIZE_MIN, value)));
  const warning = clampedMessage('Font size', value, BUTTON_FONT_SIZE_MIN, BUTTON_FONT_SIZE_MAX);
  return warning ? { ok: true, value: stored, warning } : { ok: true, value: stored };
}

/** Line height: empty counts as 0, under 1 is not applied, above 50 becomes 50; two decimals. */
export function checkLineHeight(raw: NumberFieldValue): StyleRuleResult<number> {
  const value = round2(fieldNumber(raw) ?? 0);
  if (value < LINE_HEIGHT_MIN) return { ok: false, message: STYLE_MESSAGES.lineHeightTooSmall };
  return { ok: true, value: Math.min(LINE_HEIGHT_MAX, value) };
}

/** Image width: 50 up to the letter's desktop width; values outside are ignored. */
export function checkImageWidth(raw: NumberFieldValue, desktopWidth: number): StyleRuleResult<number> {
  const value = fieldNumber(raw);
  if (value === null || value < IMAGE_WIDTH_MIN || value > desktopWidth) return { ok: false, message: STYLE_MESSAGES.imageWidth(desktopWidth) };
  return { ok: true, value: Math.round(value) };
}

/** A colour the email can draw (#rgb, #rrggbb, with alpha, rgb(), rgba() or a CSS name). */
export function checkColor(raw: string): StyleRuleResult<string> {
  const value = raw.trim();
  if (value === '' || safeColor(value, '') === '') return { ok: false, message: STYLE_MESSAGES.color };
  return { ok: true, value };
}

const QUOTES = /["'\u2018\u2019\u201C\u201D]/g;

/** The text without single or double quotes (straight or curly), and whether any were there. */
export function stripQuotes(raw: string): { value: string; stripped: boolean } {
  const value = raw.replace(QUOTES, '');
  return { value, stripped: value !== raw };
}

/**
 * Promotion disclaimer: required, at most 180 characters, no quotes. Quotes are stripped
 * (with the 'quotes not allowed' warning) before the other checks.
 */
export function checkDisclaimer(raw: string): StyleRuleResult<string> {
  const { value: stripped, stripped: hadQuotes } = stripQuotes(raw);
  const warning = hadQuotes ? STYLE_MESSAGES.quotesNotAllowed : undefined;
  if (stripped.trim() === '') return { ok: false, message: STYLE_MESSAGES.disclaimerRequired };
  if (stripped.length > PROMOTION_DISCLAIMER_MAX) return { ok: false, message: STYLE_MESSAGES.disclaimerTooLong };
  return warning ? { ok: true, value: stripped, warning } : { ok: true, value: stripped };
}

// --- Letter-wide edits with a rule of their own --------------------------------------------

/**
 * The apply-border switch (spec 2 §4): on restores the stored thickness, or 1 on every side
 * when none was stored; off keeps the thickness (the email ignores it while off) so that
 * switching on again brings it back.
 */
export function switchBorders<T extends Pick<LetterBorders, 'applyBorders' | 'thickness'>>(borders: T, on: boolean): T {
  if (!on) return { ...borders, applyBorders: false };
  const { top, right, bottom, left } = borders.thickness;
  const none = top === 0 && right === 0 && bottom === 0 && left === 0;
  return { ...borders, applyBorders: true, thickness: none ? sides(BORDER_THICKNESS_WHEN_SWITCHED_ON) : borders.thickness };
}

export const LINK_STYLE_CHOICES = ['bold', 'italic', 'underline'] as const;
export type LinkStyleChoice = (typeof LINK_STYLE_CHOICES)[number];

/** The Style multi-select's choices read from the link settings: bold is weight, italic style, underline decoration. */
export function linkStyleChoices(links: Pick<LinkSettings, 'weight' | 'style' | 'decoration'>): LinkStyleChoice[] {
  return LINK_STYLE_CHOICES.filter((choice) =>
    choice === 'bold' ? links.weight === 'bold' : choice === 'italic' ? links.style === 'italic' : links.decoration === 'underline',
  );
}

export function withLinkStyleChoices<T extends LinkSettings>(links: T, choices: readonly string[]): T {
  return {
    ...links,
    weight: choices.includes('bold') ? 'bold' : 'normal',
    style: choices.includes('italic') ? 'italic' : 'normal',
    decoration: choices.includes('underline') ? 'underline' : 'none',
  };
}
