import { z } from 'zod';
import { AlignmentSchema, HeadingTypeSchema } from '../enums';

// Text blocks: the text itself is the section's delta; the model holds only what the
// block panels set.

export const HeadingModelSchema = z.strictObject({
  headingType: HeadingTypeSchema,
  align: AlignmentSchema,
});
export type HeadingModel = z.infer<typeof HeadingModelSchema>;

export const ParagraphModelSchema = z.strictObject({ align: AlignmentSchema });
export type ParagraphModel = z.infer<typeof ParagraphModelSchema>;

/** The blockquote's only panel setting is its border colour (its BORDER section is hidden). */
export const BlockquoteModelSchema = z.strictObject({ borderColor: z.string() });
export type BlockquoteModel = z.infer<typeof BlockquoteModelSchema>;

export function defaultHeadingModel(): HeadingModel {
  return { headingType: 'h1', align: 'left' };
}

export function defaultParagraphModel(): ParagraphModel {
  return { align: 'left' };
}

/** The spec names no colour; we use the section text colour so the rule reads as part of the text. */
export function defaultBlockquoteModel(): BlockquoteModel {
  return { borderColor: '#202a33' };
}
