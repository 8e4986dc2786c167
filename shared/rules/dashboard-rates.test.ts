import { describe, expect, it } from 'vitest';
import { percentOf } from './dashboard-rates';

describe('percentOf', () => {
  it('is a percentage with one decimal, and 0 of nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(5, 5)).toBe(100);
    expect(percentOf(3, 0)).toBe(0);
  });
});
