import { describe, expect, it } from 'vitest';
import { maskEmail } from './mask-email';

describe('maskEmail', () => {
  it.each([
    ['jane@example.com', 'j•••@example.com'],
    ['j@example.com', 'j•••@example.com'],
    ['"odd@local"@example.com', '"•••@example.com'],
    ['émile@example.fr', 'é•••@example.fr'],
    ['😀fan@example.com', '😀•••@example.com'],
    ['not-an-address', '•••'],
    ['@example.com', '•••'],
  ])('%s → %s', (email, masked) => {
    expect(maskEmail(email)).toBe(masked);
  });
});
