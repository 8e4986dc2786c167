import { sides, type Sides } from '../model/border';
import { BORDER_SIZE_MAX, BORDER_THICKNESS_WHEN_SWITCHED_ON, COMMON_PANEL_PADDING_MAX } from '../model/constants';
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
