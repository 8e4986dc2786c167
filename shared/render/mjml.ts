import { escapeAttr } from './escape';

// Writing MJML elements. Attribute values are escaped here, once, so callers pass plain
// values; an undefined, null or empty value leaves the attribute out (MJML's default applies).

export type MjmlAttributes = Record<string, string | number | null | undefined>;

export function mjAttrs(attributes: MjmlAttributes): string {
  let out = '';
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === '') continue;
    out += ` ${name}="${escapeAttr(String(value))}"`;
  }
  return out;
}

/** `<tag attrs>content</tag>`, or `<tag attrs />` when content is undefined. */
export function mjElement(tag: string, attributes: MjmlAttributes, content?: string): string {
  return content === undefined ? `<${tag}${mjAttrs(attributes)} />` : `<${tag}${mjAttrs(attributes)}>${content}</${tag}>`;
}

/** An HTML `style` attribute value (inside mj-text content, not an MJML attribute). */
export function styleAttr(declarations: string): string {
  return declarations === '' ? '' : ` style="${escapeAttr(declarations)}"`;
}
