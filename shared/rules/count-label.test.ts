import { describe, expect, it } from 'vitest';
import { countLabel } from './count-label';

describe('countLabel', () => {
  it('uses the singular for exactly one and the plural otherwise', () => {
    expect(countLabel(1, 'response')).toBe('1 response');
    expect(countLabel(0, 'response')).toBe('0 responses');
    expect(countLabel(2, 'response')).toBe('2 responses');
    expect(countLabel(1, 'reply', 'replies')).toBe('1 reply');
    expect(countLabel(3, 'reply', 'replies')).toBe('3 replies');
  });
});
