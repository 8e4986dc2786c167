import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { createEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import type { Delta } from '../../../shared/model/delta';
import { colorFromStyle, fromDelta, toDelta } from './delta-lexical';
import { deltaPlainText, normalizeDelta } from './delta-lines';

function headless() {
  return createEditor({
    namespace: 'test',
    nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode],
    onError: (error) => {
      throw error;
    },
  });
}

/** Through a real Lexical editor, so the JSON we write is JSON Lexical accepts and keeps. */
function throughLexical(delta: Delta): Delta {
  const editor = headless();
  const state = editor.parseEditorState(JSON.stringify(fromDelta(delta)));
  return toDelta(state.toJSON());
}

const cases: Array<[string, Delta]> = [
  ['bold', { ops: [{ insert: 'a ' }, { insert: 'bold', attributes: { bold: true } }, { insert: ' word\n' }] }],
  ['italic', { ops: [{ insert: 'it', attributes: { italic: true } }, { insert: '\n' }] }],
  ['underline', { ops: [{ insert: 'u', attributes: { underline: true } }, { insert: '\n' }] }],
  ['strike', { ops: [{ insert: 's', attributes: { strike: true } }, { insert: '\n' }] }],
  ['bold italic underline', { ops: [{ insert: 'all', attributes: { bold: true, italic: true, underline: true } }, { insert: '\n' }] }],
  ['colour', { ops: [{ insert: 'red', attributes: { color: '#ff0000' } }, { insert: ' and ' }, { insert: 'rgb', attributes: { color: 'rgb(1, 2, 3)' } }, { insert: '\n' }] }],
  ['link', { ops: [{ insert: 'see ' }, { insert: 'our site', attributes: { link: 'https://example.com/a?b=1' } }, { insert: '\n' }] }],
  ['link with mixed formats', { ops: [{ insert: 'bold ', attributes: { link: 'mailto:a@b.c', bold: true } }, { insert: 'plain', attributes: { link: 'mailto:a@b.c' } }, { insert: '\n' }] }],
  ['two links side by side', { ops: [{ insert: 'one', attributes: { link: 'https://one.test' } }, { insert: 'two', attributes: { link: 'https://two.test' } }, { insert: '\n' }] }],
  ['merge tag link', { ops: [{ insert: 'me', attributes: { link: '{{ unsubscribe_url }}' } }, { insert: '\n' }] }],
  ['ordered list', { ops: [{ insert: 'one' }, { insert: '\n', attributes: { list: 'ordered' } }, { insert: 'two' }, { insert: '\n', attributes: { list: 'ordered' } }] }],
  ['bullet then ordered', { ops: [{ insert: 'a' }, { insert: '\n', attributes: { list: 'bullet' } }, { insert: 'b' }, { insert: '\n', attributes: { list: 'ordered' } }] }],
  ['list between paragraphs', { ops: [{ insert: 'intro\nitem' }, { insert: '\n', attributes: { list: 'bullet', align: 'center' } }, { insert: 'outro\n' }] }],
  ['alignments', { ops: [{ insert: 'l' }, { insert: '\n', attributes: { align: 'left' } }, { insert: 'c' }, { insert: '\n', attributes: { align: 'center' } }, { insert: 'r' }, { insert: '\n', attributes: { align: 'right' } }, { insert: 'j' }, { insert: '\n', attributes: { align: 'justify' } }] }],
  ['headings', { ops: [{ insert: 'Title' }, { insert: '\n', attributes: { header: 2 } }, { insert: 'Sub' }, { insert: '\n', attributes: { header: 3, align: 'right' } }, { insert: 'body\n' }] }],
  ['empty lines kept', { ops: [{ insert: 'a\n\n\nb\n' }] }],
];

