import { describe, expect, it } from 'vitest';
import { defaultLetterSettings, sides } from '../model';
import {
  STYLE_MESSAGES,
  checkBorderRadius,
  checkBorderSize,
  checkButtonFontSize,
  checkColor,
  checkDesktopWidth,
  checkDisclaimer,
  checkFontSize,
  checkImageWidth,
  checkLineHeight,
  checkMobileWidth,
  checkPadding,
  fieldNumber,
  linkStyleChoices,
  stripQuotes,
  switchBorders,
  withLinkStyleChoices,
  type NumberFieldValue,
  type StyleRuleResult,
} from './letter-styles';

const SMALL = 'We support desktop widths larger than 600px. Because you set yours below that, we reset it to 600px.';
const LARGE = 'We support desktop widths smaller than 2000px. Because you set yours above that, we reset it to 2000px.';

const ok = <T,>(value: T, warning?: string): StyleRuleResult<T> => (warning ? { ok: true, value, warning } : { ok: true, value });
const refused = (message: string): StyleRuleResult<never> => ({ ok: false, message });

describe('fieldNumber', () => {
  it.each<[NumberFieldValue, number | null]>([
    [12, 12],
    ['12', 12],
    [' 7.5 ', 7.5],
    ['', null],
    ['-', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
  ])('%j → %j', (raw, expected) => expect(fieldNumber(raw)).toBe(expected));
});

describe('checkDesktopWidth: 600–2000, out-of-range values reset with the spec warnings', () => {
  it.each<[NumberFieldValue, StyleRuleResult<number>]>([
    [0, ok(600, SMALL)],
    [500, ok(600, SMALL)],
    [599, ok(600, SMALL)],
    [599.4, ok(600, SMALL)],
    [600, ok(600)],
    [601, ok(601)],
    [720, ok(720)],
    ['1999', ok(1999)],
    [2000, ok(2000)],
    [2001, ok(2000, LARGE)],
    [99999, ok(2000, LARGE)],
    ['', refused(STYLE_MESSAGES.desktopWidthRequired)],
  ])('%j', (raw, expected) => expect(checkDesktopWidth(raw)).toEqual(expected));

  it('uses the exact spec texts', () => {
    expect(STYLE_MESSAGES.desktopWidthTooSmall).toBe(SMALL);
    expect(STYLE_MESSAGES.desktopWidthTooLarge).toBe(LARGE);
  });
});

describe('checkMobileWidth: at least 240, lower values ignored, above 2000 reset to 2000', () => {
  const ignored: StyleRuleResult<number> = { ok: false, message: STYLE_MESSAGES.mobileWidthIgnored, ignored: true };
  const reset: StyleRuleResult<number> = { ok: true, value: 2000, warning: 'We support mobile widths smaller than 2000px. Because you set yours above that, we reset it to 2000px.' };
  it.each<[NumberFieldValue, StyleRuleResult<number>]>([
    [0, ignored],
    [239, ignored],
    [240, ok(240)],
    [241, ok(241)],
    [480, ok(480)],
    [2000, ok(2000)],
    [2001, reset],
    [5000, reset],
    ['', refused(STYLE_MESSAGES.mobileWidthRequired)],
  ])('%j', (raw, expected) => expect(checkMobileWidth(raw)).toEqual(expected));
});

describe('0–9999 ranges: padding, border size, border radius', () => {
  it.each([
    [checkPadding, STYLE_MESSAGES.padding],
    [checkBorderSize, STYLE_MESSAGES.borderSize],
    [checkBorderRadius, STYLE_MESSAGES.borderRadius],
  ] as const)('%o', (check, message) => {
    expect(check(-1)).toEqual(refused(message));
    expect(check(0)).toEqual(ok(0));
    expect(check(1)).toEqual(ok(1));
    expect(check(9998)).toEqual(ok(9998));
    expect(check(9999)).toEqual(ok(9999));
    expect(check(10000)).toEqual(refused(message));
    expect(check('')).toEqual(refused(message));
    expect(check(4.4)).toEqual(ok(4));
  });
});

describe('checkFontSize: empty is 16, under 8 not applied', () => {
  it.each<[NumberFieldValue, StyleRuleResult<number>]>([
    ['', ok(16)],
    [7, refused(STYLE_MESSAGES.fontSizeTooSmall)],
    [7.99, refused(STYLE_MESSAGES.fontSizeTooSmall)],
    [8, ok(8)],
    [9, ok(9)],
    [14.555, ok(14.56)],
    [72, ok(72)],
  ])('%j', (raw, expected) => expect(checkFontSize(raw)).toEqual(expected));
});

describe('checkButtonFontSize: clamped to 8–72 and rounded', () => {
  it.each<[NumberFieldValue, StyleRuleResult<number>]>([
    [7, { ok: true, value: 8, warning: 'Font size is at least 8, so 7 became 8.' }],
    [8, ok(8)],
    [9, ok(9)],
    [16.6, ok(17)],
    [71, ok(71)],
    [72, ok(72)],
    [73, { ok: true, value: 72, warning: 'Font size is at most 72, so 73 became 72.' }],
    [200, { ok: true, value: 72, warning: 'Font size is at most 72, so 200 became 72.' }],
    ['', refused(STYLE_MESSAGES.buttonFontSizeRequired)],
  ])('%j', (raw, expected) => expect(checkButtonFontSize(raw)).toEqual(expected));
});

describe('checkLineHeight: empty counts as 0, under 1 not applied, clamped to 50, two decimals', () => {
  it.each<[NumberFieldValue, StyleRuleResult<number>]>([
    ['', refused(STYLE_MESSAGES.lineHeightTooSmall)],
    [0.99, refused(STYLE_MESSAGES.lineHeightTooSmall)],
    [0.994, refused(STYLE_MESSAGES.lineHeightTooSmall)],
    [0.995, ok(1)],
    [1, ok(1)],
    [1.523, ok(1.52)],
    [50, ok(50)],
    [50.01, ok(50)],
    [51, ok(50)],
  ])('%j', (raw, expected) => expect(checkLineHeight(raw)).toEqual(expected));
});

describe('checkImageWidth: 50 up to the desktop width, others ignored', () => {
  it.each<[NumberFieldValue, number, StyleRuleResult<number>]>([
    [49, 640, refused(STYLE_MESSAGES.imageWidth(640))],
    [50, 640, ok(50)],
    [51, 640, ok(51)],
    [639, 640, ok(639)],
    [640, 640, ok(640)],
    [641, 640, refused(STYLE_MESSAGES.imageWidth(640))],
    [700, 720, ok(700)],
    ['', 640, refused(STYLE_MESSAGES.imageWidth(640))],
  ])('%j of %j', (raw, desktop, expected) => expect(checkImageWidth(raw, desktop)).toEqual(expected));

  it('names the range in its message', () => {
    expect(STYLE_MESSAGES.imageWidth(640)).toBe('The image width must be between 50 and 640px.');
  });
});

describe('checkColor', () => {
  it.each(['#fff', '#FFFFFF', '#11223344', 'rgb(1, 2, 3)', 'rgba(1,2,3,0.5)', 'red', ' #abc '])('accepts %j', (raw) => {
    expect(checkColor(raw)).toEqual(ok(raw.trim()));
  });
  it.each(['', '#12', '#12345', 'notacolour', 'red;background:url(x)', 'rgb(1,2)'])('refuses %j', (raw) => {
    expect(checkColor(raw)).toEqual(refused(STYLE_MESSAGES.color));
  });
});

describe('checkDisclaimer: required, at most 180, quotes stripped with the toast text', () => {
  const at = (n: number) => 'a'.repeat(n);
  it.each<[string, StyleRuleResult<string>]>([
    ['Promotion from', ok('Promotion from')],
    ['', refused(STYLE_MESSAGES.disclaimerRequired)],
    ['   ', refused(STYLE_MESSAGES.disclaimerRequired)],
    ['""', refused(STYLE_MESSAGES.disclaimerRequired)],
    [at(179), ok(at(179))],
    [at(180), ok(at(180))],
    [at(181), refused(STYLE_MESSAGES.disclaimerTooLong)],
    [`${at(180)}'`, ok(at(180), 'quotes not allowed')],
    ['Paid "by" us', ok('Paid by us', 'quotes not allowed')],
    ["Ann's promo", ok('Anns promo', 'quotes not allowed')],
    ['Curly \u201Cquotes\u201D', ok('Curly quotes', 'quotes not allowed')],
  ])('%j', (raw, expected) => expect(checkDisclaimer(raw)).toEqual(expected));
});

describe('stripQuotes', () => {
  it.each([
    ['plain', 'plain', false],
    [`"a" 'b'`, 'a b', true],
    ['\u2018c\u2019 \u201Cd\u201D', 'c d', true],
    ['', '', false],
  ])('%j', (raw, value, stripped) => expect(stripQuotes(raw)).toEqual({ value, stripped }));
});

describe('switchBorders', () => {
  const borders = defaultLetterSettings().borders;
  it('on with no stored thickness gives 1 on every side', () => {
    expect(switchBorders({ ...borders, thickness: sides(0) }, true)).toMatchObject({ applyBorders: true, thickness: sides(1) });
  });
  it('on restores a stored thickness', () => {
    expect(switchBorders({ ...borders, thickness: sides(3, 0) }, true)).toMatchObject({ applyBorders: true, thickness: sides(3, 0) });
  });
  it('off keeps the thickness for later', () => {
    expect(switchBorders({ ...borders, applyBorders: true, thickness: sides(2) }, false)).toMatchObject({ applyBorders: false, thickness: sides(2) });
  });
});

describe('link Style choices', () => {
  const links = defaultLetterSettings().links;
  it('reads bold, italic and underline from weight, style and decoration', () => {
    expect(linkStyleChoices(links)).toEqual(['underline']);
    expect(linkStyleChoices({ weight: 'bold', style: 'italic', decoration: 'none' })).toEqual(['bold', 'italic']);
  });
  it('writes them back', () => {
    expect(withLinkStyleChoices(links, ['bold', 'italic'])).toMatchObject({ weight: 'bold', style: 'italic', decoration: 'none' });
    expect(withLinkStyleChoices(links, [])).toMatchObject({ weight: 'normal', style: 'normal', decoration: 'none' });
    expect(withLinkStyleChoices(links, ['underline'])).toEqual(links);
  });
});
