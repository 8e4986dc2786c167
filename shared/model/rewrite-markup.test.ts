import { describe, expect, it } from 'vitest';
import type { Delta } from './delta';
import { deltaLinks, deltaPlainText, deltaToMarkup, markupToDelta } from './rewrite-markup';

const original: Delta = {
  ops: [
    { insert: 'Tides turn ' },
    { insert: 'slowly', attributes: { bold: true } },
    { insert: ' and ' },
    { insert: 'softly', attributes: { italic: true, color: '#ff0000' } },
    { insert: '. Read the ' },
    { insert: 'tide table', attributes: { link: 'https://example.com/tides?a=1&b=(2)' } },
    { insert: ' * with care [sic].\n' },
    { insert: 'Boats\n', attributes: {} },
    { insert: 'Nets' },
    { insert: '\n', attributes: { list: 'bullet' } },
    { insert: 'Ropes' },
    { insert: '\n', attributes: { list: 'bullet' } },
  ],
};

describe('deltaToMarkup', () => {
  it('writes bold, italics, links, escapes and list items as markdown-like markup', () => {
    expect(deltaToMarkup(original)).toBe(
      'Tides turn **slowly** and *softly*. Read the [tide table](https://example.com/tides?a=1&b=%282%29) \\* with care \\[sic\\].\n\nBoats\n\n- Nets\n- Ropes',
    );
  });

  it('keeps markers next to the words, not around the spaces', () => {
    expect(deltaToMarkup({ ops: [{ insert: 'a' }, { insert: ' bold ', attributes: { bold: true } }, { insert: 'b\n' }] })).toBe('a **bold** b');
  });
});

describe('markupToDelta', () => {
  const links = deltaLinks(original);

  it('reads its own markup back into the same words and formats (colour is not carried)', () => {
    const back = markupToDelta(deltaToMarkup(original), links);
    expect(deltaPlainText(back)).toBe(deltaPlainText(original));
    expect(back.ops).toContainEqual({ insert: 'slowly', attributes: { bold: true } });
    expect(back.ops).toContainEqual({ insert: 'softly', attributes: { italic: true } });
    expect(back.ops).toContainEqual({ insert: 'tide table', attributes: { link: 'https://example.com/tides?a=1&b=(2)' } });
    expect(back.ops.filter((op) => op.attributes?.list === 'bullet')).toHaveLength(2);
  });

  it('keeps only the links the original had: a new address stays plain text', () => {
    const delta = markupToDelta('See [the table](https://example.com/tides?a=1&b=%282%29) or [win a prize](https://evil.example/).', links);
    expect(delta.ops).toEqual([
      { insert: 'See ' },
      { insert: 'the table', attributes: { link: 'https://example.com/tides?a=1&b=(2)' } },
      { insert: ' or win a prize.' },
      { insert: '\n' },
    ]);
  });

  it('reads subheadings, numbered lists, ***both***, a code fence around the answer, and leaves lone asterisks as text', () => {
    const delta = markupToDelta('```markdown\n## Harbour news\n\n1. First **one**\n2. Then ***both***\n\n5 * 3 is *fifteen\n```', new Set());
    expect(delta.ops).toEqual([
      { insert: 'Harbour news' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: 'First ' },
      { insert: 'one', attributes: { bold: true } },
      { insert: '\n', attributes: { list: 'ordered' } },
      { insert: 'Then ' },
      { insert: 'both', attributes: { bold: true, italic: true } },
      { insert: '\n', attributes: { list: 'ordered' } },
      { insert: '5 * 3 is *fifteen' },
      { insert: '\n' },
    ]);
  });

  it('answers no ops for an empty answer', () => {
    expect(markupToDelta(' \n\n ', new Set()).ops).toEqual([]);
  });
});
