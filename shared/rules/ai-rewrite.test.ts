import { describe, expect, it } from 'vitest';
import { REWRITE_EMPTY_MESSAGE, rewritePromptsFor, rewriteRefusal } from './ai-rewrite';

describe('rewritePromptsFor', () => {
  it('offers the six prompts, and the list and subheading ones only over 1000 characters', () => {
    expect(rewritePromptsFor('a'.repeat(1000))).toEqual(['easierToRead', 'shorter', 'moreFormal', 'moreCasual', 'morePersuasive', 'moreNeutral']);
    expect(rewritePromptsFor('a'.repeat(1001))).toContain('asList');
    expect(rewritePromptsFor('a'.repeat(1001))).toContain('withSubheadings');
  });
});

describe('rewriteRefusal', () => {
  it("refuses blank text with the spec's notice and a long-text prompt for short text", () => {
    expect(rewriteRefusal('  \n', 'shorter')).toBe(REWRITE_EMPTY_MESSAGE);
    expect(rewriteRefusal('Short text', 'asList')).toBe("'Reformatted as a list' is offered only for texts longer than 1000 characters.");
    expect(rewriteRefusal('Short text', 'shorter')).toBeNull();
  });
});
