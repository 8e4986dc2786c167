import { describe, expect, it } from 'vitest';
import { NO_RESPONSES, formatResponseRate } from './poll-labels';

describe('formatResponseRate', () => {
  it("shows one decimal, and '—' with no responses", () => {
    expect(formatResponseRate(3, 15)).toBe('15.0%');
    expect(formatResponseRate(2, 66.7)).toBe('66.7%');
    expect(formatResponseRate(0, null)).toBe(NO_RESPONSES);
    expect(formatResponseRate(0, 0)).toBe(NO_RESPONSES);
  });
});
