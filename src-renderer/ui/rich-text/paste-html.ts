import type { Delta } from '../../../shared/model/delta';
import type { InlineAttributes, Line, LineAttributes, Segment } from './delta-lines';
import { linesToDelta, pushSegment } from './delta-lines';

// Pasted HTML is untrusted (spec 2 §5): only a, strong, em, p, ul, ol, li, h2, h3 survive,
// with only href, rel, target, class, src and alt. Elements that carry code or hidden
// content go with everything inside them; any other element gives way to its children, so
// the words of a pasted page are kept while its markup is not.

const ALLOWED_TAGS: ReadonlySet<string> = new Set(['a', 'strong', 'em', 'p', 'ul', 'ol', 'li', 'h2', 'h3']);
const ALLOWED_ATTRIBUTES: ReadonlySet<string> = new Set(['href', 'rel', 'target', 'class', 'src', 'alt']);
const DROPPED_WITH_CONTENT: ReadonlySet<string> = new Set([
  'script', 'style', 'noscript', 'template', 'iframe', 'object', 'embed', 'frame', 'frameset',
  'head', 'title', 'meta', 'link', 'base', 'svg', 'math', 'textarea', 'select', 'option', 'button', 'canvas', 'audio', 'video',
]);
// Unwrapped, these still separate words: a space stands where their boundary was.
const SEPARATING: ReadonlySet<string> = new Set([
  'div', 'br', 'hr', 'h1', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'section', 'article', 'header', 'footer',
  'table', 'tr', 'td', 'th', 'dd', 'dt', 'figure', 'figcaption', 'address',
]);

/** Links the editor accepts, typed or pasted: the web and email addresses. */
export function isAllowedLink(url: string): boolean {
  return /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i.test(url.trim());
}

function safeUrlAttribute(name: string, value: string): boolean {
  // Browsers ignore control characters and spaces inside a scheme ("java\tscript:").
  const compact = Array.from(value)
    .filter((ch) => ch.charCodeAt(0) > 0x20)
    .join('');
  if (name === 'href') return isAllowedLink(compact);
  if (name === 'src') return /^https?:\/\//i.test(compact);
  return true;
}

function cleanChildren(from: Node, into: Node, doc: Document): void {
  for (const child of Array.from(from.childNodes)) {
    if (child.nodeType === 3) {
      into.appendChild(doc.createTextNode(child.textContent ?? ''));
      continue;
    }
    if (child.nodeType !== 1) continue; // comments, processing instructions
    const el = child as Element;
    const tag = el.tagName.toLowerCase();
    if (DROPPED_WITH_CONTENT.has(tag)) continue;
    if (!ALLOWED_TAGS.has(tag)) {
      const separate = SEPARATING.has(tag);
      if (separate) into.appendChild(doc.createTextNode(' '));
      cleanChildren(el, into, doc);
      if (separate) into.appendChild(doc.createTextNode(' '));
      continue;
    }
    const copy = doc.createElement(tag);
    for (const attribute of Array.from(el.attributes)) {
      const name = attribute.name.toLowerCase();
      if (ALLOWED_ATTRIBUTES.has(name) && safeUrlAttribute(name, attribute.value)) copy.setAttribute(name, attribute.value);
    }
    cleanChildren(el, copy, doc);
    into.appendChild(copy);
  }
}

/** The pasted HTML reduced to the allowed tags and attributes, as a detached body element. */
export function sanitizePastedHtml(html: string): HTMLElement {
  const source = new DOMParser().parseFromString(html, 'text/html');
  // A fresh document without a browsing context: nothing placed in it loads or runs.
  const target = document.implementation.createHTMLDocument('');
  cleanChildren(source.body, target.body, target);
  return target.body;
}

/** The sanitised HTML as a string: what the paste handler imports. */
export function sanitizePastedHtmlString(html: string): string {
  return sanitizePastedHtml(html).innerHTML;
}

const BLOCK_TAGS: Record<string, LineAttributes> = { p: {}, h2: { header: 2 }, h3: { header: 3 } };

/** Reads the sanitised tree into lines: p/h2/h3/li are lines, strong/em/a are formats. */
class HtmlLines {
  readonly lines: Line[] = [];
  private segments: Segment[] = [];
  private attributes: LineAttributes = {};

  walk(node: Node, inline: InlineAttributes, block: LineAttributes, list: LineAttributes['list']): void {
    for (const child of Array.from(node.childNodes)) {
      if (child.nodeType === 3) {
        // Source formatting whitespace is not text: HTML shows a run of it as one space.
        pushSegment(this.segments, (child.textContent ?? '').replace(/\s+/g, ' '), inline);
        this.attributes = block;
        continue;
      }
      const el = child as Element;
      const tag = el.tagName.toLowerCase();
      if (tag === 'strong') this.walk(el, { ...inline, bold: true }, block, list);
      else if (tag === 'em') this.walk(el, { ...inline, italic: true }, block, list);
      else if (tag === 'a') {
        const href = el.getAttribute('href');
        this.walk(el, href ? { ...inline, link: href.trim() } : inline, block, list);
      } else {
        // Only block tags are left after sanitising: each is a line of its own.
        this.flush();
        if (tag === 'ul' || tag === 'ol') this.walk(el, inline, {}, tag === 'ol' ? 'ordered' : 'bullet');
        else if (tag === 'li') this.walk(el, inline, { list: list ?? 'bullet' }, list);
        // A paragraph inside a list item stays in the list, as it shows in the page.
        else this.walk(el, inline, block.list ? block : (BLOCK_TAGS[tag] ?? {}), list);
        this.flush();
      }
    }
  }

  /** Ends the current line, if it has any text. */
  flush(): void {
    const segments = trimSegments(this.segments);
    if (segments.length > 0) this.lines.push({ segments, attributes: this.attributes });
    this.segments = [];
    this.attributes = {};
  }
}

function trimSegments(segments: Segment[]): Segment[] {
  const out = segments.map((s) => ({ ...s }));
  while (out[0] && (out[0].text = out[0].text.replace(/^\s+/, '')) === '') out.shift();
  let last = out[out.length - 1];
  while (last && (last.text = last.text.replace(/\s+$/, '')) === '') {
    out.pop();
    last = out[out.length - 1];
  }
  return out.map((s) => ({ ...s, text: s.text.replace(/\s{2,}/g, ' ') }));
}

/** Pasted HTML as a delta of supported formats only, sanitised first. */
export function pastedHtmlToDelta(html: string): Delta {
  const reader = new HtmlLines();
  reader.walk(sanitizePastedHtml(html), {}, {}, undefined);
  reader.flush();
  return linesToDelta(reader.lines);
}

/** Pasted plain text as a delta: one line per line. */
export function pastedTextToDelta(text: string): Delta {
  const lines: Line[] = text
    .replace(/\r\n?/g, '\n')
    .replace(/\n$/, '') // the newline that ends copied text is not an extra empty line
    .split('\n')
    .map((part) => ({ segments: part === '' ? [] : [{ text: part, attributes: {} }], attributes: {} }));
  return linesToDelta(lines);
}
