import { sides, type Corners, type Sides } from '../model/border';
import { BORDER_SIZE_MAX, BORDER_THICKNESS_WHEN_SWITCHED_ON, COMMON_PANEL_PADDING_MAX } from '../model/constants';
import type { LineStyle } from '../model/enums';
import type { LetterSettings } from '../model/letter-settings';
import type { SectionCommon } from '../model/section';
import { checkRange, type FieldResult } from './field-result';

// A block's BORDER and PADDING settings (spec 2 §2 "Border settings panel", §4 "Border
// switch", §5 "Text and border settings").

export const SIDE_NAMES = ['top', 'right', 'bottom', 'left'] as const;
export type SideName = (typeof SIDE_NAMES)[number];
export const CORNER_NAMES = ['topLeft', 'topRight', 'bottomRight', 'bottomLeft'] as const;
export type CornerName = (typeof CORNER_NAMES)[number];

export function checkBorderSize(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Border size', min: 0, max: BORDER_SIZE_MAX });
}

export function checkBorderRadius(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Border radius', min: 0, max: BORDER_SIZE_MAX });
}

/** Paddings in a block's own PADDING section: 0 to 250 (the email styles panel allows 9999). */
export function checkBlockPadding(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Padding', min: 0, max: COMMON_PANEL_PADDING_MAX });
}

export function hasBorder(thickness: Sides): boolean {
  return SIDE_NAMES.some((side) => thickness[side] > 0);
}

/**
 * The border switch: on brings back the thickness the block had before it was switched
 * off, or 1 on every side when there is none; off sets every side to 0.
 */
export function switchBorder(on: boolean, previous: Sides | null): Sides {
  if (!on) return sides(0);
  return previous && hasBorder(previous) ? { ...previous } : sides(BORDER_THICKNESS_WHEN_SWITCHED_ON);
}

export interface SectionBorder {
  thickness: Sides;
  color: string;
  style: LineStyle;
  radius: Corners;
}

/**
 * What the BORDER section shows: the section's own values, each missing one from the
 * letter's borders, whose thickness counts only while they are applied (spec 2 §3).
 */
export function sectionBorder(section: SectionCommon, settings: LetterSettings): SectionBorder {
  const letter = settings.borders;
  return {
    thickness: section.borderThickness ?? (letter.applyBorders ? letter.thickness : sides(0)),
    color: section.borderColor ?? letter.color,
    style: section.borderStyle ?? letter.style,
    radius: section.borderRadius ?? letter.borderRadius,
  };
}
