import type { SectionCommon, SectionOf, TextStyleWithOptionalColor } from '../../model';
import { newSection, sides } from '../../model';
import { css, fontSizePx, fontStack, lineHeight, safeColor } from '../css';
import { mjAttrs } from '../mjml';
import { deltaHasText } from '../rich-text';
import type { ColumnsRenderer } from '../types';
import { renderLayout } from './layout';

// Dynamic and url sections, plus the text-style helpers that the renderers of social,
// footer, poll, promotion, feeds and events share (value-level helpers are in ../css).

// ---------------------------------------------------------------------------------------
// Text styles

/** The section's own text style (font, size, line height, colour), left aligned. */
export function sectionTextStyle(section: SectionCommon): TextStyleWithOptionalColor {
  return {
    font: section.defaultFont,
    fontFallback: section.fontFallback,
    fontSize: section.fontSize,
    lineHeight: section.lineHeight,
    color: section.textColor,
    alignment: 'left',
  };
}

/** Inline CSS for a text style; `color` stands in when the style has none (source lines). */
export function textCss(style: TextStyleWithOptionalColor, color: string): string {
  return css({
    'font-family': fontStack(style.font, style.fontFallback),
    'font-size': fontSizePx(style.fontSize),
    'line-height': lineHeight(style.lineHeight),
    color: safeColor(style.color, color),
    'text-align': style.alignment,
  });
}

/**
 * MJML attributes (with a leading space) for an mj-text in a text style. Paddings are left
 * to the letter's BLOCK padding (the document's element defaults) except the gap below.
 */
export function mjTextAttributes(style: TextStyleWithOptionalColor, color: string, paddingBottom?: string): string {
  return mjAttrs({
    'font-family': fontStack(style.font, style.fontFallback),
    'font-size': fontSizePx(style.fontSize),
    'line-height': lineHeight(style.lineHeight),
    color: safeColor(style.color, color),
    align: style.alignment,
    'padding-bottom': paddingBottom,
  });
}

// ---------------------------------------------------------------------------------------
// Dynamic and url sections

/**
 * With children, the section renders as a layout of them. With none, its delta is a
 * paragraph-only section (spec 2 §4); with neither, the editor's 'URL placeholder' is not
 * for readers, so nothing is rendered.
 */
export const renderDynamic: ColumnsRenderer<'dynamic' | 'url'> = (section, ctx, renderChild) => {
  if (section.blocks.length > 0) {
    // Exactly as a layout section with the same children and layout type would render.
    const layout: SectionOf<'layout'> = { ...section, type: 'layout', blockModel: {} };
    return renderLayout(layout, ctx, renderChild);
  }
  if (!deltaHasText(section.delta)) return '';
  return renderChild(paragraphFrom(section), 100);
};

/** The paragraph a childless section's delta becomes: its text style, none of its box (the section already draws that). */
function paragraphFrom(section: SectionOf<'dynamic' | 'url'>): SectionOf<'paragraph'> {
  const paragraph = newSection('paragraph', `${section.uniqueId}-0`);
  return {
    ...paragraph,
    delta: section.delta,
    defaultFont: section.defaultFont,
    fontFallback: section.fontFallback,
    fontSize: section.fontSize,
    lineHeight: section.lineHeight,
    textColor: section.textColor,
    paddingTop: 0,
    paddingRight: 0,
    paddingBottom: 0,
    paddingLeft: 0,
    // Unset borders would fall back to the letter's and draw a second box inside this one.
    borderThickness: sides(0),
  };
}
