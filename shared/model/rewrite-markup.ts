import type { Delta, DeltaOp } from './delta';

// A paragraph section's rich text as the lightweight markup a language model reads and
// writes well (markdown's **bold**, *italic*, [text](url), '## ' subheadings, '- ' and
// '1. ' list items), and back. The AI rewrite sends the section this way and reads the
// model's answer back into a delta, so bold, italics and links survive where the rewritten
// text keeps them. Links are kept only when the original had that exact address: a model
// (or text it was given) cannot slip a new link into a letter.

interface Inline {
  bold?: true;
  italic?: true;
  link?: string;
}

interface MarkupLine {
  segments: { text: string; attributes: Inline }[];
  header?: number;
  list?: 'bullet' | 'ordered';
}

function linesOf(delta: Pick<Delta, 'ops'>): MarkupLine[] {
  const lines: MarkupLine[] = [];
  let segments: MarkupLine['segments'] = [];
  for (const op of delta.ops) {
    if (typeof op.insert !== 'string') continue;
    const raw = op.attributes ?? {};
    const attributes: Inline = {};
    if (raw.bold) attributes.bold = true;
    if (raw.italic) attributes.italic = true;
    if (typeof raw.link === 'string' && raw.link !== '') attributes.link = raw.link;
    const parts = op.insert.split('\n');
    parts.forEach((part, index) => {
      if (part !== '') segments.push({ text: part, attributes });
      if (index < parts.length - 1) {
        const line: MarkupLine = { segments };
        const level = Number(raw.header);
        if (raw.list === 'bullet' || raw.list === 'ordered') line.list = raw.list;
        else if (Number.isInteger(level) && level >= 1 && level <= 6) line.header = level;
        lines.push(line);
        segments = [];
      }
    });
  }
  if (segments.length > 0) lines.push({ segments });
  return lines;
}

/** Every link address in the delta: the only ones a rewrite may carry. */
export function deltaLinks(delta: Pick<Delta, 'ops'>): Set<string> {
  const links = new Set<string>();
  for (const op of delta.ops) {
    const link = op.attributes?.link;
    if (typeof link === 'string' && link !== '') links.add(link);
  }
  return links;
}

/** The delta's words, one line per line, without formats. */
export function deltaPlainText(delta: Pick<Delta, 'ops'>): string {
  return linesOf(delta)
    .map((line) => line.segments.map((segment) => segment.text).join(''))
    .join('\n')
    .trim();
}

