import type { CSSProperties } from 'react';
import { effectiveBorder, type LetterSettings, type Section } from '../../shared/model';
import { fontStack } from '../../shared/render/css';

// The canvas draws each section with the same box the email gives it: the section's own
// font, colours and paddings, and its borders with the letter's borders filling the gaps
// (spec 2 §3 "Border"; the letter's borders count only while they are applied).

export function sectionBoxStyle(section: Section, settings: LetterSettings): CSSProperties {
  const { thickness, radius, color, style } = effectiveBorder(section, settings.borders);
  return {
    // The email's stack: names quoted where CSS needs it ('Source Sans 3'), ending in a generic family.
    fontFamily: fontStack(section.defaultFont, section.fontFallback),
    fontSize: section.fontSize,
    lineHeight: section.lineHeight,
    color: section.textColor,
    background: section.backgroundColor === 'transparent' ? settings.backgroundColor : section.backgroundColor,
    padding: `${section.paddingTop}px ${section.paddingRight}px ${section.paddingBottom}px ${section.paddingLeft}px`,
    borderStyle: style,
    borderColor: color,
    borderWidth: `${thickness.top}px ${thickness.right}px ${thickness.bottom}px ${thickness.left}px`,
    borderRadius: `${radius.topLeft}px ${radius.topRight}px ${radius.bottomRight}px ${radius.bottomLeft}px`,
    overflowWrap: 'anywhere',
  };
}

/** The plain text of a delta, for views that only show it. */
export function deltaText(delta: { ops: { insert: unknown }[] }): string {
  return delta.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
}
