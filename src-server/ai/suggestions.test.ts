import { describe, expect, it } from 'vitest';
import { newSection } from '../../shared/model/section-factory';
import { serializeSections } from '../../shared/model/section';
import { contentSuggestions, firstHeadingAndSentence } from './content-suggestions';
import { LETTER_CONTEXT_MAX, capLength, parseSuggestions, suggestionMessages } from './suggestions';

describe('parseSuggestions', () => {
  it.each([
    ['a JSON array', '["One", "Two", "Three"]'],
    ['a fenced JSON array', '```json\n["One", "Two", "Three"]\n```'],
    ['an object holding the list', '{"suggestions": ["One", "Two", "Three"]}'],
    ['objects with text', '[{"text": "One"}, {"text": "Two"}, {"text": "Three"}]'],
    ['JSON lines', '"One"\n"Two",\n"Three"'],
    ['a numbered list after an introduction', 'Here are three:\n1. One\n2) "Two"\n3. “Three”'],
    ['a bulleted list', '- One\n* Two\n• Three'],
  ])('reads %s', (_case, content) => {
    expect(parseSuggestions('subject', [content])).toEqual(['One', 'Two', 'Three']);
  });

  it('reads prose without a list as nothing, so the route can say so', () => {
    expect(parseSuggestions('subject', ["I'm sorry, but I can't help with that request."])).toEqual([]);
    expect(parseSuggestions('subject', ['{not json'])).toEqual([]);
  });

  it('joins choices, drops repeats (ignoring case) and blanks, and keeps three', () => {
    expect(parseSuggestions('subject', ['["A", "a", " "]', '["B", "C", "D"]'])).toEqual(['A', 'B', 'C']);
  });

  it('caps preview texts at 150 characters on a word boundary', () => {
    const [item] = parseSuggestions('previewText', [JSON.stringify([`${'tide '.repeat(40)}end`])]);
    expect(item!.length).toBeLessThanOrEqual(150);
    expect(item).toMatch(/^tide( tide)*$/);
  });
});

describe('capLength', () => {
  it('cuts a word with no space near the limit rather than answering nothing', () => {
    expect(capLength('x'.repeat(200), 150)).toBe('x'.repeat(150));
    expect(capLength('short', 150)).toBe('short');
  });
});

describe('suggestionMessages', () => {
  it('asks for a JSON array and bounds the letter text it sends', () => {
    const messages = suggestionMessages('subject', `start ${'a'.repeat(LETTER_CONTEXT_MAX * 2)}`);
    expect(messages[0]!.content).toContain('JSON array of exactly 3 strings');
    expect(messages[1]!.content).toContain('start aaa');
    expect(messages[1]!.content.length).toBeLessThan(LETTER_CONTEXT_MAX + 600);
  });
});

describe('content suggestions', () => {
  it('finds the first heading and first sentence in nested layouts and skips the placeholder', () => {
    const layout = newSection('layout', 'l1');
    const paragraph = newSection('paragraph', 'p1');
    paragraph.delta = { ops: [{ insert: 'Nets are mended! The boats go out at four.\n' }] };
    const heading = newSection('heading', 'h1');
    heading.delta = { ops: [{ insert: '  The   fleet\n' }] };
    layout.blocks = [newSection('paragraph', 'placeholder'), paragraph];
    const blocks = serializeSections([layout, heading]);
    expect(firstHeadingAndSentence(blocks)).toEqual({ heading: 'The fleet', sentence: 'Nets are mended!' });
    expect(contentSuggestions('subject', blocks)).toEqual(['The fleet', 'Nets are mended!']);
    expect(contentSuggestions('previewText', blocks)).toEqual(['Nets are mended!', 'The fleet']);
  });

  it('takes a rich-text line marked as a heading as the heading, and a line without a stop whole', () => {
    const paragraph = newSection('paragraph', 'p1');
    paragraph.delta = {
      ops: [{ insert: 'Harbour notes' }, { insert: '\n', attributes: { header: 2 } }, { insert: 'No full stop here\n' }],
    };
    expect(firstHeadingAndSentence(serializeSections([paragraph]))).toEqual({ heading: 'Harbour notes', sentence: 'No full stop here' });
  });

  it('has nothing to offer for placeholders, buttons, unreadable blocks or no blocks', () => {
    expect(contentSuggestions('subject', serializeSections([newSection('paragraph', 'p'), newSection('button', 'b')]))).toEqual([]);
    expect(contentSuggestions('subject', '{broken')).toEqual([]);
    expect(contentSuggestions('previewText', '')).toEqual([]);
  });
});
