import { describe, expect, it } from 'vitest';
import { sides } from '../model/border';
import { checkBlockPadding, checkBorderRadius, checkBorderSize, switchBorder } from './border-settings';

describe('border sizes and radii: 0 to 9999', () => {
  it.each([
    ['Border size', checkBorderSize],
    ['Border radius', checkBorderRadius],
  ] as const)('%s', (label, check) => {
    expect(check('0')).toEqual({ ok: true, value: 0 });
    expect(check('9999')).toEqual({ ok: true, value: 9999 });
    expect(check('2.5')).toEqual({ ok: true, value: 2.5 });
    expect(check('-1')).toEqual({ ok: false, message: `${label} must be from 0 to 9999.` });
    expect(check('10000')).toEqual({ ok: false, message: `${label} must be from 0 to 9999.` });
    expect(check('')).toEqual({ ok: false, message: `${label} is required.` });
    expect(check('thin')).toEqual({ ok: false, message: `${label} must be a number.` });
  });
});

describe('block padding: 0 to 250', () => {
  it.each<[string, boolean]>([
    ['0', true],
    ['250', true],
    ['25', true],
    ['-1', false],
    ['251', false],
    ['', false],
  ])('%j accepted: %s', (input, ok) => {
    expect(checkBlockPadding(input).ok).toBe(ok);
  });

  it('says the range', () => {
    expect(checkBlockPadding('251')).toEqual({ ok: false, message: 'Padding must be from 0 to 250.' });
  });
});

describe('switchBorder (spec 2 §4)', () => {
  it('on restores the previous thickness', () => {
    expect(switchBorder(true, sides(3, 1, 3, 1))).toEqual(sides(3, 1, 3, 1));
  });

  it('on gives 1 on every side when none was stored, or the stored one was all 0', () => {
    expect(switchBorder(true, null)).toEqual(sides(1));
    expect(switchBorder(true, sides(0))).toEqual(sides(1));
  });

  it('off sets every side to 0', () => {
    expect(switchBorder(false, sides(4))).toEqual(sides(0));
  });
});
