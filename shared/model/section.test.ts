import { describe, expect, it } from 'vitest';
import { ZodError } from 'zod';
import { BLOCK_TYPES } from './blocks/registry';
import { SectionSchema, isSectionOfType, parseSections, serializeSections } from './section';
import { newLayoutSection, newSection, newSectionOfEveryType } from './section-factory';

describe('SectionSchema', () => {
  it.each(BLOCK_TYPES)('accepts a new %s section unchanged', (type) => {
    const section = newSection(type, `id-${type}`);
    expect(SectionSchema.parse(section)).toEqual(section);
  });

  it('rejects a blockModel that belongs to another type', () => {
    const heading = newSection('heading', 'h');
    const button = newSection('button', 'b');
    expect(SectionSchema.safeParse({ ...heading, blockModel: button.blockModel }).success).toBe(false);
    expect(SectionSchema.safeParse({ ...button, blockModel: heading.blockModel }).success).toBe(false);
    const poll = newSection('poll', 'p');
    expect(SectionSchema.safeParse({ ...poll, type: 'image' }).success).toBe(false);
  });

  it("rejects a model that holds another type's fields and more", () => {
    // A button model has `align` too, so only strict models tell it from a paragraph's.
    const paragraph = newSection('paragraph', 'p');
    const button = newSection('button', 'b');
    expect(SectionSchema.safeParse({ ...paragraph, blockModel: button.blockModel }).success).toBe(false);
    const layout = newLayoutSection('l');
    expect(SectionSchema.safeParse({ ...layout, blockModel: paragraph.blockModel }).success).toBe(false);
    const youtube = newSection('youtube', 'y');
    const image = newSection('image', 'i');
    expect(SectionSchema.safeParse({ ...image, blockModel: youtube.blockModel }).success).toBe(false);
    const promotion = newSection('promotion', 'pr');
    const zoned = newSection('newpromotion', 'np');
    expect(SectionSchema.safeParse({ ...zoned, blockModel: { ...zoned.blockModel, adTypeId: 1 } }).success).toBe(false);
    expect(SectionSchema.safeParse({ ...promotion, blockModel: zoned.blockModel }).success).toBe(false);
    const url = newSection('url', 'u');
    const dynamic = newSection('dynamic', 'd');
    expect(SectionSchema.safeParse({ ...dynamic, blockModel: url.blockModel }).success).toBe(false);
  });

  it('rejects an unknown type', () => {
    const section = newSection('paragraph', 'p');
    const result = SectionSchema.safeParse({ ...section, type: 'carousel' });
    expect(result.success).toBe(false);
  });

  it('rejects a section without a uniqueId or with a missing common field', () => {
    const section = newSection('paragraph', 'p');
    expect(SectionSchema.safeParse({ ...section, uniqueId: '' }).success).toBe(false);
    const { fontSize: _f, ...noFontSize } = section;
    expect(SectionSchema.safeParse(noFontSize).success).toBe(false);
  });

  it('accepts a section without border fields (they come from the letter settings)', () => {
    const section = newSection('paragraph', 'p');
    expect(section.borderThickness).toBeUndefined();
    const bordered = {
      ...section,
      borderColor: '#ff0000',
      borderStyle: 'dashed',
      borderThickness: { top: 1, right: 1, bottom: 1, left: 1 },
      borderRadius: { topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3 },
    };
    expect(SectionSchema.parse(bordered)).toEqual(bordered);
    expect(SectionSchema.safeParse({ ...section, borderStyle: 'double' }).success).toBe(false);
  });

  it('checks child sections too', () => {
    const layout = newLayoutSection('l');
    expect(SectionSchema.safeParse(layout).success).toBe(true);
    const [first, second] = layout.blocks;
    const badChild = { ...first, blockModel: { headingType: 'h9' } };
    expect(SectionSchema.safeParse({ ...layout, blocks: [badChild, second] }).success).toBe(false);
  });

  it('narrows on type', () => {
    const section = newSection('news', 'n') as ReturnType<typeof newSection>;
    expect(isSectionOfType(section, 'news')).toBe(true);
    expect(isSectionOfType(section, 'rss')).toBe(false);
  });
});

describe('parseSections and serializeSections', () => {
  it('round-trips a section of every block type', () => {
    const sections = newSectionOfEveryType('s-');
    expect(sections.map((s) => s.type)).toEqual([...BLOCK_TYPES]);
    const text = serializeSections(sections);
    expect(typeof text).toBe('string');
    expect(parseSections(text)).toEqual(sections);
  });

  it('round-trips nested layouts', () => {
    const outer = newLayoutSection('outer', 4);
    const nested = { ...outer, blocks: [...outer.blocks, newLayoutSection('inner', 3)] };
    expect(parseSections(serializeSections([nested]))).toEqual([nested]);
  });

  it('reads an empty string (or blank text) as no sections', () => {
    expect(parseSections('')).toEqual([]);
    expect(parseSections('  \n')).toEqual([]);
    expect(parseSections('[]')).toEqual([]);
  });

  it('throws a ZodError for malformed JSON', () => {
    expect(() => parseSections('[{"type": "paragraph",')).toThrow(ZodError);
    expect(() => parseSections('not json')).toThrow(/not valid JSON/);
  });

  it('throws a ZodError for JSON that is not a section list', () => {
    expect(() => parseSections('{}')).toThrow(ZodError);
    expect(() => parseSections('null')).toThrow(ZodError);
    expect(() => parseSections('[{"type":"paragraph"}]')).toThrow(ZodError);
  });

  it('drops section keys the model does not know', () => {
    const section = newSection('divider', 'd');
    const parsed = parseSections(JSON.stringify([{ ...section, legacyField: 1 }]));
    expect(parsed[0]).toEqual(section);
  });
});
