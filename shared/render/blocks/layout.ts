import { LayoutType } from '../../model';
import type { LayoutType as LayoutTypeValue } from '../../model';
import { columnRows, placeColumns } from '../columns';
import type { ColumnsRenderer } from '../types';
import { hasPicture } from '../empty-text-blocks';

// Layout sections (spec 2 §3 layout types 1–8): their children side by side, or one above
// the other. Side-by-side columns stack on small screens (MJML's columns do that below
// the breakpoint, which is the letter's mobile width).

/** Layouts that are a single column by definition, whatever their children's widths say. */
const SINGLE_COLUMN_LAYOUTS: readonly LayoutTypeValue[] = [
  LayoutType.imageTopParagraphBottom,
  LayoutType.paragraphOnly,
  LayoutType.fullContent,
];

/** Layouts of two children side by side (image or paragraph, left and right). */
const TWO_COLUMN_LAYOUTS: readonly LayoutTypeValue[] = [
  LayoutType.imageLeftParagraphRight,
  LayoutType.paragraphLeftImageRight,
  LayoutType.imagesSideBySide,
  LayoutType.paragraphsSideBySide,
];

const isOneOf = (layoutType: LayoutTypeValue | null, list: readonly LayoutTypeValue[]) =>
  layoutType !== null && list.includes(layoutType);

export const renderLayout: ColumnsRenderer<'layout'> = (section, _ctx, renderChild) => {
  // An image slot without a picture is left out (the content check names it) rather than
  // sent as a blank column; what is left of a pair takes the whole width.
  const children = section.blocks.filter((child) => child.type !== 'image' || hasPicture(child.blockModel.src));
  const lostPartner = children.length < section.blocks.length;
  const rows = placeColumns(children, {
    stacked: section.isLayoutStacked || isOneOf(section.layoutType, SINGLE_COLUMN_LAYOUTS) || (lostPartner && children.length <= 1),
    pairs: isOneOf(section.layoutType, TWO_COLUMN_LAYOUTS),
  });
  return columnRows(rows.map((row) => row.map(({ child, width }) => renderChild(child, width))));
};
