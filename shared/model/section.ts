import { z } from 'zod';
import { CornersSchema, SidesSchema } from './border';
import { BLOCK_MODEL_SCHEMAS } from './blocks/registry';
import type { BlockModels, BlockType } from './blocks/registry';
import { DeltaSchema } from './delta';
import { LayoutTypeSchema, LineStyleSchema } from './enums';
import { TagSchema } from './blocks/feeds';

// A section is one entry of the letter's `blocks`: one block, or a layout whose children
// are sections too (spec 2 §3 "Section (block)").

const padding = z.number().nonnegative();

export const SectionCommonSchema = z.object({
  uniqueId: z.string().min(1),
  /** Percent of the parent's width; 100 for a top-level section. */
  columnWidth: z.number().min(0).max(100),
  delta: DeltaSchema,
  backgroundColor: z.string(),
  extendBgColor: z.boolean(),
  // Missing border fields are taken from the letter's border settings (thickness 0 when
  // neither has one), so a section stores them only once someone sets them.
  borderColor: z.string().optional(),
  borderStyle: LineStyleSchema.optional(),
  borderThickness: SidesSchema.optional(),
  borderRadius: CornersSchema.optional(),
  defaultFont: z.string(),
  fontFallback: z.string(),
  fontSize: z.number().positive(),
  lineHeight: z.number().positive(),
  textColor: z.string(),
  /**
   * The 'Channel Background Color' and 'Channel Font Color' checkboxes (spec 2 §2, channel
   * level only): the field takes the channel's background or font colour when the email is
   * rendered, so a later change in the channel settings reaches the letter. The field itself
   * holds the colour as it was when ticked (what the canvas shows, and what a render without
   * the channel uses). Absent means neither.
   */
  useChannelColor: z.object({ backgroundColor: z.boolean().optional(), textColor: z.boolean().optional() }).optional(),
  paddingTop: padding,
  paddingRight: padding,
  paddingBottom: padding,
  paddingLeft: padding,
  /** null for blocks that have no layout (a paragraph, a button...). */
  layoutType: LayoutTypeSchema.nullable(),
  isLayoutStacked: z.boolean(),
  isLocked: z.boolean(),
  tags: z.array(TagSchema),
});
export type SectionCommon = z.infer<typeof SectionCommonSchema>;

/** A section of type T; distributes, so SectionOf<'image' | 'paragraph'> is a union. */
export type SectionOf<T extends BlockType> = T extends BlockType
  ? SectionCommon & { type: T; blockModel: BlockModels[T]; blocks: Section[] }
  : never;

/** A section of any block type; narrow it on `type` to reach its blockModel. */
export type Section = SectionOf<BlockType>;

// Written out once per type (rather than mapped over BLOCK_TYPES) so each member keeps its
// literal type and its own blockModel type.
function member<T extends BlockType>(type: T) {
  return SectionCommonSchema.extend({
    type: z.literal(type),
    blockModel: BLOCK_MODEL_SCHEMAS[type],
    blocks: z.array(z.lazy(() => SectionSchema)),
  });
}

// The annotation breaks the type recursion through `blocks`; the members still check that
// their inferred shapes match Section.
export const SectionSchema: z.ZodType<Section> = z.discriminatedUnion('type', [
  member('blockquote'),
  member('button'),
  member('curation'),
  member('divider'),
  member('dynamic'),
  member('evvnt'),
  member('footer'),
  member('heading'),
  member('html'),
  member('image'),
  member('iterable'),
  member('layout'),
  member('logo'),
  member('news'),
  member('newrss'),
  member('newpromotion'),
  member('paragraph'),
  member('poll'),
  member('profile'),
  member('promotion'),
  member('revContent'),
  member('rss'),
  member('share'),
  member('url'),
  member('wordpress'),
  member('youtube'),
]);

export const SectionListSchema = z.array(SectionSchema);

/** A letter's `blocks`: JSON text of the section list. Bad JSON is a zod issue like any other. */
export const SectionsJsonSchema = z
  .string()
  .transform((text, ctx): unknown => {
    try {
      return JSON.parse(text);
    } catch (error) {
      ctx.addIssue({
        code: 'custom',
        message: `Blocks are not valid JSON: ${error instanceof Error ? error.message : String(error)}`,
      });
      return z.NEVER;
    }
  })
  .pipe(SectionListSchema);

/**
 * Reads a letter's `blocks`. An empty string is an empty letter (new letters are created
 * with no blocks); anything else must be a valid section list or a ZodError is thrown.
 */
export function parseSections(blocksJson: string): Section[] {
  if (blocksJson.trim() === '') return [];
  return SectionsJsonSchema.parse(blocksJson);
}

export function serializeSections(sections: Section[]): string {
  return JSON.stringify(sections);
}

export function isSectionOfType<T extends BlockType>(
  section: Section,
  type: T,
): section is Extract<Section, { type: T }> {
  return section.type === type;
}