const percentCode = (char: string) => `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;

const escapeText = (text: string) => text.replace(/([\\*[\]])/g, '\\$1');

/** Markers hug the words: `**bold** ` rather than `**bold **`, which markdown would not read. */
function wrap(text: string, marker: string): string {
  const match = /^(\s*)([\s\S]*?)(\s*)$/.exec(text)!;
  return match[2] === '' ? text : `${match[1]}${marker}${match[2]}${marker}${match[3]}`;
}

function inlineMarkup(segments: MarkupLine['segments']): string {
  let out = '';
  let i = 0;
  while (i < segments.length) {
    const link = segments[i]!.attributes.link;
    let inner = '';
    do {
      const { text, attributes } = segments[i]!;
      const marker = attributes.bold && attributes.italic ? '***' : attributes.bold ? '**' : attributes.italic ? '*' : '';
      inner += marker ? wrap(escapeText(text), marker) : escapeText(text);
      i += 1;
    } while (i < segments.length && segments[i]!.attributes.link === link);
    out += link ? `[${inner}](${link.replace(/[()\s]/g, percentCode)})` : inner;
  }
  return out;
}

/** The delta as markup, one paragraph per line and a blank line between paragraphs. */
export function deltaToMarkup(delta: Pick<Delta, 'ops'>): string {
  const out: string[] = [];
  let ordered = 0;
  let previousList = false;
  for (const line of linesOf(delta)) {
    const text = inlineMarkup(line.segments);
    if (text.trim() === '' && !line.list) continue;
    ordered = line.list === 'ordered' ? ordered + 1 : 0;
    const prefix = line.list === 'bullet' ? '- ' : line.list === 'ordered' ? `${ordered}. ` : line.header ? `${'#'.repeat(line.header)} ` : '';
    // List items stay together; everything else is its own paragraph.
    if (out.length > 0) out.push(line.list && previousList ? '\n' : '\n\n');
    out.push(prefix + text);
    previousList = Boolean(line.list);
  }
  return out.join('');
}

function sameInline(a: Record<string, unknown> | undefined, b: Inline): boolean {
  const left = a ?? {};
  return left.bold === b.bold && left.italic === b.italic && left.link === b.link;
}

function pushText(ops: DeltaOp[], text: string, attributes: Inline): void {
  if (text === '') return;
  const last = ops[ops.length - 1];
  if (last && typeof last.insert === 'string' && !last.insert.endsWith('\n') && sameInline(last.attributes, attributes)) {
    last.insert += text;
    return;
  }
  const clean: Record<string, unknown> = {};
  if (attributes.bold) clean.bold = true;
  if (attributes.italic) clean.italic = true;
  if (attributes.link) clean.link = attributes.link;
  ops.push(Object.keys(clean).length > 0 ? { insert: text, attributes: clean } : { insert: text });
}

const LINK = /^\[((?:\\.|[^\]\\])*)\]\(\s*<?([^\s)>]+)>?\s*\)/;

/** Reads one line's inline markup into `ops`. Markers with no partner are kept as text. */
function parseInline(text: string, base: Inline, allowedLinks: ReadonlySet<string>, ops: DeltaOp[]): void {
  const state: Inline = { ...base };
  let i = 0;
  let run = '';
  const flush = () => {
    pushText(ops, run, state);
    run = '';
  };
  while (i < text.length) {
    const char = text[i]!;
    if (char === '\\' && i + 1 < text.length && /[\\*[\]_()#>`-]/.test(text[i + 1]!)) {
      run += text[i + 1];
      i += 2;
      continue;
    }
    if (char === '[' && !state.link) {
      const link = LINK.exec(text.slice(i));
      if (link) {
        flush();
        const url = allowedLink(link[2]!, allowedLinks);
        parseInline(link[1]!, url ? { ...state, link: url } : { ...state }, allowedLinks, ops);
        i += link[0].length;
        continue;
      }
    }
    if (char === '*') {
      const width = text.startsWith('***', i) ? 3 : text.startsWith('**', i) ? 2 : 1;
      const marker = '*'.repeat(width);
      const closing = (width === 3 && state.bold && state.italic) || (width === 2 && state.bold) || (width === 1 && state.italic);
      const opens = !closing && /\S/.test(text[i + width] ?? '') && text.indexOf(marker, i + width + 1) !== -1;
      if (closing || opens) {
        flush();
        if (width !== 1) state.bold = closing ? undefined : true;
        if (width !== 2) state.italic = closing ? undefined : true;
        if (!state.bold) delete state.bold;
        if (!state.italic) delete state.italic;
        i += width;
        continue;
      }
    }
    run += char;
    i += 1;
  }
  flush();
}

/** The original's address this markup link names (as written, or with the brackets and spaces deltaToMarkup encoded); null for any other. */
function allowedLink(written: string, allowedLinks: ReadonlySet<string>): string | null {
  if (allowedLinks.has(written)) return written;
  const decoded = written.replace(/%2[89]|%20|%09|%0A|%0D/gi, (code) => decodeURIComponent(code));
  return allowedLinks.has(decoded) ? decoded : null;
}

/** The model's answer, fenced in ``` or not, with `## ` headings, lists and inline markup. */
export function markupToDelta(markup: string, allowedLinks: ReadonlySet<string>): Delta {
  const fenced = /^\s*```[\w-]*\s*\n([\s\S]*?)\n?```\s*$/.exec(markup);
  const text = fenced?.[1] ?? markup;
  const ops: DeltaOp[] = [];
  for (const rawLine of text.split(/\r?\n/)) {
    let line = rawLine.trim();
    if (line === '' || /^(?:-{3,}|\*{3,}|_{3,})$/.test(line)) continue;
    const lineAttributes: Record<string, unknown> = {};
    const header = /^(#{1,6})\s+(.*)$/.exec(line);
    const bullet = /^[-*•+]\s+(.*)$/.exec(line);
    const ordered = /^\d{1,3}[.)]\s+(.*)$/.exec(line);
    if (header) {
      lineAttributes.header = header[1]!.length;
      line = header[2]!.replace(/\s+#+\s*$/, '');
    } else if (bullet && !/^\*\*/.test(line)) {
      lineAttributes.list = 'bullet';
      line = bullet[1]!;
    } else if (ordered) {
      lineAttributes.list = 'ordered';
      line = ordered[1]!;
    }
    parseInline(line, {}, allowedLinks, ops);
    ops.push(Object.keys(lineAttributes).length > 0 ? { insert: '\n', attributes: lineAttributes } : { insert: '\n' });
  }
  return { ops };
}
