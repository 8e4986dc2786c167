import { describe, expect, it } from 'vitest';
import { textDelta } from '../model/delta';
import type { LayoutType } from '../model/enums';
import type { SectionOf } from '../model/section';
import { newLayoutSection } from '../model/section-factory';
import { changeLayout, checkLeftColumnWidth, hasResizableColumns, withLeftColumnWidth } from './layout';

function counter() {
  let n = 0;
  return () => `new-${++n}`;
}

/** Image + Text with a chosen picture and some text, to see they survive a change. */
function filledLayout(): SectionOf<'layout'> {
  const layout = newLayoutSection('L', 1);
  const [image, paragraph] = layout.blocks;
  if (image?.type !== 'image' || paragraph?.type !== 'paragraph') throw new Error('unexpected layout');
  return {
    ...layout,
    blocks: [
      { ...image, blockModel: { ...image.blockModel, src: 'https://cdn.example.com/a.png' } },
      { ...paragraph, delta: textDelta('Hello') },
    ],
  };
}

const summary = (section: SectionOf<'layout'>) => section.blocks.map((b) => `${b.type}:${b.uniqueId}:${b.columnWidth}`);

describe('changeLayout', () => {
  it.each<[LayoutType, string[], boolean]>([
    [2, ['paragraph:L-1:50', 'image:L-0:50'], false],
    [3, ['image:L-0:50', 'image:new-1:50'], false],
    [4, ['paragraph:L-1:50', 'paragraph:new-1:50'], false],
    [5, ['image:L-0:100', 'paragraph:L-1:100'], true],
    [6, ['paragraph:L-1:100'], false],
    [7, ['image:L-0:100', 'paragraph:L-1:100'], false],
  ])('to %d keeps the existing blocks where it can', (to, expected, stacked) => {
    const changed = changeLayout(filledLayout(), to, counter());
    expect(changed.layoutType).toBe(to);
    expect(changed.isLayoutStacked).toBe(stacked);
    expect(summary(changed)).toEqual(expected);
  });

  it('keeps the content of the blocks it reuses', () => {
    const changed = changeLayout(filledLayout(), 2, counter());
    const image = changed.blocks.find((b) => b.type === 'image');
    expect(image?.type === 'image' && image.blockModel.src).toBe('https://cdn.example.com/a.png');
    expect(changed.blocks[0]?.delta).toEqual(textDelta('Hello'));
  });

  it('resets side-by-side columns to 50% each', () => {
    const resized = withLeftColumnWidth(filledLayout(), 30);
    expect(summary(changeLayout(resized, 1, counter()))).toEqual(['image:L-0:50', 'paragraph:L-1:50']);
  });
});

describe('left column width: clamped 20–80, the other column takes the rest', () => {
  it.each<[string, number]>([
    ['20', 20],
    ['19', 20],
    ['0', 20],
    ['80', 80],
    ['81', 80],
    ['35.4', 35],
  ])('%j gives %d', (input, value) => {
    expect(checkLeftColumnWidth(input)).toEqual({ ok: true, value });
  });

  it('refuses blank and text', () => {
    expect(checkLeftColumnWidth('')).toEqual({ ok: false, message: 'Column width is required.' });
    expect(checkLeftColumnWidth('half')).toEqual({ ok: false, message: 'Column width must be a number.' });
  });

  it('sets both columns of a two-column layout, and leaves others alone', () => {
    expect(summary(withLeftColumnWidth(filledLayout(), 30))).toEqual(['image:L-0:30', 'paragraph:L-1:70']);
    const stacked = newLayoutSection('S', 5);
    expect(withLeftColumnWidth(stacked, 30)).toBe(stacked);
    expect(hasResizableColumns(1)).toBe(true);
    expect(hasResizableColumns(5)).toBe(false);
    expect(hasResizableColumns(null)).toBe(false);
  });
});
