import { describe, expect, it } from 'vitest';
import { checkDividerThickness } from './divider-settings';

describe('checkDividerThickness: 0 to 50, blank is 0', () => {
  it.each<[string, number]>([
    ['0', 0],
    ['', 0],
    ['1', 1],
    ['50', 50],
    ['2.5', 2.5],
  ])('accepts %j as %d', (input, value) => {
    expect(checkDividerThickness(input)).toEqual({ ok: true, value });
  });

  it.each<[string, string]>([
    ['-1', 'Thickness must be from 0 to 50.'],
    ['50.5', 'Thickness must be from 0 to 50.'],
    ['51', 'Thickness must be from 0 to 50.'],
    ['1px', 'Thickness must be a number.'],
  ])('refuses %j', (input, message) => {
    expect(checkDividerThickness(input)).toEqual({ ok: false, message });
  });

  it('reads an empty number field (null) as 0, as the Styles tab passes it', () => {
    expect(checkDividerThickness(null)).toEqual({ ok: true, value: 0 });
  });
});
