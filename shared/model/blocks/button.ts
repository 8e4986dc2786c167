import { z } from 'zod';
import { SidesSchema } from '../border';
import {
  BUTTON_BACKGROUND_COLOR_DEFAULT,
  BUTTON_BORDER_RADIUS_DEFAULT,
  BUTTON_INNER_PADDING_DEFAULT,
  BUTTON_LABEL_DEFAULT,
  BUTTON_TEXT_COLOR_DEFAULT,
} from '../constants';
import { AlignmentSchema } from '../enums';

// The link type (web or email) is not stored: a link starting with mailto: is an email link.

const percent = z.number().min(0).max(100);

export const ButtonModelSchema = z.strictObject({
  /** The label. */
  value: z.string(),
  link: z.string(),
  align: AlignmentSchema,
  backgroundColor: z.string(),
  /** The label's colour. */
  color: z.string(),
  borderRadius: z.number().nonnegative(),
  innerPadding: SidesSchema,
  buttonSpacing: percent,
  buttonWidth: percent,
  /**
   * The button panel's 'Channel Accent Color' (the button colour) and 'Channel Font Color'
   * (the label's colour) checkboxes: rendered in the channel's colour of the day, like the
   * section's `useChannelColor`. Absent means neither.
   */
  useChannelColor: z.strictObject({ backgroundColor: z.boolean().optional(), color: z.boolean().optional() }).optional(),
});
export type ButtonModel = z.infer<typeof ButtonModelSchema>;

/** The spec gives no spacing or width for a custom button; we take the poll button's spacing and half the width. */
export const BUTTON_SPACING_DEFAULT = 8;
export const BUTTON_WIDTH_DEFAULT = 50;

export function defaultButtonModel(): ButtonModel {
  return {
    value: BUTTON_LABEL_DEFAULT,
    link: '',
    align: 'center',
    backgroundColor: BUTTON_BACKGROUND_COLOR_DEFAULT,
    color: BUTTON_TEXT_COLOR_DEFAULT,
    borderRadius: BUTTON_BORDER_RADIUS_DEFAULT,
    innerPadding: { ...BUTTON_INNER_PADDING_DEFAULT },
    buttonSpacing: BUTTON_SPACING_DEFAULT,
    buttonWidth: BUTTON_WIDTH_DEFAULT,
  };
}
