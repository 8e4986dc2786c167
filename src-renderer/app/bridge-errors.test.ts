import { describe, expect, it } from 'vitest';
import { errorFields, errorMessage, errorWithDetails } from './bridge-errors';

// Reading a refused bridge call: the message, its fields, and both together where the screen
// has no input for the fields (a merge tag refused in a block).

const refusal = {
  code: 'invalid_input',
  message: 'Validation failed',
  fields: { 'blocks.p-1': ["Paragraph: {{ frist_name }}: Unknown merge tag name 'frist_name'. Did you mean 'first_name'?"] },
};

describe('bridge errors', () => {
  it('reads the message, or the fallback when there is none', () => {
    expect(errorMessage(refusal, 'fallback')).toBe('Validation failed');
    expect(errorMessage({ code: 'x' }, 'fallback')).toBe('fallback');
  });

  it('names the block and the tag after the message', () => {
    expect(errorWithDetails(refusal, 'fallback')).toBe("Validation failed: Paragraph: {{ frist_name }}: Unknown merge tag name 'frist_name'. Did you mean 'first_name'?");
    expect(errorWithDetails({ message: 'Offline' }, 'fallback')).toBe('Offline');
    expect(errorFields(refusal)).toEqual({ 'p-1': refusal.fields['blocks.p-1'][0] });
  });
});
