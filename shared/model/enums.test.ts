import { describe, expect, it } from 'vitest';
import {
  CROP_OPTIONS,
  CROP_PRESETS,
  LayoutType,
  LayoutTypeSchema,
  NEWS_CATEGORIES,
  SHARE_NETWORKS,
  SOCIAL_NETWORKS,
  BlockAlignmentSchema,
  AlignmentSchema,
} from './enums';

describe('enumerations', () => {
  it('accept layout types 1 to 8 only', () => {
    expect(Object.values(LayoutType)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(LayoutTypeSchema.safeParse(0).success).toBe(false);
    expect(LayoutTypeSchema.safeParse(9).success).toBe(false);
    expect(LayoutTypeSchema.parse(8)).toBe(8);
  });

  it('give every crop option but original a preset', () => {
    expect(CROP_OPTIONS).toHaveLength(5);
    expect(CROP_PRESETS.original).toBeNull();
    expect(CROP_PRESETS.square).toEqual({ width: 600, height: 600, radiusPercent: 0 });
    expect(CROP_PRESETS.horizontalRectangle).toEqual({ width: 800, height: 600, radiusPercent: 0 });
    expect(CROP_PRESETS.verticalRectangle).toEqual({ width: 600, height: 800, radiusPercent: 0 });
    expect(CROP_PRESETS.circle).toEqual({ width: 600, height: 600, radiusPercent: 50 });
  });

  it('list the spec networks and news categories', () => {
    expect(SOCIAL_NETWORKS).toHaveLength(9);
    expect(SHARE_NETWORKS).toEqual(['whatsapp', 'x', 'facebook', 'reddit', 'linkedin']);
    expect(NEWS_CATEGORIES[0]).toBe('All');
    expect(NEWS_CATEGORIES).toHaveLength(8);
  });

  it('allow full width only where blocks can fill the width', () => {
    expect(AlignmentSchema.safeParse('full width').success).toBe(false);
    expect(BlockAlignmentSchema.parse('full width')).toBe('full width');
  });
});
