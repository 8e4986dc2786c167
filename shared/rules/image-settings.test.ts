import { describe, expect, it } from 'vitest';
import {
  ALT_QUOTES_MESSAGE,
  ALT_TOO_LONG_MESSAGE,
  IMAGE_CROP_CHOICES,
  ALT_QUOTES_EMPTIED_MESSAGE,
  checkAltTextOrEmpty,
  checkAltText,
  checkImageWidth,
  cropVariant,
} from './image-settings';

describe('checkAltText', () => {
  it.each([[''], ['A red bicycle'], ['x'.repeat(140)], ['Café – “curly” quotes are typography, not markup']])('accepts %j', (input) => {
    expect(checkAltText(input)).toEqual({ ok: true, value: input });
  });

  it.each([
    ['He said "hi"', ALT_QUOTES_MESSAGE],
    ["Editor's pick", ALT_QUOTES_MESSAGE],
    ['x'.repeat(141), ALT_TOO_LONG_MESSAGE],
    [`${'x'.repeat(141)}"`, ALT_QUOTES_MESSAGE],
  ])('refuses %j', (input, message) => {
    expect(checkAltText(input)).toEqual({ ok: false, message });
  });

  it('says the exact words of spec 2 §5', () => {
    expect(ALT_QUOTES_MESSAGE).toBe('Double quotes or single quote are not allowed.');
    expect(ALT_TOO_LONG_MESSAGE).toBe('This alt text is too long.');
  });

  it('the YouTube panel empties a quoted alt text instead, saying so, and still refuses one too long', () => {
    expect(checkAltTextOrEmpty('a "b"')).toEqual({ ok: true, value: '', warning: ALT_QUOTES_EMPTIED_MESSAGE });
    expect(checkAltTextOrEmpty("it's")).toEqual({ ok: true, value: '', warning: 'Quotes are not allowed in alt text, so it was left empty.' });
    expect(checkAltTextOrEmpty('a b')).toEqual({ ok: true, value: 'a b' });
    expect(checkAltTextOrEmpty('x'.repeat(141))).toEqual({ ok: false, message: ALT_TOO_LONG_MESSAGE });
  });
});

describe('checkImageWidth: 50 up to the desktop width', () => {
  it.each<[string | number, number, number]>([
    ['50', 640, 50],
    ['640', 640, 640],
    [' 300 ', 640, 300],
    [300, 640, 300],
    ['120.4', 640, 120],
    ['2000', 2000, 2000],
  ])('accepts %j with desktop width %d', (input, desktop, value) => {
    expect(checkImageWidth(input, desktop)).toEqual({ ok: true, value });
  });

  it.each<[string, number, string]>([
    ['49', 640, 'Image width must be from 50 to 640.'],
    ['641', 640, 'Image width must be from 50 to 640.'],
    ['0', 640, 'Image width must be from 50 to 640.'],
    ['-100', 640, 'Image width must be from 50 to 640.'],
    ['', 640, 'Image width is required.'],
    ['300px', 640, 'Image width must be a number.'],
    ['abc', 640, 'Image width must be a number.'],
  ])('refuses %j with desktop width %d', (input, desktop, message) => {
    expect(checkImageWidth(input, desktop)).toEqual({ ok: false, message });
  });
});

describe('crop choices', () => {
  it('offers the five crops of spec 2 §3 and maps each to an imported variant', () => {
    expect(IMAGE_CROP_CHOICES.map((c) => c.label)).toEqual([
      'Original',
      'Circle',
      'Square',
      'Horizontal rectangle (4:3)',
      'Vertical rectangle (3:4)',
    ]);
    expect(IMAGE_CROP_CHOICES.map((c) => cropVariant(c.value))).toEqual(['original', 'circle', 'square', '4:3', '3:4']);
  });
});
