import { describe, expect, it } from 'vitest';
import {
  TEXT_TYPES,
  TEXT_TYPE_LABELS,
  TextStyleSchema,
  TextStyleWithOptionalColorSchema,
  TextTypeSchema,
  blockTextStyle,
  letterTextStyle,
} from './text-style';

describe('text styles', () => {
  it('letterTextStyle follows the letter-wide defaults and parses', () => {
    const style = letterTextStyle();
    expect(TextStyleSchema.parse(style)).toEqual(style);
    expect(style).toMatchObject({ font: 'System UI', fontFallback: 'Arial', fontSize: 16, lineHeight: 1.52, alignment: 'left' });
  });

  it('blockTextStyle follows the new-section fonts and parses', () => {
    const style = blockTextStyle(14);
    expect(TextStyleSchema.parse(style)).toEqual(style);
    expect(style).toMatchObject({ font: 'System UI', fontFallback: 'Arial', fontSize: 14, color: '#202a33' });
  });

  it('lets only the optional-colour style omit the colour', () => {
    const { color: _c, ...noColor } = letterTextStyle();
    expect(TextStyleSchema.safeParse(noColor).success).toBe(false);
    expect(TextStyleWithOptionalColorSchema.safeParse(noColor).success).toBe(true);
  });

  it('rejects an alignment outside left, center, right', () => {
    expect(TextStyleSchema.safeParse({ ...letterTextStyle(), alignment: 'justify' }).success).toBe(false);
  });

  it('lists the spec text types with their labels', () => {
    expect(TEXT_TYPES).toHaveLength(15);
    expect(TEXT_TYPE_LABELS.p).toBe('Paragraph');
    expect(TEXT_TYPE_LABELS.publicationDateSettings).toBe('Date published');
    expect(TEXT_TYPE_LABELS.siteNameSettings).toBe('Source');
    expect(TextTypeSchema.safeParse('h7').success).toBe(false);
    expect(TextTypeSchema.parse('authorSettings')).toBe('authorSettings');
  });
});