describe('fromDelta / toDelta', () => {
  it.each(cases)('keeps %s', (_name, delta) => {
    expect(toDelta(fromDelta(delta))).toEqual(delta);
    expect(throughLexical(delta)).toEqual(delta);
  });

  it('writes the Lexical nodes each format needs', () => {
    const state = fromDelta({
      ops: [
        { insert: 'Hi', attributes: { bold: true, italic: true, color: '#00ff00' } },
        { insert: '\n', attributes: { header: 2, align: 'center' } },
        { insert: 'x', attributes: { link: 'https://a.test', underline: true } },
        { insert: '\n', attributes: { list: 'ordered' } },
      ],
    });
    const [heading, list] = state.root.children as unknown as Array<Record<string, unknown> & { children: Array<Record<string, unknown>> }>;
    expect(heading).toMatchObject({ type: 'heading', tag: 'h2', format: 'center' });
    expect(heading!.children[0]).toMatchObject({ type: 'text', text: 'Hi', format: 3, style: 'color: #00ff00;' });
    expect(list).toMatchObject({ type: 'list', listType: 'number', tag: 'ol' });
    const item = list!.children[0] as { children: Array<Record<string, unknown> & { children: unknown[] }> };
    expect(item).toMatchObject({ type: 'listitem', value: 1 });
    expect(item.children[0]).toMatchObject({ type: 'link', url: 'https://a.test' });
    expect(item.children[0]!.children[0]).toMatchObject({ type: 'text', text: 'x', format: 8 });
  });

  it('normalises: merges ops, adds the final newline, moves text formats off newlines', () => {
    const delta: Delta = { ops: [{ insert: 'a', attributes: { bold: true } }, { insert: 'b', attributes: { bold: true } }, { insert: 'c\nd', attributes: { bold: true, align: 'center' } }] };
    const expected: Delta = {
      ops: [
        { insert: 'abc', attributes: { bold: true } },
        { insert: '\n', attributes: { align: 'center' } },
        { insert: 'd', attributes: { bold: true } },
        { insert: '\n' },
      ],
    };
    expect(normalizeDelta(delta)).toEqual(expected);
    expect(toDelta(fromDelta(delta))).toEqual(expected);
  });

  it('drops what the renderer would not show: embeds, unknown attributes, unsafe colours', () => {
    const delta: Delta = {
      ops: [{ insert: { image: 'x.png' } }, { insert: 'a', attributes: { font: 'serif', color: 'red; background: url(x)' } }, { insert: '\n', attributes: { header: 9 } }],
    };
    expect(toDelta(fromDelta(delta))).toEqual({ ops: [{ insert: 'a\n' }] });
  });

  it('gives blank content as the empty delta, and an empty delta as one empty paragraph', () => {
    const empty = fromDelta({ ops: [] });
    expect(empty.root.children).toHaveLength(1);
    expect(empty.root.children[0]).toMatchObject({ type: 'paragraph', children: [] });
    expect(toDelta(empty)).toEqual({ ops: [] });
    expect(toDelta(fromDelta({ ops: [{ insert: '  \n\n' }] }))).toEqual({ ops: [] });
    expect(deltaPlainText({ ops: [{ insert: ' \n' }] })).toBe('');
    expect(deltaPlainText({ ops: [{ insert: 'a', attributes: { bold: true } }, { insert: '\nb\n' }] })).toBe('a\nb');
  });

  it('flattens nested lists and splits soft line breaks into lines', () => {
    const nested = {
      root: {
        type: 'root', version: 1, direction: null, format: '', indent: 0,
        children: [
          { type: 'paragraph', version: 1, direction: null, format: 'start', indent: 0, children: [
            { type: 'text', version: 1, text: 'a', format: 0, style: '', detail: 0, mode: 'normal' },
            { type: 'linebreak', version: 1 },
            { type: 'text', version: 1, text: 'b', format: 0, style: '', detail: 0, mode: 'normal' },
          ] },
          { type: 'list', version: 1, listType: 'bullet', tag: 'ul', start: 1, direction: null, format: '', indent: 0, children: [
            { type: 'listitem', version: 1, value: 1, direction: null, format: '', indent: 0, children: [{ type: 'text', version: 1, text: 'x', format: 0, style: '', detail: 0, mode: 'normal' }] },
            { type: 'listitem', version: 1, value: 2, direction: null, format: '', indent: 0, children: [
              { type: 'list', version: 1, listType: 'number', tag: 'ol', start: 1, direction: null, format: '', indent: 0, children: [
                { type: 'listitem', version: 1, value: 1, direction: null, format: '', indent: 0, children: [{ type: 'text', version: 1, text: 'y', format: 0, style: '', detail: 0, mode: 'normal' }] },
              ] },
            ] },
          ] },
        ],
      },
    };
    expect(toDelta(nested as never)).toEqual({
      ops: [
        { insert: 'a' }, { insert: '\n', attributes: { align: 'left' } },
        { insert: 'b' }, { insert: '\n', attributes: { align: 'left' } },
        { insert: 'x' }, { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'y' }, { insert: '\n', attributes: { list: 'ordered' } },
      ],
    });
  });

  it('reads the colour out of a Lexical style string', () => {
    expect(colorFromStyle('font-size: 12px; color: #abcdef;')).toBe('#abcdef');
    expect(colorFromStyle('background-color: red;')).toBeUndefined();
    expect(colorFromStyle(undefined)).toBeUndefined();
  });
});
