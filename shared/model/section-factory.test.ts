import { describe, expect, it } from 'vitest';
import { BLOCK_TYPES } from './blocks/registry';
import { SectionSchema } from './section';
import type { Section } from './section';
import { newLayoutSection, newSection, newSectionCommon, newSectionOfEveryType } from './section-factory';

function plainText(section: Section): string {
  return section.delta.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
}

describe('newSection', () => {
  it.each(BLOCK_TYPES)('gives a %s section the new-section defaults', (type) => {
    const section = newSection(type, 'abc');
    expect(section.type).toBe(type);
    expect(section.uniqueId).toBe('abc');
    expect(section).toMatchObject({
      defaultFont: 'System UI',
      fontFallback: 'Arial',
      fontSize: 18,
      lineHeight: 1.52,
      textColor: '#202a33',
      paddingTop: 10,
      paddingBottom: 10,
      paddingLeft: 25,
      paddingRight: 25,
      columnWidth: 100,
      isLocked: false,
    });
  });

  it('starts text blocks empty: the placeholder is never content', () => {
    for (const type of ['paragraph', 'heading', 'blockquote'] as const) {
      expect(newSection(type, 'x').delta.ops).toEqual([]);
      expect(plainText(newSection(type, 'x'))).toBe('');
    }
    expect(newSection('image', 'x').delta.ops).toEqual([]);
  });

  it('carries the block defaults', () => {
    expect(newSection('button', 'b').blockModel).toMatchObject({ value: 'New custom button', borderRadius: 3 });
    expect(newSection('image', 'i').blockModel.width).toBe(300);
    expect(newSection('heading', 'h').blockModel.headingType).toBe('h1');
    expect(newSection('news', 'n').blockModel).toMatchObject({ itemCount: 10, layoutType: 5 });
    expect(newSection('curation', 'c').blockModel).toMatchObject({ itemCount: 1, itemOffset: 0 });
    expect(newSection('evvnt', 'e').blockModel).toMatchObject({
      callToAction: 'Get tickets',
      priceAndVenueFontSize: 14,
      margin: 0,
    });
  });

  it('sets a section layout only where the block has one', () => {
    expect(newSection('news', 'n').layoutType).toBe(5);
    expect(newSection('paragraph', 'p').layoutType).toBeNull();
  });

  it('is deterministic: same input, same section', () => {
    expect(newSection('poll', 'p1')).toEqual(newSection('poll', 'p1'));
    expect(newSectionCommon('z').uniqueId).toBe('z');
  });
});

describe('newLayoutSection', () => {
  it('defaults to image left, paragraph right at 50/50 with derived child ids', () => {
    const layout = newLayoutSection('L');
    expect(newSection('layout', 'L')).toEqual(layout);
    expect(layout.layoutType).toBe(1);
    expect(layout.blocks.map((b) => [b.type, b.uniqueId, b.columnWidth])).toEqual([
      ['image', 'L-0', 50],
      ['paragraph', 'L-1', 50],
    ]);
  });

  it('builds each layout type with valid children', () => {
    for (const layoutType of [1, 2, 3, 4, 5, 6, 7, 8] as const) {
      const layout = newLayoutSection(`L${layoutType}`, layoutType);
      expect(SectionSchema.safeParse(layout).success).toBe(true);
      expect(layout.layoutType).toBe(layoutType);
    }
    expect(newLayoutSection('L', 2).blocks.map((b) => b.type)).toEqual(['paragraph', 'image']);
    expect(newLayoutSection('L', 3).blocks.map((b) => b.type)).toEqual(['image', 'image']);
    expect(newLayoutSection('L', 6).blocks.map((b) => b.type)).toEqual(['paragraph']);
    expect(newLayoutSection('L', 7).blocks.map((b) => b.columnWidth)).toEqual([100, 100]);
    expect(newLayoutSection('L', 5).isLayoutStacked).toBe(true);
    expect(newLayoutSection('L', 1).isLayoutStacked).toBe(false);
  });

  it('gives every section of newSectionOfEveryType a distinct id', () => {
    const ids = newSectionOfEveryType('p-').map((s) => s.uniqueId);
    expect(new Set(ids).size).toBe(BLOCK_TYPES.length);
  });
});
