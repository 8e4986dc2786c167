import { describe, expect, it } from 'vitest';
import { fontStack } from './css';

describe('fontStack', () => {
  it('writes System UI as the system font stack, Segoe UI first for Outlook, then the fallback and the generic family', () => {
    expect(fontStack('System UI', 'Georgia')).toBe('Segoe UI, -apple-system, BlinkMacSystemFont, Roboto, Helvetica Neue, Helvetica, Arial, Georgia, sans-serif');
    expect(fontStack('system ui', 'Arial')).toBe('Segoe UI, -apple-system, BlinkMacSystemFont, Roboto, Helvetica Neue, Helvetica, Arial, sans-serif');
  });

  it('keeps a named font and its fallback, ending in the generic family of the font', () => {
    expect(fontStack('Georgia', 'System UI')).toBe('Georgia, Segoe UI, -apple-system, BlinkMacSystemFont, Roboto, Helvetica Neue, Helvetica, Arial, serif');
    expect(fontStack('Montserrat', 'Verdana')).toBe('Montserrat, Verdana, sans-serif');
    expect(fontStack('";}', '')).toBe('Arial, sans-serif');
  });
});
