import { z } from 'zod';
import {
  BORDER_COLOR_DEFAULT,
  BORDER_RADIUS_DEFAULT,
  BORDER_THICKNESS_DEFAULT,
} from './constants';
import { LineStyleSchema, type LineStyle } from './enums';

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

/** The border fields a section may set itself (spec 2 §3 "Border"). */
export interface BorderOverrides {
  borderThickness?: Sides | undefined;
  borderColor?: string | undefined;
  borderStyle?: LineStyle | undefined;
  borderRadius?: Corners | undefined;
}

/** The border a section is drawn with and its BORDER section shows. */
export interface EffectiveBorder {
  thickness: Sides;
  color: string;
  style: LineStyle;
  radius: Corners;
}

/**
 * A section's border: its own values, each missing one from the letter's borders, whose
 * thickness counts only while they are applied (spec 2 §3); without either, it is 0.
 * The email, the canvas and the BORDER panel all use this, so they cannot disagree.
 */
export function effectiveBorder(section: BorderOverrides, letter: Border): EffectiveBorder {
  return {
    thickness: section.borderThickness ?? (letter.applyBorders ? letter.thickness : sides(0)),
    color: section.borderColor ?? letter.color,
    style: section.borderStyle ?? letter.style,
    radius: section.borderRadius ?? letter.borderRadius,
  };
}
