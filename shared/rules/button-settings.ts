import {
  BORDER_SIZE_MAX,
  BUTTON_FONT_SIZE_MAX,
  BUTTON_FONT_SIZE_MIN,
  BUTTON_SPACING_MAX,
  BUTTON_WIDTH_MAX,
} from '../model/constants';
import { accept, checkRange, clampedMessage, notANumberMessage, readNumber, refuse, requiredMessage, type FieldResult } from './field-result';

// The button panel's numbers (spec 2 §5 "Image settings", which lists the button limits).

/**
 * A required number the spec clamps rather than refuses: outside min–max it becomes the
 * nearest limit, with a warning that says so ('Spacing is at most 100, so 150 became 100.').
 */
function checkClamped(input: string | number, label: string, min: number, max: number, round = false): FieldResult<number> {
  const read = readNumber(input);
  if (read === '') return refuse(requiredMessage(label));
  if (!Number.isFinite(read)) return refuse(notANumberMessage(label));
  const value = round ? Math.round(read) : read;
  return accept(Math.min(max, Math.max(min, value)), clampedMessage(label, read, min, max));
}

/** Padding above and below the button, in px: required, clamped to 0–100 (spec 2 §5). */
export function checkButtonSpacing(input: string | number): FieldResult<number> {
  return checkClamped(input, 'Spacing', 0, BUTTON_SPACING_MAX);
}

/** Percent of the column; 0 is as wide as the label. Required, clamped to 0–100 (spec 2 §5). */
export function checkButtonWidth(input: string | number): FieldResult<number> {
  return checkClamped(input, 'Width', 0, BUTTON_WIDTH_MAX);
}

export function checkButtonRadius(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Border radius', min: 0, max: BORDER_SIZE_MAX });
}

export function checkButtonInnerPadding(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Inner padding', min: 0, max: BORDER_SIZE_MAX });
}

/** The spec clamps a button's font size to 8 through 72 and rounds it, rather than refusing it; a clamp says so. */
export function checkButtonFontSize(input: string | number): FieldResult<number> {
  return checkClamped(input, 'Font size', BUTTON_FONT_SIZE_MIN, BUTTON_FONT_SIZE_MAX, true);
}

/** The label the button shows: required (a button without words cannot be clicked knowingly). */
export function checkButtonLabel(input: string): FieldResult<string> {
  return input.trim() === '' ? refuse(requiredMessage('Button text')) : accept(input);
}
