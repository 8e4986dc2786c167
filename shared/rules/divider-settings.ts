import { DIVIDER_THICKNESS_MAX, DIVIDER_THICKNESS_MIN } from '../model/constants';
import { checkRange, type FieldResult } from './field-result';

// The divider's thickness (spec 2 §5): required, 0 to 50, a blank field counting as 0.
// The panel applies it 400 ms after the last keystroke.

export const DIVIDER_DEBOUNCE_MS = 400;

export function checkDividerThickness(input: string | number): FieldResult<number> {
  return checkRange(input, { label: 'Thickness', min: DIVIDER_THICKNESS_MIN, max: DIVIDER_THICKNESS_MAX, blankAs: 0 });
}
