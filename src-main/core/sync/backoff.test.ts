import { describe, expect, it } from 'vitest';
import { MAX_BACKOFF_MS, backoffMs } from './backoff';

describe('backoffMs', () => {
  it('doubles with each failure, within the upper half of the step', () => {
    expect([1, 2, 3, 4, 5].map((failures) => backoffMs(failures, () => 0))).toEqual([1000, 2000, 4000, 8000, 16_000]);
    expect([1, 2, 3, 4, 5].map((failures) => backoffMs(failures, () => 1))).toEqual([2000, 4000, 8000, 16_000, 32_000]);
    expect(backoffMs(3, () => 0.5)).toBe(6000);
  });

  it('never waits longer than a minute, however many failures', () => {
    expect(backoffMs(6, () => 1)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(1000, () => 1)).toBe(MAX_BACKOFF_MS);
    expect(backoffMs(1000, () => 0)).toBe(MAX_BACKOFF_MS / 2);
  });

  it('is random by default, within its bounds', () => {
    for (let i = 0; i < 50; i += 1) {
      const wait = backoffMs(2);
      expect(wait).toBeGreaterThanOrEqual(2000);
      expect(wait).toBeLessThanOrEqual(4000);
    }
  });
});
