import { describe, expect, it } from 'vitest';
import { sidesPx } from './css';

// Paddings are written in CSS's shortest form: the same box in fewer bytes of every email.

describe('sidesPx', () => {
  it('writes one, two, three or four values as CSS reads them back', () => {
    expect(sidesPx({ top: 4, right: 4, bottom: 4, left: 4 })).toBe('4px');
    expect(sidesPx({ top: 10, right: 25, bottom: 10, left: 25 })).toBe('10px 25px');
    expect(sidesPx({ top: 10, right: 25, bottom: 0, left: 25 })).toBe('10px 25px 0px');
    expect(sidesPx({ top: 1, right: 2, bottom: 3, left: 4 })).toBe('1px 2px 3px 4px');
    // Equal once rounded to whole pixels, as they are written.
    expect(sidesPx({ top: 4.2, right: 3.8, bottom: 4, left: 4 })).toBe('4px');
  });
});
