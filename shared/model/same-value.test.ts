import { describe, expect, it } from 'vitest';
import { sameValue } from './same-value';

describe('sameValue', () => {
  it.each([
    [{ a: 1, b: [1, { c: 'x' }] }, { b: [1, { c: 'x' }], a: 1 }, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [[1, 2], [2, 1], false],
    [{ a: null }, { a: 0 }, false],
    [[], {}, false],
    ['1', 1, false],
  ])('%j and %j → %s', (a, b, same) => {
    expect(sameValue(a, b)).toBe(same);
  });
});
