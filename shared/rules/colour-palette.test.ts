import { describe, expect, it } from 'vitest';
import { colourPalette, FIXED_COLOURS } from './colour-palette';

describe('the colour palette', () => {
  it('has 15 distinct fixed colours, among them the default link colour', () => {
    expect(FIXED_COLOURS).toHaveLength(15);
    expect(new Set(FIXED_COLOURS.map((c) => c.toLowerCase())).size).toBe(15);
    expect(FIXED_COLOURS).toContain('#0000ee');
  });

  it('puts the accent colour first when there is one: 16 swatches', () => {
    expect(colourPalette('#123456')).toEqual(['#123456', ...FIXED_COLOURS]);
    expect(colourPalette(null)).toEqual([...FIXED_COLOURS]);
    expect(colourPalette('')).toEqual([...FIXED_COLOURS]);
  });
});
