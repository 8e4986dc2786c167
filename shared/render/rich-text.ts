import type { Delta, LetterTextTag } from '../model';
import { DEFAULT_LINK_COLOR, isBlankTextDelta } from '../model';
import { css, fontSizePx, fontStack, lineHeight, safeColor } from './css';
import { escapeAttr, escapeHtml, safeUrl } from './escape';
import { styleAttr } from './mjml';
import type { RenderContext } from './types';

// Quill-style deltas to inline-styled HTML. Only what the editor's toolbar produces is
// honoured (bold, italic, underline, strike, colour, link, lists, alignment, headers);
// other attributes and embeds are dropped, and every text is escaped, so nothing a delta
// carries can become markup of its own.

/** What the surrounding block draws the text with, for the link colour that follows it. */
export interface RichTextBase {
  color?: string;
  /** A block's own link colour (a Curations block's), over the letter's link settings. */
  linkColor?: string;
}

type Attributes = Record<string, unknown>;
interface Segment {
  text: string;
  attributes: Attributes;
}
interface Line {
  segments: Segment[];
  attributes: Attributes;
}

const LIST_INDENT_PX = 24;
const ALIGNMENTS = new Set(['left', 'center', 'right', 'justify']);

/** Splits ops into lines; a line's formats (header, list, align) ride on its newline, as in Quill. */
function toLines(delta: Delta): Line[] {
  const lines: Line[] = [];
  let segments: Segment[] = [];
  for (const op of delta.ops) {
    if (typeof op.insert !== 'string') continue;
    const attributes = op.attributes ?? {};
    op.insert.split('\n').forEach((part, index) => {
      if (index > 0) {
        lines.push({ segments, attributes });
        segments = [];
      }
      if (part !== '') segments.push({ text: part, attributes });
    });
  }
  if (segments.length > 0) lines.push({ segments, attributes: {} });
  return lines;
}

/** Whether the delta has any visible text an editor wrote (the placeholder sentence is none). */
export function deltaHasText(delta: Delta): boolean {
  return delta.ops.some((op) => typeof op.insert === 'string' && op.insert.trim() !== '') && !isBlankTextDelta(delta);
}

/** The text alone, one line per line: for word counts and alt texts. */
export function deltaToPlainText(delta: Delta): string {
  return toLines(delta)
    .map((line) => line.segments.map((s) => s.text).join(''))
    .join('\n');
}

/** The letter-wide link colour: the channel's accent or text colour when the settings say so. */
export function linkColor(ctx: RenderContext, base?: RichTextBase): string {
  const { links } = ctx.settings;
  if (base?.linkColor) return safeColor(base.linkColor, DEFAULT_LINK_COLOR);
  const textColor = safeColor(base?.color, safeColor(ctx.settings.text.p.color, DEFAULT_LINK_COLOR));
  if (links.useChannelColor.linkColor && ctx.channel) return safeColor(ctx.channel.accentColor, textColor);
  if (links.useChannelColor.textColor) return textColor;
  return safeColor(links.color, DEFAULT_LINK_COLOR);
}

/** The inline CSS every link gets from the letter's link settings (spec 2 §3 "Link settings"). */
export function linkStyle(ctx: RenderContext, base?: RichTextBase): string {
  const { links } = ctx.settings;
  return css({
    color: linkColor(ctx, base),
    'font-weight': links.weight === 'bold' ? 'bold' : 'normal',
    'font-style': links.style === 'italic' ? 'italic' : 'normal',
    'text-decoration': links.decoration === 'underline' ? 'underline' : 'none',
  });
}

/** Where a rich-text link may point: the web, an email address, or a provider merge tag. */
export function richTextHref(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = safeUrl(value);
  return /^(https?:|mailto:)/i.test(url) || /^\{\{\s*[\w.]+\s*\}\}$/.test(url) ? url : null;
}

function preserveSpaces(text: string): string {
  // HTML collapses runs of spaces the editor shows; every second space becomes a no-break space.
  return text.replace(/\t/g, '    ').replace(/ {2}/g, ' \u00a0');
}

