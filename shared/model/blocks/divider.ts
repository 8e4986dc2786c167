import { z } from 'zod';
import { BORDER_COLOR_DEFAULT, DIVIDER_THICKNESS_DEFAULT } from '../constants';
import { LineStyleSchema } from '../enums';

export const DividerModelSchema = z.strictObject({
  color: z.string(),
  style: LineStyleSchema,
  /** The thickness in px (the spec calls it width). */
  width: z.number().nonnegative(),
});
export type DividerModel = z.infer<typeof DividerModelSchema>;

/** Same as the letter-wide divider defaults. */
export function defaultDividerModel(): DividerModel {
  return { color: BORDER_COLOR_DEFAULT, style: 'solid', width: DIVIDER_THICKNESS_DEFAULT };
}
