import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../model/constants';
import { LayoutType } from '../model/enums';
import type { Section, SectionOf } from '../model/section';
import { LAYOUT_CHILDREN, LAYOUT_SIDE_BY_SIDE_WIDTH, STACKED_LAYOUTS, newSection, type LayoutChild } from '../model/section-factory';
import { accept, notANumberMessage, readNumber, refuse, requiredMessage, type FieldResult } from './field-result';

// Layout sections: which layout they show and how wide their left column is (spec 2 §4
// "Layout change", §5 "Left column width clamped 20 to 80").

/** How the layout choice cards name each layout type. */
export const LAYOUT_LABELS: Record<LayoutType, string> = {
  1: 'Image + Text',
  2: 'Text + Image',
  3: 'Image + Image',
  4: 'Text + Text',
  5: 'Image above text',
  6: 'Text only',
  7: 'Image + Text columns',
  8: 'Full content',
};

/** Layouts with two columns side by side: the only ones whose left column can be resized. */
export function hasResizableColumns(layoutType: LayoutType | null): boolean {
  return layoutType !== null && LAYOUT_CHILDREN[layoutType].length === 2 && LAYOUT_CHILDREN[layoutType].every((c) => c.columnWidth === LAYOUT_SIDE_BY_SIDE_WIDTH);
}

/**
 * The layout rebuilt as another type from its existing images and paragraphs (their content
 * kept, in order), new blocks only where the new layout needs more of a kind. Side-by-side
 * columns start at 50% each; stacked and single ones fill the width.
 */
export function changeLayout(section: SectionOf<'layout'>, layoutType: LayoutType, newId: () => string): SectionOf<'layout'> {
  const pools: Record<LayoutChild['type'], Section[]> = {
    image: section.blocks.filter((child) => child.type === 'image'),
    paragraph: section.blocks.filter((child) => child.type === 'paragraph'),
  };
  const blocks = LAYOUT_CHILDREN[layoutType].map(({ type, columnWidth }) => {
    const child = pools[type].shift() ?? newSection(type, newId());
    return { ...child, columnWidth };
  });
  return { ...section, layoutType, isLayoutStacked: STACKED_LAYOUTS.includes(layoutType), blocks };
}

/** The left column's width, clamped to 20–80 (spec 2 §5); the right column gets the rest. */
export function checkLeftColumnWidth(input: string | number): FieldResult<number> {
  const read = readNumber(input);
  if (read === '') return refuse(requiredMessage('Column width'));
  if (!Number.isFinite(read)) return refuse(notANumberMessage('Column width'));
  return accept(Math.min(COLUMN_WIDTH_MAX, Math.max(COLUMN_WIDTH_MIN, Math.round(read))));
}

/** Sections whose children are columns: layouts, and URL and dynamic sections built from a preview. */
export type ColumnSection = SectionOf<'layout' | 'url' | 'dynamic'>;

/** Whether the section's left column can be resized: two side-by-side children (spec 2 §5). */
export function hasResizableLeftColumn(section: ColumnSection): boolean {
  return hasResizableColumns(section.layoutType) && section.blocks.length === 2;
}

/** Both columns of a two-column section for a left column width (already checked). */
export function withLeftColumnWidth<S extends ColumnSection>(section: S, left: number): S {
  if (!hasResizableLeftColumn(section)) return section;
  const widths = [left, 100 - left];
  return { ...section, blocks: section.blocks.map((child, index) => ({ ...child, columnWidth: widths[index] ?? child.columnWidth })) };
}
