import { z } from 'zod';
import {
  BORDER_COLOR_DEFAULT,
  BORDER_RADIUS_DEFAULT,
  BORDER_THICKNESS_DEFAULT,
} from './constants';
import { LineStyleSchema } from './enums';

// Boxes (padding, border thickness) and corners (radius) are used by settings, sections and
// button models alike, so they are defined once here with the Border of spec 2 §3.

const size = z.number().nonnegative();

export const SidesSchema = z.object({ top: size, right: size, bottom: size, left: size });
export type Sides = z.infer<typeof SidesSchema>;

export const CornersSchema = z.object({
  topLeft: size,
  topRight: size,
  bottomLeft: size,
  bottomRight: size,
});
export type Corners = z.infer<typeof CornersSchema>;

/** CSS order: sides(all), sides(vertical, horizontal), sides(top, right, bottom, left). */
export function sides(top: number, right = top, bottom = top, left = right): Sides {
  return { top, right, bottom, left };
}

export function corners(radius: number): Corners {
  return { topLeft: radius, topRight: radius, bottomLeft: radius, bottomRight: radius };
}

export const BorderSchema = z.object({
  color: z.string(),
  style: LineStyleSchema,
  thickness: SidesSchema,
  borderRadius: CornersSchema,
  /** The apply-border switch; off means the sides are drawn at 0. */
  applyBorders: z.boolean(),
});
export type Border = z.infer<typeof BorderSchema>;

export function defaultBorder(): Border {
  return {
    color: BORDER_COLOR_DEFAULT,
    style: 'solid',
    thickness: sides(BORDER_THICKNESS_DEFAULT),
    borderRadius: corners(BORDER_RADIUS_DEFAULT),
    applyBorders: false,
  };
}
