import sanitizeHtml from 'sanitize-html';
import { css } from './css';

// A post's whole body as a full-content block shows it. The platform sanitizes item HTML
// when it reads a feed, but a letter's loaded items travel in the letter itself, so the
// renderer never trusts them: the same allow-list is applied again here, and every picture
// is held to the width of the column it is drawn in.

/** spec 3 §5: the tags kept from pasted rich text, plus pictures and quotes for full content. */
export const POST_CONTENT_TAGS = ['a', 'strong', 'em', 'p', 'ul', 'ol', 'li', 'h2', 'h3', 'img', 'br', 'blockquote'];

/** Pictures shrink to the column and keep their proportions; a picture smaller than the column keeps its size. */
const IMAGE_CSS = css({ display: 'block', 'max-width': '100%', height: 'auto', border: '0' });

export function postContentHtml(html: string, options: { linkColor: string }): string {
  return sanitizeHtml(html, {
    allowedTags: POST_CONTENT_TAGS,
    allowedAttributes: { a: ['href', 'target', 'rel', 'style'], img: ['src', 'alt', 'style'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesByTag: { img: ['http', 'https'] },
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    // A picture whose address was refused has nothing to show.
    exclusiveFilter: (frame) => frame.tag === 'img' && !frame.attribs.src,
    transformTags: {
      // Styles of the post's own are dropped: only ours are set.
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', style: css({ color: options.linkColor }) },
      }),
      img: (tagName, attribs) => ({ tagName, attribs: { src: attribs.src ?? '', alt: attribs.alt ?? '', style: IMAGE_CSS } }),
    },
    // Run after the transforms, so a colour that is no colour cannot end up in a style.
    allowedStyles: {
      a: { color: [/^#[0-9a-f]{3,8}$/i, /^[a-z]+$/i, /^rgba?\([\d\s.,%]+\)$/i] },
      img: { display: [/^block$/], 'max-width': [/^100%$/], height: [/^auto$/], border: [/^0$/] },
    },
  }).trim();
}
