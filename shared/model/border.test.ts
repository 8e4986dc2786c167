import { describe, expect, it } from 'vitest';
import { BorderSchema, CornersSchema, SidesSchema, corners, defaultBorder, effectiveBorder, sides } from './border';

describe('defaultBorder', () => {
  it('is black, solid, radius 3 per corner, thickness 0, and parses', () => {
    const border = defaultBorder();
    expect(BorderSchema.parse(border)).toEqual(border);
    expect(border).toEqual({
      color: '#000000',
      style: 'solid',
      thickness: { top: 0, right: 0, bottom: 0, left: 0 },
      borderRadius: { topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3 },
      applyBorders: false,
    });
  });
});

describe('sides and corners', () => {
  it('follow the CSS shorthand order', () => {
    expect(sides(4)).toEqual({ top: 4, right: 4, bottom: 4, left: 4 });
    expect(sides(10, 25)).toEqual({ top: 10, right: 25, bottom: 10, left: 25 });
    expect(sides(1, 2, 3)).toEqual({ top: 1, right: 2, bottom: 3, left: 2 });
    expect(sides(1, 2, 3, 4)).toEqual({ top: 1, right: 2, bottom: 3, left: 4 });
    expect(corners(3)).toEqual({ topLeft: 3, topRight: 3, bottomLeft: 3, bottomRight: 3 });
  });

  it('reject negative sizes and missing sides', () => {
    expect(SidesSchema.safeParse({ top: -1, right: 0, bottom: 0, left: 0 }).success).toBe(false);
    expect(SidesSchema.safeParse({ top: 0, right: 0, bottom: 0 }).success).toBe(false);
    expect(CornersSchema.safeParse({ topLeft: 0, topRight: 0, bottomLeft: 0 }).success).toBe(false);
  });
});

describe('effectiveBorder', () => {
  const letter = defaultBorder();

  it('takes missing fields from the letter, thickness only while its borders are applied', () => {
    expect(effectiveBorder({}, letter)).toEqual({ thickness: sides(0), color: '#000000', style: 'solid', radius: corners(3) });
    expect(effectiveBorder({}, { ...letter, thickness: sides(2) }).thickness).toEqual(sides(0));
    expect(effectiveBorder({}, { ...letter, applyBorders: true, thickness: sides(2) }).thickness).toEqual(sides(2));
  });

  it("prefers the section's own values", () => {
    const own = { borderThickness: sides(5), borderColor: '#ff0000', borderStyle: 'dashed' as const, borderRadius: corners(0) };
    const applied = { ...letter, applyBorders: true, thickness: sides(2) };
    expect(effectiveBorder(own, applied)).toEqual({ thickness: sides(5), color: '#ff0000', style: 'dashed', radius: corners(0) });
  });
});
