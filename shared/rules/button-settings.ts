import {
  BORDER_SIZE_MAX,
  BUTTON_FONT_SIZE_MAX,
  BUTTON_FONT_SIZE_MIN,
  BUTTON_SPACING_MAX,
  BUTTON_WIDTH_MAX,
} from '../model/constants';
import { accept, checkRange, clampedMessage, notANumberMessage, readNumber, refuse, requiredMessage, type FieldResult } from './field-result';

// The button panel's numbers (spec 2 §5 "Image settings", which lists the button limits).

/** Padding above and below the button, in px: required, 0 to 100. */
export function checkButtonSpacing(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Spacing', min: 0, max: BUTTON_SPACING_MAX });
}

/** Percent of the column; 0 is as wide as the label. Required, 0 to 100. */
export function checkButtonWidth(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Width', min: 0, max: BUTTON_WIDTH_MAX });
}

export function checkButtonRadius(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Border radius', min: 0, max: BORDER_SIZE_MAX });
}

export function checkButtonInnerPadding(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Inner padding', min: 0, max: BORDER_SIZE_MAX });
}

/** The spec clamps a button's font size to 8 through 72 and rounds it, rather than refusing it; a clamp says so. */
export function checkButtonFontSize(input: string | number): FieldResult<number> {
  const read = readNumber(input);
  if (read === '') return refuse(requiredMessage('Font size'));
  if (!Number.isFinite(read)) return refuse(notANumberMessage('Font size'));
  return accept(Math.min(BUTTON_FONT_SIZE_MAX, Math.max(BUTTON_FONT_SIZE_MIN, Math.round(read))), clampedMessage('Font size', read, BUTTON_FONT_SIZE_MIN, BUTTON_FONT_SIZE_MAX));
}

/** The label the button shows: required (a button without words cannot be clicked knowingly). */
export function checkButtonLabel(input: string): FieldResult<string> {
  return input.trim() === '' ? refuse(requiredMessage('Button text')) : accept(input);
}
