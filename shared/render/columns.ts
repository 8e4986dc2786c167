import type { Section } from '../model';
import { COLUMN_WIDTH_MAX, COLUMN_WIDTH_MIN } from '../model';
import { clamp, round2 } from './css';

// Columns inside one mj-section, in rows. Browsers wrap inline-block columns whose widths
// add up past 100% on their own; Outlook puts every column of a section in one table row,
// so a conditional comment ends that row between our rows.

const OUTLOOK_ROW_BREAK = '<mj-raw><!--[if mso | IE]></tr><tr><![endif]--></mj-raw>';

/** Joins rows of `<mj-column>` elements; empty rows are left out. */
export function columnRows(rows: readonly (readonly string[])[]): string {
  return rows
    .filter((row) => row.length > 0)
    .map((row) => row.join(''))
    .join(OUTLOOK_ROW_BREAK);
}

export interface PlacedColumn {
  child: Section;
  /** Percent of the parent section's content width. */
  width: number;
}

function percent(width: number): number {
  return Number.isFinite(width) && width > 0 ? Math.min(100, round2(width)) : 100;
}

function pair(left: Section, right: Section): PlacedColumn[] {
  const width = round2(clamp(percent(left.columnWidth), COLUMN_WIDTH_MIN, COLUMN_WIDTH_MAX));
  return [
    { child: left, width },
    { child: right, width: round2(100 - width) },
  ];
}

/**
 * Children in rows. Stacked sections put each child on a row of its own at full width.
 * Two-column sections (`pairs`: layouts 1–4) put their first two children side by side,
 * the left one 20–80% wide and the right one the rest (spec 2 §5). Other children share a
 * row while their widths fit in 100%, a row of two splitting like a pair; a child that
 * does not fit (the 100/100 image-and-text columns layout) starts a new row.
 */
export function placeColumns(children: readonly Section[], options: { stacked: boolean; pairs?: boolean }): PlacedColumn[][] {
  if (options.stacked) return children.map((child) => [{ child, width: 100 }]);
  const rows: PlacedColumn[][] = [];
  let rest = children;
  if (options.pairs && children.length >= 2) {
    rows.push(pair(children[0]!, children[1]!));
    rest = children.slice(2);
  }
  const packed: Section[][] = [];
  let used = Infinity;
  for (const child of rest) {
    const width = percent(child.columnWidth);
    if (used + width > 100) {
      packed.push([child]);
      used = width;
    } else {
      packed[packed.length - 1]!.push(child);
      used += width;
    }
  }
  for (const row of packed) {
    if (row.length === 1) rows.push([{ child: row[0]!, width: 100 }]);
    else if (row.length === 2) rows.push(pair(row[0]!, row[1]!));
    else rows.push(row.map((child) => ({ child, width: percent(child.columnWidth) })));
  }
  return rows;
}
