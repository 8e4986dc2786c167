import { DIVIDER_THICKNESS_MAX, DIVIDER_THICKNESS_MIN } from '../model/constants';
import { checkRange, type FieldResult } from './field-result';

// The divider's thickness (spec 2 §5): required, 0 to 50, a blank field counting as 0.
// One rule for every field that sets it: the divider block's panel and the Styles tab's
// DIVIDER section. Both apply it 400 ms after the last keystroke.

export const DIVIDER_DEBOUNCE_MS = 400;

export function checkDividerThickness(input: string | number | null | undefined): FieldResult<number> {
  return checkRange(input ?? '', { label: 'Thickness', min: DIVIDER_THICKNESS_MIN, max: DIVIDER_THICKNESS_MAX, blankAs: 0 });
}
