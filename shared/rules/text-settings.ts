import { FONT_SIZE_MIN, LETTER_FONT_SIZE_DEFAULT, LINE_HEIGHT_MAX, LINE_HEIGHT_MIN } from '../model/constants';
import { accept, notANumberMessage, readNumber, refuse, roundTo, type FieldResult } from './field-result';

// Font size and line height of a block's FONT settings (spec 2 §5 "Text and border settings").

export const FONT_SIZE_TOO_SMALL_MESSAGE = `Font size must be at least ${FONT_SIZE_MIN}.`;
export const LINE_HEIGHT_RANGE_MESSAGE = `Line height must be from ${LINE_HEIGHT_MIN} to ${LINE_HEIGHT_MAX}.`;
export const LINE_HEIGHT_DECIMALS = 2;

/**
 * A paragraph, heading or blockquote is required text (spec 2 §5: "when required and blank, an
 * error state shows"): a blank one is left out of the email. The spec shows no wording; this
 * says what happens and what to do, like the CONTENT CHECK's 'N text blocks are empty.'
 */
export const EMPTY_TEXT_BLOCK_MESSAGE = 'This block is empty, so it is left out of the email. Write something here or delete the block.';

/** Minimum 8; a blank field means 16 (the spec's empty value); under 8 is not applied. */
export function checkFontSize(input: string | number): FieldResult<number> {
  const read = readNumber(input);
  if (read === '') return accept(LETTER_FONT_SIZE_DEFAULT);
  if (!Number.isFinite(read)) return refuse(notANumberMessage('Font size'));
  return read < FONT_SIZE_MIN ? refuse(FONT_SIZE_TOO_SMALL_MESSAGE) : accept(read);
}

/**
 * Rounded to 2 decimals and clamped to at most 50; a blank field counts as 0, and anything
 * under 1 is not applied (spec 2 §5).
 */
export function checkLineHeight(input: string | number): FieldResult<number> {
  const read = readNumber(input);
  const value = read === '' ? 0 : read;
  if (!Number.isFinite(value)) return refuse(notANumberMessage('Line height'));
  const rounded = roundTo(value, LINE_HEIGHT_DECIMALS);
  if (rounded < LINE_HEIGHT_MIN) return refuse(LINE_HEIGHT_RANGE_MESSAGE);
  return accept(Math.min(rounded, LINE_HEIGHT_MAX));
}