function inlineSegment(segment: Segment): string {
  const a = segment.attributes;
  let html = escapeHtml(preserveSpaces(segment.text));
  const colour = typeof a.color === 'string' ? safeColor(a.color, '') : '';
  const background = typeof a.background === 'string' ? safeColor(a.background, '') : '';
  const spanStyle = css({ color: colour, 'background-color': background });
  if (spanStyle) html = `<span${styleAttr(spanStyle)}>${html}</span>`;
  if (a.script === 'sub') html = `<sub>${html}</sub>`;
  if (a.script === 'super') html = `<sup>${html}</sup>`;
  if (a.strike) html = `<s>${html}</s>`;
  if (a.underline) html = `<u>${html}</u>`;
  if (a.italic) html = `<em>${html}</em>`;
  if (a.bold) html = `<strong>${html}</strong>`;
  return html;
}

/** A line's text, consecutive segments with the same link sharing one `<a>`. */
function inlineHtml(segments: Segment[], ctx: RenderContext, base?: RichTextBase): string {
  let out = '';
  let i = 0;
  while (i < segments.length) {
    const href = richTextHref(segments[i]!.attributes.link);
    let inner = '';
    let j = i;
    while (j < segments.length && richTextHref(segments[j]!.attributes.link) === href) {
      inner += inlineSegment(segments[j]!);
      j++;
    }
    out += href
      ? `<a href="${escapeAttr(href)}" target="_blank" rel="noopener"${styleAttr(linkStyle(ctx, base))}>${inner}</a>`
      : inner;
    i = j;
  }
  return out;
}

/** Text of every line, joined by line breaks: for blocks that hold one element (headings, buttons). */
export function deltaToInlineHtml(delta: Delta, ctx: RenderContext, base?: RichTextBase): string {
  return toLines(delta)
    .map((line) => inlineHtml(line.segments, ctx, base))
    .join('<br />');
}

function headerTag(value: unknown): LetterTextTag | null {
  const level = Number(value);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? (`h${level}` as LetterTextTag) : null;
}

function listKind(value: unknown): 'ol' | 'ul' | null {
  if (value === 'ordered') return 'ol';
  if (value === 'bullet' || value === 'checked' || value === 'unchecked') return 'ul';
  return null;
}

function alignOf(line: Line): string | undefined {
  const align = line.attributes.align;
  return typeof align === 'string' && ALIGNMENTS.has(align) ? align : undefined;
}

function indentOf(line: Line): number {
  const indent = Number(line.attributes.indent);
  return Number.isInteger(indent) && indent > 0 && indent <= 8 ? indent : 0;
}

function headingLine(tag: LetterTextTag, line: Line, content: string, ctx: RenderContext): string {
  const style = ctx.settings.text[tag];
  const declarations = css({
    margin: '0',
    'font-family': fontStack(style.font, style.fontFallback),
    'font-size': fontSizePx(style.fontSize),
    'line-height': lineHeight(style.lineHeight),
    color: safeColor(style.color, ''),
    'font-weight': 'bold',
    'text-align': alignOf(line) ?? style.alignment,
  });
  return `<${tag}${styleAttr(declarations)}>${content || '<br />'}</${tag}>`;
}

/**
 * The delta as HTML blocks: `<p>` per line, `<h1>`–`<h6>` for header lines in the letter's
 * heading styles, `<ul>`/`<ol>` for runs of list lines. Links take the letter's link
 * settings; `base.color` is the text colour links follow when the settings ask for it.
 */
export function deltaToHtml(delta: Delta, ctx: RenderContext, base?: RichTextBase): string {
  const lines = toLines(delta);
  let out = '';
  let openList: 'ol' | 'ul' | null = null;
  for (const line of lines) {
    const content = inlineHtml(line.segments, ctx, base);
    const list = listKind(line.attributes.list);
    if (openList && list !== openList) {
      out += `</${openList}>`;
      openList = null;
    }
    if (list) {
      if (!openList) {
        out += `<${list}${styleAttr(css({ margin: '0', 'padding-left': `${LIST_INDENT_PX}px` }))}>`;
        openList = list;
      }
      const indent = indentOf(line);
      const liStyle = css({
        'text-align': alignOf(line),
        'margin-left': indent > 0 ? `${indent * LIST_INDENT_PX}px` : undefined,
      });
      out += `<li${styleAttr(liStyle)}>${content || '<br />'}</li>`;
      continue;
    }
    const header = headerTag(line.attributes.header);
    if (header) {
      out += headingLine(header, line, content, ctx);
      continue;
    }
    out += `<p${styleAttr(css({ margin: '0', 'text-align': alignOf(line) }))}>${content || '<br />'}</p>`;
  }
  if (openList) out += `</${openList}>`;
  return out;
}
