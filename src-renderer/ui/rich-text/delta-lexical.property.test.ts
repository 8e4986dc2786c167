import { LinkNode } from '@lexical/link';
import { ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import fc from 'fast-check';
import { createEditor } from 'lexical';
import { describe, expect, it } from 'vitest';
import type { Delta, DeltaOp } from '../../../shared/model/delta';
import { fromDelta, toDelta } from './delta-lexical';
import { normalizeDelta, sameAttributes } from './delta-lines';

// Deltas made only of supported formats, written the way Quill or an older editor might:
// text split over several ops at random, line formats on separate newline ops.

const text = fc.string({ unit: fc.constantFrom('a', 'b', 'Z', ' ', 'é', '1', '.', '\t'), minLength: 1, maxLength: 6 });
const inline = fc.record(
  {
    bold: fc.constant(true),
    italic: fc.constant(true),
    underline: fc.constant(true),
    link: fc.constantFrom('https://example.com', 'http://a.test/x?y=1', 'mailto:me@example.com'),
    color: fc.constantFrom('#0000EE', '#ff0000', 'rgb(1, 2, 3)', 'teal'),
  },
  { requiredKeys: [] },
);
const lineFormats = fc.oneof(
  fc.record({ header: fc.constantFrom(2, 3), align: fc.constantFrom('left', 'center', 'right', 'justify') }, { requiredKeys: [] }),
  fc.record({ list: fc.constantFrom('ordered', 'bullet'), align: fc.constantFrom('left', 'center', 'right', 'justify') }, { requiredKeys: ['list'] }),
);
const line = fc.record({ pieces: fc.array(fc.record({ text, attributes: inline }), { maxLength: 4 }), attributes: lineFormats });
const trailingNewline = fc.boolean();

const deltaArb = fc.tuple(fc.array(line, { minLength: 1, maxLength: 6 }), trailingNewline).map(([lines, withNewline]): Delta => {
  const ops: DeltaOp[] = [];
  lines.forEach((l, index) => {
    for (const piece of l.pieces) ops.push(Object.keys(piece.attributes).length ? { insert: piece.text, attributes: { ...piece.attributes } } : { insert: piece.text });
    const last = index === lines.length - 1;
    if (last && !withNewline && Object.keys(l.attributes).length === 0) return;
    ops.push(Object.keys(l.attributes).length ? { insert: '\n', attributes: { ...l.attributes } } : { insert: '\n' });
  });
  return { ops };
});

/** One entry per character with its formats: what a reader of the letter can tell apart. */
function characters(delta: Delta): string[] {
  const out: string[] = [];
  for (const op of delta.ops) {
    const attributes = Object.entries(op.attributes ?? {}).sort(([a], [b]) => a.localeCompare(b));
    for (const ch of op.insert as string) out.push(`${ch}|${JSON.stringify(attributes)}`);
  }
  return out;
}

const hasText = (delta: Delta) => delta.ops.some((op) => typeof op.insert === 'string' && op.insert.trim() !== '');

describe('delta ⇄ Lexical round trip', () => {
  it('toDelta(fromDelta(d)) is the normalised d, also through a real Lexical editor', () => {
    const editor = createEditor({ namespace: 'p', nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode, LinkNode], onError: (e) => { throw e; } });
    fc.assert(
      fc.property(deltaArb, (delta) => {
        const expected = normalizeDelta(delta);
        expect(toDelta(fromDelta(delta))).toEqual(expected);
        const state = editor.parseEditorState(JSON.stringify(fromDelta(delta)));
        expect(toDelta(state.toJSON())).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('normalising loses nothing: same characters with the same formats, merged ops, final newline', () => {
    fc.assert(
      fc.property(deltaArb, (delta) => {
        const normal = normalizeDelta(delta);
        if (!hasText(delta)) {
          expect(normal).toEqual({ ops: [] });
          return;
        }
        const withNewline = (delta.ops.at(-1)?.insert as string).endsWith('\n') ? delta : { ops: [...delta.ops, { insert: '\n' }] };
        expect(characters(normal)).toEqual(characters(withNewline));
        normal.ops.slice(1).forEach((op, i) => expect(sameAttributes(op.attributes ?? {}, normal.ops[i]!.attributes ?? {})).toBe(false));
        expect((normal.ops.at(-1)?.insert as string).endsWith('\n')).toBe(true);
        expect(normalizeDelta(normal)).toEqual(normal);
      }),
      { numRuns: 300 },
    );
  });
});
