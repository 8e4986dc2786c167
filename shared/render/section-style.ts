import type { EffectiveBorder, LetterSettings, Section, SectionCommon, Sides } from '../model';
import { effectiveBorder, sides } from '../model';
import {
  CSS_PX_MAX,
  clamp,
  cornersPx,
  fontSizePx,
  fontStack,
  hasAnyCorner,
  isTransparentColor,
  lineHeight,
  safeColor,
  sidesPx,
} from './css';
import { mjAttrs } from './mjml';
import type { MjmlAttributes } from './mjml';

// A section's common settings (spec 2 §3 "Section (block)") as MJML attributes: the box
// (background, borders, radius, paddings) for mj-section or mj-column, and the text
// defaults (font, fallback, size, line height, colour) for the text elements inside it.

const SIDES = ['top', 'right', 'bottom', 'left'] as const;

function hasThickness(thickness: Sides): boolean {
  return SIDES.some((side) => Math.round(thickness[side]) > 0);
}

/**
 * Paddings inside the border. When a border is drawn, the letter's border padding (BLOCK
 * tab) is added, so that switching borders on can give the content room from the line.
 */
function innerPadding(section: SectionCommon, border: EffectiveBorder | null, settings: LetterSettings): Sides {
  const extra = border && hasThickness(border.thickness) ? settings.borders.padding : sides(0);
  return {
    top: section.paddingTop + extra.top,
    right: section.paddingRight + extra.right,
    bottom: section.paddingBottom + extra.bottom,
    left: section.paddingLeft + extra.left,
  };
}

/** The blockquote's only line is its own quote rule: its panel has no BORDER section. */
function drawsBorder(section: Section): boolean {
  return section.type !== 'blockquote';
}

export interface SectionBox {
  attributes: MjmlAttributes;
  /** Pixels the box takes from its container's width (paddings and side borders). */
  horizontalSpace: number;
}

/**
 * MJML attributes for the section's box. `background` is the colour painted when the
 * section's own is transparent: the letter's block background for top-level sections,
 * nothing for columns inside a layout (their parent's shows through). `backdrop` is what
 * lies behind the box: rounded corners are written only when a border or a background of
 * another colour would show them.
 */
export function sectionBox(section: Section, settings: LetterSettings, background: string, backdrop = ''): SectionBox {
  const border = drawsBorder(section) ? effectiveBorder(section, settings.borders) : null;
  const padding = innerPadding(section, border, settings);
  const attributes: MjmlAttributes = {};
  const own = safeColor(section.backgroundColor, '');
  const colour = own !== '' && !isTransparentColor(own) ? own : background;
  attributes['background-color'] = isTransparentColor(colour) ? undefined : colour;
  let borderWidth = 0;
  if (border) {
    const colourOfLine = safeColor(border.color, '#000000');
    for (const side of SIDES) {
      const width = Math.round(clamp(border.thickness[side], 0, CSS_PX_MAX));
      if (width > 0) attributes[`border-${side}`] = `${width}px ${border.style} ${colourOfLine}`;
      if (side === 'left' || side === 'right') borderWidth += width;
    }
    const painted = attributes['background-color'];
    const visible =
      hasThickness(border.thickness) || (typeof painted === 'string' && painted.toLowerCase() !== backdrop.toLowerCase());
    if (visible && hasAnyCorner(border.radius)) attributes['border-radius'] = cornersPx(border.radius);
  }
  // One shorthand, not four longhands: MJML writes longhands after its own default padding
  // ('padding:20px 0;padding-bottom:…;padding-left:…'), some 70 bytes a section of mail (issue 36).
  attributes.padding = sidesPx(padding);
  const paddingWidth = Math.round(clamp(padding.left, 0, CSS_PX_MAX)) + Math.round(clamp(padding.right, 0, CSS_PX_MAX));
  return { attributes, horizontalSpace: paddingWidth + borderWidth };
}

/** The section's text style as MJML text attributes. */
export function sectionTextDefaults(section: SectionCommon, settings: LetterSettings): Record<string, string> {
  return {
    'font-family': fontStack(section.defaultFont, section.fontFallback),
    'font-size': fontSizePx(section.fontSize),
    'line-height': lineHeight(section.lineHeight),
    color: safeColor(section.textColor, safeColor(settings.text.p.color, '#000000')),
  };
}

/** Elements whose text follows the section's font settings; buttons keep the letter's button styles. */
const TEXT_ELEMENTS = /<(mj-text|mj-table)(\s[^>]*?)?(\s*\/?)>/g;
const ATTRIBUTE = /\s([\w-]+)="[^"]*"/g;

/**
 * Gives the section's text elements the section's font settings, unless the block renderer
 * set its own. Block renderers then need not repeat the common settings, and any block's
 * text follows the FONT panel. Attribute values are escaped, so `>` never appears inside one.
 */
export function withTextDefaults(mjml: string, defaults: Record<string, string>): string {
  return mjml.replace(TEXT_ELEMENTS, (_match, tag: string, attributes: string | undefined, close: string) => {
    const existing = new Set<string>();
    for (const m of (attributes ?? '').matchAll(ATTRIBUTE)) existing.add(m[1]!);
    const missing = Object.fromEntries(Object.entries(defaults).filter(([name]) => !existing.has(name)));
    return `<${tag}${attributes ?? ''}${mjAttrs(missing)}${close}>`;
  });
}
