import { describe, expect, it } from 'vitest';
import { FONT_SIZE_TOO_SMALL_MESSAGE, LINE_HEIGHT_RANGE_MESSAGE, checkFontSize, checkLineHeight } from './text-settings';

describe('checkFontSize: minimum 8, blank is 16', () => {
  it.each<[string | number, number]>([
    ['8', 8],
    ['8.5', 8.5],
    ['18', 18],
    ['200', 200],
    ['', 16],
    ['   ', 16],
    [12, 12],
  ])('accepts %j as %d', (input, value) => {
    expect(checkFontSize(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['7.99', FONT_SIZE_TOO_SMALL_MESSAGE],
    ['7', FONT_SIZE_TOO_SMALL_MESSAGE],
    ['0', FONT_SIZE_TOO_SMALL_MESSAGE],
    ['-12', FONT_SIZE_TOO_SMALL_MESSAGE],
    ['12px', 'Font size must be a number.'],
  ])('refuses %j', (input, message) => {
    expect(checkFontSize(input)).toEqual({ ok: false, message });
  });

  it('names the minimum', () => {
    expect(FONT_SIZE_TOO_SMALL_MESSAGE).toBe('Font size must be at least 8.');
  });
});

describe('checkLineHeight: 1 to 50, two decimals', () => {
  it.each<[string, number]>([
    ['1', 1],
    ['1.52', 1.52],
    ['1.555', 1.56],
    ['0.996', 1],
    ['50', 50],
    ['50.01', 50],
    ['120', 50],
  ])('accepts %j as %d', (input, value) => {
    expect(checkLineHeight(input)).toEqual({ ok: true, value });
  });

  it.each([
    ['0.99', LINE_HEIGHT_RANGE_MESSAGE],
    ['0.994', LINE_HEIGHT_RANGE_MESSAGE],
    ['', LINE_HEIGHT_RANGE_MESSAGE],
    ['-1', LINE_HEIGHT_RANGE_MESSAGE],
    ['1,5', 'Line height must be a number.'],
  ])('refuses %j', (input, message) => {
    expect(checkLineHeight(input)).toEqual({ ok: false, message });
  });
});
