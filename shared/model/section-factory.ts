import { BLOCK_TYPES, defaultBlockModel } from './blocks/registry';
import type { BlockType } from './blocks/registry';
import {
  SECTION_COLUMN_WIDTH_FULL,
  SECTION_FONT_DEFAULT,
  SECTION_FONT_FALLBACK_DEFAULT,
  SECTION_FONT_SIZE_DEFAULT,
  SECTION_LINE_HEIGHT_DEFAULT,
  SECTION_PADDING_HORIZONTAL_DEFAULT,
  SECTION_PADDING_VERTICAL_DEFAULT,
  SECTION_TEXT_COLOR_DEFAULT,
} from './constants';
import { emptyDelta } from './delta';
import { LayoutType } from './enums';
import type { Section, SectionCommon, SectionOf } from './section';

// New sections. Ids are passed in: shared/ has no source of randomness of its own, and the
// caller (editor, server, tests) knows how it makes unique ids.

/** The fields every new section starts with (DECISIONS "Defaults where the spec gives two"). */
export function newSectionCommon(uniqueId: string): SectionCommon {
  return {
    uniqueId,
    columnWidth: SECTION_COLUMN_WIDTH_FULL,
    delta: emptyDelta(),
    // Transparent lets the letter's block background show until the editor picks a colour.
    backgroundColor: 'transparent',
    extendBgColor: false,
    defaultFont: SECTION_FONT_DEFAULT,
    fontFallback: SECTION_FONT_FALLBACK_DEFAULT,
    fontSize: SECTION_FONT_SIZE_DEFAULT,
    lineHeight: SECTION_LINE_HEIGHT_DEFAULT,
    textColor: SECTION_TEXT_COLOR_DEFAULT,
    paddingTop: SECTION_PADDING_VERTICAL_DEFAULT,
    paddingRight: SECTION_PADDING_HORIZONTAL_DEFAULT,
    paddingBottom: SECTION_PADDING_VERTICAL_DEFAULT,
    paddingLeft: SECTION_PADDING_HORIZONTAL_DEFAULT,
    layoutType: null,
    isLayoutStacked: false,
    isLocked: false,
    tags: [],
  };
}

/**
 * The blocks an editor writes text into. They start empty: the editor shows 'Start writing
 * something great...' as a placeholder, which is never content (spec 2 §3, spec 1 §9).
 */
export const TEXT_BLOCK_TYPES: readonly BlockType[] = ['paragraph', 'heading', 'blockquote'];

/** Section-level layouts of the dynamic blocks that have one (spec 2 §4). */
const SECTION_LAYOUT_TYPES: Partial<Record<BlockType, LayoutType>> = {
  news: LayoutType.imageTopParagraphBottom,
  curation: LayoutType.imageLeftParagraphRight,
  newrss: LayoutType.imageLeftParagraphRight,
  wordpress: LayoutType.imageLeftParagraphRight,
};

/** A new section of the given type with its block's defaults. */
export function newSection<T extends BlockType>(type: T, uniqueId: string): SectionOf<T>;
export function newSection(type: BlockType, uniqueId: string): Section {
  if (type === 'layout') return newLayoutSection(uniqueId);
  // TypeScript cannot correlate `type` with `blockModel` across the union; both come from
  // the same value, so the pair always matches.
  return {
    ...newSectionCommon(uniqueId),
    delta: emptyDelta(),
    layoutType: SECTION_LAYOUT_TYPES[type] ?? null,
    type,
    blockModel: defaultBlockModel(type),
    blocks: [],
  } as Section;
}

export type LayoutChild = { type: 'image' | 'paragraph'; columnWidth: number };

/** A column's width when two sit side by side. */
export const LAYOUT_SIDE_BY_SIDE_WIDTH = 50;
const SIDE_BY_SIDE = LAYOUT_SIDE_BY_SIDE_WIDTH;
const FULL = SECTION_COLUMN_WIDTH_FULL;

/**
 * The children of each layout type, left to right (or top to bottom): what a new layout
 * starts with and what a layout change rebuilds. Side-by-side layouts split 50/50; stacked
 * and single-column ones give each child the full width; the image-and-text columns layout
 * is 100/100 as the spec says.
 */
export const LAYOUT_CHILDREN: Record<LayoutType, readonly LayoutChild[]> = {
  1: [{ type: 'image', columnWidth: SIDE_BY_SIDE }, { type: 'paragraph', columnWidth: SIDE_BY_SIDE }],
  2: [{ type: 'paragraph', columnWidth: SIDE_BY_SIDE }, { type: 'image', columnWidth: SIDE_BY_SIDE }],
  3: [{ type: 'image', columnWidth: SIDE_BY_SIDE }, { type: 'image', columnWidth: SIDE_BY_SIDE }],
  4: [{ type: 'paragraph', columnWidth: SIDE_BY_SIDE }, { type: 'paragraph', columnWidth: SIDE_BY_SIDE }],
  5: [{ type: 'image', columnWidth: FULL }, { type: 'paragraph', columnWidth: FULL }],
  6: [{ type: 'paragraph', columnWidth: FULL }],
  7: [{ type: 'image', columnWidth: FULL }, { type: 'paragraph', columnWidth: FULL }],
  8: [{ type: 'paragraph', columnWidth: FULL }],
};

/** Layouts whose children sit one above the other. */
export const STACKED_LAYOUTS: readonly LayoutType[] = [LayoutType.imageTopParagraphBottom];

/**
 * A layout section with its starting children. Child ids are `{uniqueId}-{index}`, which
 * are unique as long as the layout's id is.
 */
export function newLayoutSection(
  uniqueId: string,
  layoutType: LayoutType = LayoutType.imageLeftParagraphRight,
): SectionOf<'layout'> {
  const blocks: Section[] = LAYOUT_CHILDREN[layoutType].map((child, index) => {
    const section: Section = newSection(child.type, `${uniqueId}-${index}`);
    return { ...section, columnWidth: child.columnWidth };
  });
  return {
    ...newSectionCommon(uniqueId),
    layoutType,
    isLayoutStacked: STACKED_LAYOUTS.includes(layoutType),
    type: 'layout',
    blockModel: defaultBlockModel('layout'),
    blocks,
  };
}

/** One new section of every block type, ids `{prefix}{type}`: handy for previews and tests. */
export function newSectionOfEveryType(prefix = ''): Section[] {
  return BLOCK_TYPES.map((type) => newSection(type, `${prefix}${type}`));
}
