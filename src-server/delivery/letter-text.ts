import { compile } from 'html-to-text';
import { PREHEADER_SPACERS } from '../../shared/render/render-letter';

// The text/plain part of a letter's email: what text-only clients, screen readers of plain
// mail and spam filters read. Made from the letter's rendered HTML once per send (or test)
// with html-to-text, a maintained converter that already knows every construct the blocks
// render to (MJML's layout tables, lists, headings, buttons as links): a second renderer
// from the block model would have to follow every block's HTML by hand.
//   - the preheader (the hidden preview text) comes first, as inboxes show it;
//   - links read "text (url)", a link whose text is its address once;
//   - pictures are left out (alt text of a linked one names its link), and so is the
//     open pixel: the HTML converted here is the letter before tracking, so no tracked
//     address can reach the text either.
// Each reader's copy is then made from this template (recipient-message.ts): merge tags
// filled, their unsubscribe and poll links, UTM on direct links (rewriteTextUrls).

const toText = compile({
  wordwrap: 78,
  baseElements: { selectors: ['body'] },
  formatters: {
    // A linked picture (a share icon, a linked image) is read as its alt text, so its link
    // reads "WhatsApp (https://…)" rather than a bare address; any other picture is left out.
    linkedPictureAlt: (elem, _walk, builder) => {
      if (insideLink(elem)) builder.addInline(String(elem.attribs?.alt ?? '').trim());
    },
  },
  selectors: [
    { selector: 'img', format: 'linkedPictureAlt' },
    { selector: 'a', options: { linkBrackets: ['(', ')'], hideLinkHrefIfSameAsText: true, ignoreHref: false } },
    { selector: 'h1', options: { uppercase: false } },
    { selector: 'h2', options: { uppercase: false } },
    { selector: 'h3', options: { uppercase: false } },
    { selector: 'h4', options: { uppercase: false } },
    { selector: 'h5', options: { uppercase: false } },
    { selector: 'h6', options: { uppercase: false } },
    { selector: 'table', format: 'block' },
    { selector: 'tr', format: 'block' },
    { selector: 'td', format: 'block' },
    { selector: 'style', format: 'skip' },
  ],
});

interface TreeNode {
  name?: string;
  parent?: TreeNode | null;
}

function insideLink(elem: TreeNode): boolean {
  for (let node = elem.parent; node; node = node.parent) if (node.name === 'a') return true;
  return false;
}

/** The text of a rendered letter, merge tags and links as the HTML had them. */
export function letterTextTemplate(html: string): string {
  return (
    // The preheader's padding spacers are for inbox previews only.
    toText(html.split(PREHEADER_SPACERS).join(''))
      .replace(/\u200b|\u200c|\u200d|\u2060|\ufeff|\u034f|\u00ad/g, '')
      .replace(/[ \t\u00a0]+$/gm, '')
      .replace(/\n{3,}/g, '\n\n')
      .trim() + '\n'
  );
}

/** An http(s) address in running text; a closing bracket or sentence mark after it is not part of it. */
const TEXT_URL = /https?:\/\/[^\s()<>]+[^\s()<>.,;:!?'"]/g;

/** Rewrites each web address of a text; `rewrite` answers null to leave one as it is. */
export function rewriteTextUrls(text: string, rewrite: (url: string) => string | null): string {
  return text.replace(TEXT_URL, (url) => rewrite(url) ?? url);
}
