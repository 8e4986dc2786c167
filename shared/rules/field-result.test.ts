import { describe, expect, it } from 'vitest';
import { checkRange, readNumber, roundTo } from './field-result';

describe('readNumber', () => {
  it.each<[string | number, number | '']>([
    ['12', 12],
    [' 12.5 ', 12.5],
    ['-3', -3],
    ['.5', 0.5],
    ['5.', 5],
    ['', ''],
    ['  ', ''],
    [7, 7],
  ])('%j reads as %j', (input, value) => {
    expect(readNumber(input)).toBe(value);
  });

  it.each(['12px', '1e3', '1,5', 'abc', '--1', '0x10'])('%j is not a number', (input) => {
    expect(readNumber(input)).toBeNaN();
  });
});

describe('roundTo', () => {
  it.each<[number, number, number]>([
    [1.255, 2, 1.26],
    [1.005, 2, 1.01],
    [2.344, 2, 2.34],
    [49.5, 0, 50],
    [1e-7, 2, 0],
  ])('%d to %d decimals is %d', (value, decimals, rounded) => {
    expect(roundTo(value, decimals)).toBe(rounded);
  });
});

describe('checkRange', () => {
  const rule = { label: 'Size', min: 10, max: 20 };

  it('accepts both ends and refuses just past them', () => {
    expect(checkRange('10', rule)).toEqual({ ok: true, value: 10 });
    expect(checkRange('20', rule)).toEqual({ ok: true, value: 20 });
    expect(checkRange('9.99', rule)).toEqual({ ok: false, message: 'Size must be from 10 to 20.' });
    expect(checkRange('20.01', rule)).toEqual({ ok: false, message: 'Size must be from 10 to 20.' });
  });

  it('reads a blank field as its blank value, or refuses it as required', () => {
    expect(checkRange('', rule)).toEqual({ ok: false, message: 'Size is required.' });
    expect(checkRange('', { ...rule, blankAs: 15 })).toEqual({ ok: true, value: 15 });
  });

  it('rounds whole-number fields before checking', () => {
    expect(checkRange('9.5', { ...rule, integer: true })).toEqual({ ok: true, value: 10 });
    expect(checkRange('9.4', { ...rule, integer: true })).toEqual({ ok: false, message: 'Size must be from 10 to 20.' });
  });
});
