import type { Delta, DeltaOp } from '../../../shared/model/delta';

// A delta seen as lines, the way shared/render/rich-text.ts reads it: a line's formats
// (header, list, align) ride on its newline, the text formats on the text. Only the
// attributes the email renderer honours and the editor can show are kept, so what the
// editor stores is exactly what the letter will show.

export type Align = 'left' | 'center' | 'right' | 'justify';
export type ListKind = 'ordered' | 'bullet';
export type HeaderLevel = 1 | 2 | 3 | 4 | 5 | 6;

export interface InlineAttributes {
  bold?: true;
  italic?: true;
  underline?: true;
  strike?: true;
  link?: string;
  color?: string;
}

export interface LineAttributes {
  header?: HeaderLevel;
  list?: ListKind;
  align?: Align;
}

export interface Segment {
  text: string;
  attributes: InlineAttributes;
}

export interface Line {
  segments: Segment[];
  attributes: LineAttributes;
}

const ALIGNMENTS: ReadonlySet<string> = new Set(['left', 'center', 'right', 'justify']);
const FLAGS = ['bold', 'italic', 'underline', 'strike'] as const;

/** A CSS colour we can carry in a Lexical style string without breaking its `;` syntax. */
export function isCarriableColor(value: unknown): value is string {
  return typeof value === 'string' && /^[#\w(),.%\s-]+$/.test(value) && value.trim() !== '';
}

export function pickInline(raw: Record<string, unknown> | undefined): InlineAttributes {
  const out: InlineAttributes = {};
  if (!raw) return out;
  for (const flag of FLAGS) if (raw[flag]) out[flag] = true;
  if (typeof raw.link === 'string' && raw.link !== '') out.link = raw.link;
  if (isCarriableColor(raw.color)) out.color = raw.color.trim();
  return out;
}

export function pickLine(raw: Record<string, unknown> | undefined): LineAttributes {
  const out: LineAttributes = {};
  if (!raw) return out;
  if (raw.list === 'ordered' || raw.list === 'bullet') out.list = raw.list;
  const level = Number(raw.header);
  // A list line cannot also be a heading, in Quill as in Lexical; the renderer lets the list win.
  if (!out.list && Number.isInteger(level) && level >= 1 && level <= 6) out.header = level as HeaderLevel;
  if (typeof raw.align === 'string' && ALIGNMENTS.has(raw.align)) out.align = raw.align as Align;
  return out;
}

/** Attribute objects compared by content, whatever order their keys were written in. */
export function sameAttributes(a: object, b: object): boolean {
  const ea = Object.entries(a).sort(([x], [y]) => x.localeCompare(y));
  const eb = Object.entries(b).sort(([x], [y]) => x.localeCompare(y));
  return JSON.stringify(ea) === JSON.stringify(eb);
}

/** Adds a segment, joining it to the previous one when their formats match. */
export function pushSegment(segments: Segment[], text: string, attributes: InlineAttributes): void {
  if (text === '') return;
  const last = segments[segments.length - 1];
  if (last && sameAttributes(last.attributes, attributes)) last.text += text;
  else segments.push({ text, attributes: { ...attributes } });
}

/** Splits a delta into lines; embeds are dropped, as the renderer drops them. */
export function deltaToLines(delta: Delta): Line[] {
  const lines: Line[] = [];
  let segments: Segment[] = [];
  for (const op of delta.ops) {
    if (typeof op.insert !== 'string') continue;
    const inline = pickInline(op.attributes);
    op.insert.split('\n').forEach((part, index) => {
      if (index > 0) {
        lines.push({ segments, attributes: pickLine(op.attributes) });
        segments = [];
      }
      pushSegment(segments, part.replace(/\r/g, ''), inline);
    });
  }
  // Quill ends every document with a newline; a delta that lacks it still has its last line.
  if (segments.length > 0) lines.push({ segments, attributes: {} });
  return lines;
}

export function linesHaveText(lines: Line[]): boolean {
  return lines.some((line) => line.segments.some((s) => s.text.trim() !== ''));
}

/**
 * The canonical delta of some lines: text ops then one newline op per line carrying only
 * the line's formats, adjacent ops with equal attributes merged. Blank content (no visible
 * text) is the empty delta, which is what the spec stores for an empty editor.
 */
export function linesToDelta(lines: Line[]): Delta {
  if (!linesHaveText(lines)) return { ops: [] };
  const ops: DeltaOp[] = [];
  const push = (insert: string, attributes: object) => {
    const last = ops[ops.length - 1];
    const lastAttributes = last?.attributes ?? {};
    if (last && typeof last.insert === 'string' && sameAttributes(lastAttributes, attributes)) {
      last.insert += insert;
      return;
    }
    ops.push(Object.keys(attributes).length > 0 ? { insert, attributes: { ...attributes } } : { insert });
  };
  for (const line of lines) {
    for (const segment of line.segments) push(segment.text, segment.attributes);
    push('\n', line.attributes);
  }
  return { ops };
}

/** The delta in the canonical form the editor emits (see linesToDelta). */
export function normalizeDelta(delta: Delta): Delta {
  return linesToDelta(deltaToLines(delta));
}

/** The text alone, one line per line; blank content is '' (spec 2 §5). */
export function deltaPlainText(delta: Delta): string {
  const lines = deltaToLines(delta);
  if (!linesHaveText(lines)) return '';
  return lines.map((line) => line.segments.map((s) => s.text).join('')).join('\n');
}
