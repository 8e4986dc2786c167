import { z } from 'zod';
import {
  LETTER_FONT_DEFAULT,
  LETTER_FONT_FALLBACK_DEFAULT,
  LETTER_FONT_SIZE_DEFAULT,
  LETTER_LINE_HEIGHT_DEFAULT,
  SECTION_FONT_DEFAULT,
  SECTION_FONT_FALLBACK_DEFAULT,
  SECTION_LINE_HEIGHT_DEFAULT,
  SECTION_TEXT_COLOR_DEFAULT,
} from './constants';
import { AlignmentSchema } from './enums';

// One text style per text type (spec 2 §3 "Text style settings").

export const TextStyleSchema = z.object({
  font: z.string(),
  fontFallback: z.string(),
  fontSize: z.number().positive(),
  lineHeight: z.number().positive(),
  color: z.string(),
  alignment: AlignmentSchema,
});
export type TextStyle = z.infer<typeof TextStyleSchema>;

/** The source (site name) style has no font colour in the panel, so stored ones may lack it. */
export const TextStyleWithOptionalColorSchema = TextStyleSchema.partial({ color: true });
export type TextStyleWithOptionalColor = z.infer<typeof TextStyleWithOptionalColorSchema>;

/** Text types the TEXT panel's selector offers, with the labels users read. */
export const TEXT_TYPE_LABELS = {
  p: 'Paragraph',
  h1: 'H1',
  h2: 'H2',
  h3: 'H3',
  h4: 'H4',
  h5: 'H5',
  h6: 'H6',
  headingSettings: 'Heading',
  copySettings: 'Copy',
  disclaimerSettings: 'Disclaimer',
  titleSettings: 'Title',
  excerptSettings: 'Excerpt',
  publicationDateSettings: 'Date published',
  siteNameSettings: 'Source',
  authorSettings: 'Author',
} as const;
export type TextType = keyof typeof TEXT_TYPE_LABELS;
export const TEXT_TYPES = Object.keys(TEXT_TYPE_LABELS) as TextType[];
export const TextTypeSchema = z.enum(Object.keys(TEXT_TYPE_LABELS) as [TextType, ...TextType[]]);

/** Text types whose style carries no font colour. */
export const TEXT_TYPES_WITHOUT_COLOR: readonly TextType[] = ['siteNameSettings'];

/**
 * A letter-wide text style (the system font, 1.52, left; docs/decisions.md). The spec names no
 * letter-wide text colour; we use the section text colour so both defaults read alike.
 */
export function letterTextStyle(fontSize: number = LETTER_FONT_SIZE_DEFAULT): TextStyle {
  return {
    font: LETTER_FONT_DEFAULT,
    fontFallback: LETTER_FONT_FALLBACK_DEFAULT,
    fontSize,
    lineHeight: LETTER_LINE_HEIGHT_DEFAULT,
    color: SECTION_TEXT_COLOR_DEFAULT,
    alignment: 'left',
  };
}

/** A text style for the parts of a block (titles, excerpts...), in the new-section fonts. */
export function blockTextStyle(fontSize: number): TextStyle {
  return {
    font: SECTION_FONT_DEFAULT,
    fontFallback: SECTION_FONT_FALLBACK_DEFAULT,
    fontSize,
    lineHeight: SECTION_LINE_HEIGHT_DEFAULT,
    color: SECTION_TEXT_COLOR_DEFAULT,
    alignment: 'left',
  };
}
