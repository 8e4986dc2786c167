import type { AnyNode as Node, Element } from 'domhandler';
import { SOCIAL_NETWORKS } from '../model/enums';
import type { SocialNetwork } from '../model/enums';
import { isProfileUrl } from '../rules/social';

// Reading an email's HTML nodes for the import (html-to-sections.ts): what is hidden or a
// tracking pixel, what flows inline, its text, alignment, and what a link drawn as a button,
// a row of social links or a data table looks like.

export const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
export const DROPPED = new Set(['head', 'script', 'style', 'title', 'meta', 'link', 'noscript', 'template', 'iframe', 'object', 'embed', 'form', 'input', 'button', 'select', 'textarea', 'svg', 'video', 'audio', 'map']);
/** Elements that flow inside a line of text. */
export const INLINE = new Set(['a', 'abbr', 'b', 'big', 'cite', 'code', 'del', 'em', 'font', 'i', 'ins', 'kbd', 'mark', 'q', 's', 'small', 'span', 'strike', 'strong', 'sub', 'sup', 'u', 'br', 'label', 'time', 'wbr', 'o:p']);

export function styleOf(element: Element): Record<string, string> {
  const out: Record<string, string> = {};
  // The document itself (a fragment without <body>) has no attributes.
  for (const part of (element.attribs?.style ?? '').split(';')) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    out[part.slice(0, colon).trim().toLowerCase()] = part.slice(colon + 1).trim().toLowerCase();
  }
  return out;
}

export function isElement(node: Node): node is Element {
  return node.type === 'tag' || node.type === 'script' || node.type === 'style';
}

export function tagOf(node: Node): string {
  return isElement(node) ? node.name.toLowerCase() : '';
}

/** What readers never see: the preheader, mso-only parts, anything hidden. */
export function isHidden(element: Element): boolean {
  const style = styleOf(element);
  // Templates that keep their CSS in <style> name the preheader by class.
  if (/\b(preheader|preview-?text)\b/i.test(element.attribs.class ?? '')) return true;
  if (style.display === 'none' || style.visibility === 'hidden' || style['mso-hide'] === 'all') return true;
  if (style['max-height'] === '0' || style['max-height'] === '0px') return style.overflow === 'hidden' || style.opacity === '0';
  return element.attribs.hidden !== undefined || (element.attribs['aria-hidden'] === 'true' && textOf(element) === '');
}

/** A 1×1 (or 0-sized) image: a tracking pixel, not a picture. */
export function isPixel(element: Element): boolean {
  const size = (value: string | undefined) => (value === undefined ? NaN : Number.parseInt(value, 10));
  const style = styleOf(element);
  const width = size(element.attribs.width ?? style.width);
  const height = size(element.attribs.height ?? style.height);
  return (width <= 1 && !Number.isNaN(width)) || (height <= 1 && !Number.isNaN(height));
}

export function textOf(node: Node): string {
  if (node.type === 'text') return (node as unknown as { data: string }).data;
  if (!isElement(node)) return '';
  return node.children.map(textOf).join('');
}

export function collapse(text: string): string {
  return text.replace(/[\s\u00a0]+/g, ' ');
}

export function hasText(node: Node): boolean {
  return collapse(textOf(node)).trim() !== '';
}

export function imagesIn(node: Node): Element[] {
  if (!isElement(node)) return [];
  if (tagOf(node) === 'img') return [node];
  return node.children.flatMap(imagesIn);
}

export function isInline(node: Node): boolean {
  if (node.type === 'text') return true;
  if (!isElement(node)) return true;
  const tag = tagOf(node);
  if (!INLINE.has(tag)) return false;
  // A link around a picture is a linked image, not text.
  return node.children.every(isInline) && imagesIn(node).length === 0;
}

export function alignOf(element: Element): 'left' | 'center' | 'right' | 'justify' | undefined {
  const value = (styleOf(element)['text-align'] ?? element.attribs?.align ?? '').toLowerCase();
  return value === 'left' || value === 'center' || value === 'right' || value === 'justify' ? value : undefined;
}

/** A block's alignment: its lines may be justified, the block itself is not. */
export function blockAlign(align: string | undefined): 'left' | 'center' | 'right' {
  return align === 'center' || align === 'right' ? align : 'left';
}

export function networkOf(href: string): SocialNetwork | null {
  return SOCIAL_NETWORKS.find((network) => isProfileUrl(network, href)) ?? null;
}

/** Links drawn as buttons: a background, a button class or role, or padding with a border. */
export function isButtonLink(element: Element, parent: Element | null): boolean {
  if (tagOf(element) !== 'a' || !element.attribs.href || !hasText(element) || imagesIn(element).length > 0) return false;
  const style = styleOf(element);
  if (style.background || style['background-color']) return true;
  if (/\b(btn|button|cta)\b/i.test(element.attribs.class ?? '') || element.attribs.role === 'button') return true;
  // Or a button class on the table around it (the style itself in <style>).
  for (let up = element.parent, depth = 0; up && depth < 8; up = up.parent, depth++) {
    if (isElement(up) && /\b(btn|button|cta)(-[\w-]+)?\b/i.test(up.attribs.class ?? '')) return true;
  }
  if (style.padding && style.border && style.border !== 'none' && style.border !== '0') return true;
  // The bulletproof button: a link alone in a coloured cell.
  if (parent && (tagOf(parent) === 'td' || tagOf(parent) === 'th')) {
    const parentStyle = styleOf(parent);
    const coloured = parent.attribs.bgcolor || parentStyle['background-color'] || parentStyle.background;
    const alone = parent.children.every((child) => child === element || (child.type === 'text' && collapse(textOf(child)).trim() === '') || child.type === 'comment');
    return Boolean(coloured && alone);
  }
  return false;
}

/** A table used for data (an invoice's lines): header cells, or rows of three or more text cells. */
export function isDataTable(element: Element): boolean {
  if (tagOf(element) !== 'table') return false;
  const rows = rowsOf(element);
  if (rows.length === 0) return false;
  const cellsOf = (row: Element) => row.children.filter((c): c is Element => isElement(c) && (tagOf(c) === 'td' || tagOf(c) === 'th'));
  const textual = (cell: Element) => imagesIn(cell).length === 0 && !cell.children.some((c) => isElement(c) && tagOf(c) === 'table');
  if (rows.some((row) => cellsOf(row).some((cell) => tagOf(cell) === 'th' && hasText(cell)))) return rows.every((row) => cellsOf(row).every(textual));
  const wide = rows.filter((row) => cellsOf(row).filter(hasText).length >= 3);
  return wide.length >= 2 && rows.every((row) => cellsOf(row).every(textual));
}

export function rowsOf(table: Element): Element[] {
  return table.children.flatMap((child) => {
    if (!isElement(child)) return [];
    const tag = tagOf(child);
    if (tag === 'tr') return [child];
    if (tag === 'thead' || tag === 'tbody' || tag === 'tfoot') return rowsOf(child);
    return [];
  });
}
