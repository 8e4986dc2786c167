import type { SerializedEditorState, SerializedLexicalNode } from 'lexical';
import type { Delta } from '../../../shared/model/delta';
import type { Align, InlineAttributes, Line, LineAttributes, ListKind, Segment } from './delta-lines';
import { deltaToLines, isCarriableColor, linesToDelta, pushSegment } from './delta-lines';

// The stored delta and Lexical's serialized editor state, both ways. Pure JSON on both
// sides so it runs in tests and workers without an editor; the editor parses the result
// with parseEditorState and hands back editorState.toJSON().

// Lexical's text format bits (lexical/LexicalConstants).
const IS_BOLD = 1;
const IS_ITALIC = 1 << 1;
const IS_STRIKETHROUGH = 1 << 2;
const IS_UNDERLINE = 1 << 3;

type JsonNode = SerializedLexicalNode & Record<string, unknown>;

function element(type: string, children: JsonNode[], align: Align | undefined, extra: object): JsonNode {
  return { type, version: 1, children, direction: null, format: align ?? '', indent: 0, ...extra };
}

function textNode(segment: Segment): JsonNode {
  const a = segment.attributes;
  const format =
    (a.bold ? IS_BOLD : 0) | (a.italic ? IS_ITALIC : 0) | (a.strike ? IS_STRIKETHROUGH : 0) | (a.underline ? IS_UNDERLINE : 0);
  return {
    type: 'text',
    version: 1,
    detail: 0,
    format,
    mode: 'normal',
    style: a.color ? `color: ${a.color};` : '',
    text: segment.text,
  };
}

/** A line's text nodes, consecutive segments with the same link sharing one link node. */
function inlineNodes(segments: Segment[]): JsonNode[] {
  const nodes: JsonNode[] = [];
  let i = 0;
  while (i < segments.length) {
    const link = segments[i]!.attributes.link;
    const texts: JsonNode[] = [];
    while (i < segments.length && segments[i]!.attributes.link === link) {
      const { link: _link, ...rest } = segments[i]!.attributes;
      texts.push(textNode({ text: segments[i]!.text, attributes: rest }));
      i++;
    }
    if (link) nodes.push(element('link', texts, undefined, { url: link, rel: null, target: null, title: null }));
    else nodes.push(...texts);
  }
  return nodes;
}

function blockNode(line: Line): JsonNode {
  const { header, align } = line.attributes;
  const children = inlineNodes(line.segments);
  if (header) return element('heading', children, align, { tag: `h${header}` });
  return element('paragraph', children, align, { textFormat: 0, textStyle: '' });
}

/** Lexical's editor state for a delta; blank content is one empty paragraph to type in. */
export function fromDelta(delta: Delta): SerializedEditorState {
  const lines = deltaToLines(delta);
  const children: JsonNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const kind = lines[i]!.attributes.list;
    if (!kind) {
      children.push(blockNode(lines[i]!));
      i++;
      continue;
    }
    const items: JsonNode[] = [];
    while (i < lines.length && lines[i]!.attributes.list === kind) {
      const line = lines[i]!;
      items.push(element('listitem', inlineNodes(line.segments), line.attributes.align, { value: items.length + 1 }));
      i++;
    }
    const listType = kind === 'ordered' ? 'number' : 'bullet';
    children.push(element('list', items, undefined, { listType, start: 1, tag: kind === 'ordered' ? 'ol' : 'ul' }));
  }
  if (children.length === 0) children.push(blockNode({ segments: [], attributes: {} }));
  const root = element('root', children, undefined, {});
  return { root: root as unknown as SerializedEditorState['root'] };
}

// --- Lexical → delta -----------------------------------------------------------------

function childrenOf(node: JsonNode): JsonNode[] {
  return Array.isArray(node.children) ? (node.children as JsonNode[]) : [];
}

function alignOf(node: JsonNode): Align | undefined {
  const format = node.format;
  if (format === 'start') return 'left';
  if (format === 'end') return 'right';
  return format === 'left' || format === 'center' || format === 'right' || format === 'justify' ? format : undefined;
}

/** The colour in a Lexical style string such as `color: #ff0000; font-size: 12px;`. */
export function colorFromStyle(style: unknown): string | undefined {
  if (typeof style !== 'string') return undefined;
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0 || declaration.slice(0, colon).trim().toLowerCase() !== 'color') continue;
    const value = declaration.slice(colon + 1).trim();
    return isCarriableColor(value) ? value : undefined;
  }
  return undefined;
}

function textAttributes(node: JsonNode, link: string | undefined): InlineAttributes {
  const format = typeof node.format === 'number' ? node.format : 0;
  const out: InlineAttributes = {};
  if (format & IS_BOLD) out.bold = true;
  if (format & IS_ITALIC) out.italic = true;
  if (format & IS_UNDERLINE) out.underline = true;
  if (format & IS_STRIKETHROUGH) out.strike = true;
  if (link) out.link = link;
  const color = colorFromStyle(node.style);
  if (color) out.color = color;
  return out;
}

/** Collects a block's inline content into lines; a soft line break starts a new line of the same kind. */
class LineCollector {
  readonly lines: Line[] = [];
  private segments: Segment[] = [];

  constructor(private readonly attributes: LineAttributes) {}

  inline(nodes: JsonNode[], link: string | undefined): void {
    for (const node of nodes) {
      if (node.type === 'text' || node.type === 'tab') {
        const text = node.type === 'tab' ? '\t' : typeof node.text === 'string' ? node.text : '';
        pushSegment(this.segments, text.replace(/\n/g, ''), textAttributes(node, link));
      } else if (node.type === 'linebreak') {
        this.end();
      } else if (node.type === 'link' || node.type === 'autolink') {
        this.inline(childrenOf(node), typeof node.url === 'string' && node.url !== '' ? node.url : link);
      } else {
        this.inline(childrenOf(node), link);
      }
    }
  }

  end(): void {
    this.lines.push({ segments: this.segments, attributes: { ...this.attributes } });
    this.segments = [];
  }
}

function listLines(list: JsonNode, out: Line[]): void {
  const kind: ListKind = list.listType === 'number' ? 'ordered' : 'bullet';
  for (const item of childrenOf(list)) {
    const nested = childrenOf(item).filter((child) => child.type === 'list');
    const inline = childrenOf(item).filter((child) => child.type !== 'list');
    // Lexical nests an indented list in an item of its own; the letter has flat lists.
    if (inline.length > 0 || nested.length === 0) {
      const align = alignOf(item);
      const collector = new LineCollector(align ? { list: kind, align } : { list: kind });
      collector.inline(inline, undefined);
      collector.end();
      out.push(...collector.lines);
    }
    for (const child of nested) listLines(child, out);
  }
}

/** The delta of an editor state, in the canonical form of linesToDelta. */
export function toDelta(state: SerializedEditorState): Delta {
  const lines: Line[] = [];
  for (const block of childrenOf(state.root as unknown as JsonNode)) {
    if (block.type === 'list') {
      listLines(block, lines);
      continue;
    }
    const attributes: LineAttributes = {};
    const level = block.type === 'heading' ? Number(String(block.tag).slice(1)) : NaN;
    if (level >= 1 && level <= 6) attributes.header = level as LineAttributes['header'];
    const align = alignOf(block);
    if (align) attributes.align = align;
    const collector = new LineCollector(attributes);
    // A stray inline node at the top level is its own line, as Lexical would show it.
    collector.inline(childrenOf(block).length > 0 || block.type !== 'text' ? childrenOf(block) : [block], undefined);
    collector.end();
    lines.push(...collector.lines);
  }
  return linesToDelta(lines);
}
