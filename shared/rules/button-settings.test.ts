import { describe, expect, it } from 'vitest';
import {
  checkButtonLabel,
  checkButtonFontSize,
  checkButtonInnerPadding,
  checkButtonRadius,
  checkButtonSpacing,
  checkButtonWidth,
} from './button-settings';
import type { FieldResult } from './field-result';

type Check = (input: string) => FieldResult<number>;

describe.each<[string, Check]>([
  ['Spacing', checkButtonSpacing],
  ['Width', checkButtonWidth],
])('%s: clamped to 0–100, not refused (spec 2 §5)', (label, check) => {
  it.each<[string, number]>([
    ['0', 0],
    ['100', 100],
    ['12.5', 12.5],
  ])('accepts %j', (input, value) => {
    expect(check(input)).toEqual({ ok: true, value });
  });

  it.each<[string, number, string]>([
    ['101', 100, `${label} is at most 100, so 101 became 100.`],
    ['250', 100, `${label} is at most 100, so 250 became 100.`],
    ['-1', 0, `${label} is at least 0, so -1 became 0.`],
  ])('%j becomes %d and says so', (input, value, warning) => {
    expect(check(input)).toEqual({ ok: true, value, warning });
  });

  it('is required and numeric', () => {
    expect(check('')).toEqual({ ok: false, message: `${label} is required.` });
    expect(check('wide')).toEqual({ ok: false, message: `${label} must be a number.` });
  });
});

describe.each<[string, Check, number]>([
  ['Border radius', checkButtonRadius, 9999],
  ['Inner padding', checkButtonInnerPadding, 9999],
])('%s', (label, check, max) => {
  it.each<[string, number]>([
    ['0', 0],
    [String(max), max],
    ['12.5', 12.5],
  ])('accepts %j', (input, value) => {
    expect(check(input)).toEqual({ ok: true, value });
  });

  it.each<[string, string]>([
    ['-1', `${label} must be from 0 to ${max}.`],
    [String(max + 1), `${label} must be from 0 to ${max}.`],
    ['', `${label} is required.`],
    ['wide', `${label} must be a number.`],
  ])('refuses %j', (input, message) => {
    expect(check(input)).toEqual({ ok: false, message });
  });
});

describe('button font size: clamped to 8–72 and rounded', () => {
  it.each<[string, number]>([
    ['8', 8],
    ['16.4', 16],
    ['72', 72],
  ])('%j becomes %d', (input, value) => {
    expect(checkButtonFontSize(input)).toEqual({ ok: true, value });
  });

  it.each<[string, number, string]>([
    ['7', 8, 'Font size is at least 8, so 7 became 8.'],
    ['7.6', 8, 'Font size is at least 8, so 7.6 became 8.'],
    ['73', 72, 'Font size is at most 72, so 73 became 72.'],
    ['200', 72, 'Font size is at most 72, so 200 became 72.'],
    ['-5', 8, 'Font size is at least 8, so -5 became 8.'],
  ])('%j becomes %d and says so', (input, value, warning) => {
    expect(checkButtonFontSize(input)).toEqual({ ok: true, value, warning });
  });

  it('is required and numeric', () => {
    expect(checkButtonFontSize('')).toEqual({ ok: false, message: 'Font size is required.' });
    expect(checkButtonFontSize('big')).toEqual({ ok: false, message: 'Font size must be a number.' });
  });
});

describe('button text', () => {
  it('is required and kept as typed', () => {
    expect(checkButtonLabel(' Read more ')).toEqual({ ok: true, value: ' Read more ' });
    expect(checkButtonLabel('x')).toEqual({ ok: true, value: 'x' });
    expect(checkButtonLabel('   ')).toEqual({ ok: false, message: 'Button text is required.' });
    expect(checkButtonLabel('')).toEqual({ ok: false, message: 'Button text is required.' });
  });
});
