import { describe, expect, it } from 'vitest';
import { corners, sides } from '../model/border';
import { defaultLetterSettings } from '../model/letter-settings';
import { newSection } from '../model/section-factory';
import { checkBlockPadding, checkBorderRadius, checkBorderSize, sectionBorder, switchBorder } from './border-settings';

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

describe('sectionBorder', () => {
  const settings = defaultLetterSettings();
  const section = newSection('paragraph', 'p');

  it('takes missing fields from the letter, thickness only while its borders are applied', () => {
    expect(sectionBorder(section, settings)).toEqual({ thickness: sides(0), color: '#000000', style: 'solid', radius: corners(3) });
    const applied = { ...settings, borders: { ...settings.borders, applyBorders: true, thickness: sides(2) } };
    expect(sectionBorder(section, applied).thickness).toEqual(sides(2));
  });

  it('prefers the section own values', () => {
    const own = { ...section, borderThickness: sides(5), borderColor: '#ff0000', borderStyle: 'dashed' as const, borderRadius: corners(0) };
    expect(sectionBorder(own, settings)).toEqual({ thickness: sides(5), color: '#ff0000', style: 'dashed', radius: corners(0) });
  });
});
