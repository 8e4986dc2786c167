import sanitizeHtml from 'sanitize-html';
import { mjElement } from '../mjml';
import { HTML_SUPPORTED_TAGS } from '../../rules/html-block';
import type { BlockRenderer } from '../types';

// The HTML block: the author's own markup, rendered only once it is valid or the author
// relaxed the validation, and always through an allow-list. Scripts, frames, objects,
// meta/base/link, forms, event handlers and javascript:/file:/data: URLs never come through.


/** Presentation attributes mail clients still read, on any allowed tag. */
const COMMON_ATTRIBUTES = [
  'style', 'class', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'dir', 'lang', 'title', 'role',
  'aria-label', 'aria-hidden',
];

/** Old CSS that runs code (IE expressions and behaviours, Mozilla bindings) or loads from other schemes. */
const UNSAFE_STYLE = /expression\s*\(|behavior\s*:|-moz-binding|javascript:|vbscript:|file:|data:|@import/i;

export const HTML_SANITIZE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...HTML_SUPPORTED_TAGS],
  allowedAttributes: {
    '*': COMMON_ATTRIBUTES,
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt'],
    table: ['cellpadding', 'cellspacing', 'background'],
    td: ['colspan', 'rowspan', 'background'],
    th: ['colspan', 'rowspan', 'scope'],
    col: ['span'],
    colgroup: ['span'],
    font: ['color', 'face', 'size'],
    ol: ['start', 'type'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'background'],
  // `//host/x` has no scheme to check; mail has no page whose scheme it could borrow.
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    '*': (tagName, attribs) => {
      if (attribs.style !== undefined && UNSAFE_STYLE.test(attribs.style)) {
        const { style: _style, ...rest } = attribs;
        return { tagName, attribs: rest };
      }
      return { tagName, attribs };
    },
  },
};

export function sanitizeEmailHtml(html: string): string {
  return sanitizeHtml(html, HTML_SANITIZE_OPTIONS);
}

export const renderHtml: BlockRenderer<'html'> = (section) => {
  const model = section.blockModel;
  if (!model.isValid && !model.isRelaxed) return '';
  const html = sanitizeEmailHtml(model.html).trim();
  return html === '' ? '' : mjElement('mj-text', {}, html);
};
