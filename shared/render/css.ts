import type { Corners, Sides } from '../model';
import { familiesOf, genericFamilyOf } from '../model/fonts';
import { CSS_COLOR_NAMES } from './css-colors';

// CSS values built from model values. The model keeps colours and fonts as free text and
// sizes as any non-negative number, while MJML copies attribute values into inline CSS and
// refuses values its validator does not know. So every value is reduced to a form both
// accept, instead of only being escaped: a colour that is not a colour falls back, a font
// name loses the characters that could end the CSS value, sizes are clamped and rounded.

/** Largest size written, in px: the model's own maximum for paddings and borders. */
export const CSS_PX_MAX = 9999;
/** Line heights are unitless multiples; the TEXT panel's range (spec 2 §5). */
export const LINE_HEIGHT_RANGE = { min: 1, max: 50 } as const;
/** Font sizes below the TEXT panel's minimum are not applied there either. */
export const FONT_SIZE_RANGE = { min: 8, max: 200 } as const;

export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Two decimals at most, so widths such as 33.333…% stay readable and stable. */
export function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** Whole pixels between 0 and CSS_PX_MAX, e.g. `12px`. */
export function px(value: number, max = CSS_PX_MAX): string {
  return `${Math.round(clamp(value, 0, max))}px`;
}

export function fontSizePx(value: number): string {
  return px(clamp(value, FONT_SIZE_RANGE.min, FONT_SIZE_RANGE.max));
}

export function lineHeight(value: number): string {
  return String(round2(clamp(value, LINE_HEIGHT_RANGE.min, LINE_HEIGHT_RANGE.max)));
}

/**
 * `top right bottom left` in px, in CSS's shortest form ('4px' for four equal sides, '10px 25px'
 * for equal pairs): the same box in fewer bytes, written once per block of every email (issue 36).
 */
export function sidesPx(sides: Sides): string {
  const [top, right, bottom, left] = [sides.top, sides.right, sides.bottom, sides.left].map((n) => px(n)) as [string, string, string, string];
  if (left !== right) return `${top} ${right} ${bottom} ${left}`;
  if (top !== bottom) return `${top} ${right} ${bottom}`;
  return top === right ? top : `${top} ${right}`;
}

/** CSS corner order: top-left, top-right, bottom-right, bottom-left. */
export function cornersPx(corners: Corners): string {
  return [corners.topLeft, corners.topRight, corners.bottomRight, corners.bottomLeft].map((n) => px(n)).join(' ');
}

export function hasAnyCorner(corners: Corners): boolean {
  return corners.topLeft > 0 || corners.topRight > 0 || corners.bottomLeft > 0 || corners.bottomRight > 0;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const HEX_WITH_ALPHA = /^#([0-9a-f]{4}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)$/i;

function channel(value: string): number {
  return Math.round(clamp(Number(value), 0, 255));
}

function alpha(value: number): string {
  return String(Math.round(clamp(value, 0, 1) * 1000) / 1000);
}

/**
 * The colour as MJML and email clients take it: #rgb / #rrggbb, rgb(), rgba() or a
 * colour keyword. #rgba / #rrggbbaa become rgba(), which more clients understand.
 * Anything else (`red;background:url(…)`, `notacolour`) gives the fallback.
 */
export function safeColor(value: string | null | undefined, fallback: string): string {
  const colour = (value ?? '').trim();
  if (HEX.test(colour)) return colour;
  const withAlpha = HEX_WITH_ALPHA.exec(colour);
  if (withAlpha) {
    const digits = withAlpha[1]!;
    const full = digits.length === 4 ? [...digits].map((d) => d + d).join('') : digits;
    const [r, g, b, a] = [0, 2, 4, 6].map((i) => parseInt(full.slice(i, i + 2), 16)) as [number, number, number, number];
    return `rgba(${r}, ${g}, ${b}, ${alpha(a / 255)})`;
  }
  const rgb = RGB.exec(colour);
  if (rgb && [1, 2, 3, 4].every((i) => rgb[i] === undefined || Number.isFinite(Number(rgb[i])))) {
    const [r, g, b] = [channel(rgb[1]!), channel(rgb[2]!), channel(rgb[3]!)];
    return rgb[4] === undefined ? `rgb(${r}, ${g}, ${b})` : `rgba(${r}, ${g}, ${b}, ${alpha(Number(rgb[4]))})`;
  }
  const name = colour.toLowerCase();
  if (CSS_COLOR_NAMES.has(name)) return name;
  return fallback;
}

/** A colour that paints nothing, so the layer below shows (new sections start 'transparent'). */
export function isTransparentColor(value: string): boolean {
  const colour = value.trim().toLowerCase();
  return colour === '' || colour === 'transparent' || /^rgba\(.*,\s*0(\.0*)?\s*\)$/.test(colour);
}

const IDENTIFIER_WORD = /^-?[A-Za-z_][\w-]*$/;

function fontName(name: string): string {
  // Letters, digits, spaces, hyphens and underscores are all a font family name needs;
  // quotes, semicolons and braces could close the CSS value.
  const cleaned = name.replace(/[^\p{L}\p{N} _-]/gu, ' ').replace(/\s+/g, ' ').trim();
  if (cleaned === '') return '';
  // Unquoted family names must be CSS identifiers; anything else (a word starting with a
  // digit, non-ASCII letters) is quoted.
  return cleaned.split(' ').every((word) => IDENTIFIER_WORD.test(word)) ? cleaned : `'${cleaned}'`;
}

/**
 * `Montserrat, Verdana, sans-serif` from a font and its fallback, without repeats, ending in
 * the generic family of the font (else of the fallback, else sans-serif), so a reader with
 * neither still gets the right kind of letter; `Arial, sans-serif` when both are unusable.
 * System UI stands for the system font stack.
 */
export function fontStack(font: string, fallback: string): string {
  const names: string[] = [];
  for (const name of [...familiesOf(font), ...familiesOf(fallback)].map(fontName)) {
    if (name !== '' && !names.some((n) => n.toLowerCase() === name.toLowerCase())) names.push(name);
  }
  if (names.length === 0) names.push('Arial');
  const generic = genericFamilyOf(font) ?? genericFamilyOf(fallback) ?? 'sans-serif';
  if (!names.some((n) => n.toLowerCase() === generic)) names.push(generic);
  return names.join(', ');
}

/** `a:b;c:d` from declarations, skipping empty values. Values must already be safe CSS. */
export function css(declarations: Record<string, string | number | null | undefined>): string {
  return Object.entries(declarations)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== null && entry[1] !== '')
    .map(([name, value]) => `${name}:${value}`)
    .join(';');
}
