import type { AnyNode as Node, Element } from 'domhandler';
import type { DeltaOp } from '../model/delta';
import { collapse, DROPPED, isElement, isHidden, styleOf, tagOf } from './email-nodes';

// An email's inline markup as the delta ops of a text block (html-to-sections.ts): bold,
// italic, underline, strike, scripts, colours and links from tags and inline styles.

export type Attributes = Record<string, unknown>;

export function colourOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  const v = value.trim();
  return /^#[0-9a-f]{3,8}$/i.test(v) || /^rgba?\([\d\s.,%]+\)$/i.test(v) || /^[a-z]+$/i.test(v) ? v : undefined;
}

/** The formats an element adds to the text inside it. */
export function formatsOf(element: Element, inherited: Attributes): Attributes {
  const tag = tagOf(element);
  const style = styleOf(element);
  const out: Attributes = { ...inherited };
  if (tag === 'b' || tag === 'strong' || style['font-weight'] === 'bold' || Number(style['font-weight']) >= 600) out.bold = true;
  if (tag === 'i' || tag === 'em' || tag === 'cite' || style['font-style'] === 'italic') out.italic = true;
  if (tag === 'u' || style['text-decoration']?.includes('underline')) out.underline = true;
  if (tag === 's' || tag === 'strike' || tag === 'del' || style['text-decoration']?.includes('line-through')) out.strike = true;
  if (tag === 'sub') out.script = 'sub';
  if (tag === 'sup') out.script = 'super';
  const colour = colourOf(style.color) ?? (tag === 'font' ? colourOf(element.attribs.color) : undefined);
  if (colour && tag !== 'a') out.color = colour;
  if (tag === 'a' && element.attribs.href) out.link = element.attribs.href.trim();
  return out;
}

/** Inline nodes as delta ops; `<br>` starts a new line of the same block. */
export function inlineOps(nodes: readonly Node[], inherited: Attributes = {}): DeltaOp[] {
  const ops: DeltaOp[] = [];
  for (const node of nodes) {
    if (node.type === 'text') {
      const text = collapse((node as unknown as { data: string }).data);
      if (text !== '') ops.push(Object.keys(inherited).length > 0 ? { insert: text, attributes: inherited } : { insert: text });
    } else if (isElement(node)) {
      if (tagOf(node) === 'br') ops.push({ insert: '\n' });
      else if (!isHidden(node) && !DROPPED.has(tagOf(node))) ops.push(...inlineOps(node.children, formatsOf(node, inherited)));
    }
  }
  return ops;
}

/**
 * Trims the spaces the markup's indentation left at each line's ends, merges neighbours
 * with the same formats, and ends every line with its newline (carrying `lineAttributes`).
 */
export function tidyLines(ops: readonly DeltaOp[], lineAttributes?: Attributes): DeltaOp[] {
  const lines: DeltaOp[][] = [[]];
  for (const op of ops) {
    const parts = String(op.insert).split('\n');
    parts.forEach((part, index) => {
      if (index > 0) lines.push([]);
      if (part !== '') lines[lines.length - 1]!.push({ ...op, insert: part });
    });
  }
  const out: DeltaOp[] = [];
  for (const line of lines) {
    const merged: DeltaOp[] = [];
    for (const op of line) {
      const last = merged[merged.length - 1];
      const text = String(op.insert);
      if (last && JSON.stringify(last.attributes ?? {}) === JSON.stringify(op.attributes ?? {})) {
        last.insert = String(last.insert) + text;
        // Two spaces meeting at a tag boundary read as one.
        last.insert = (last.insert as string).replace(/ {2,}/g, ' ');
      } else if (last && String(last.insert).endsWith(' ') && text.startsWith(' ')) merged.push({ ...op, insert: text.slice(1) });
      else merged.push({ ...op });
    }
    if (merged.length > 0) merged[0]!.insert = String(merged[0]!.insert).replace(/^ +/, '');
    if (merged.length > 0) merged[merged.length - 1]!.insert = String(merged[merged.length - 1]!.insert).replace(/ +$/, '');
    const kept = merged.filter((op) => op.insert !== '');
    if (kept.length === 0) continue;
    out.push(...kept, lineAttributes ? { insert: '\n', attributes: lineAttributes } : { insert: '\n' });
  }
  return out;
}
