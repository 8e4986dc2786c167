import { css, fontSizePx, fontStack, lineHeight, safeColor } from '../css';
import { mjElement, styleAttr } from '../mjml';
import { deltaHasText, deltaToHtml, deltaToInlineHtml } from '../rich-text';
import type { BlockRenderer } from '../types';

// Text blocks. Their text is the section's delta; the section's FONT settings reach the
// mj-text through the section wrapper, so only what differs is written here. A block with
// no text renders nothing: a reader has no use for the editor's empty placeholder.

/** Width of the blockquote's rule, in px: the spec gives its colour only. */
export const BLOCKQUOTE_RULE_WIDTH = 4;
/** Space between the rule and the quoted text, in px. */
export const BLOCKQUOTE_INDENT = 16;

export const renderParagraph: BlockRenderer<'paragraph'> = (section, ctx) => {
  if (!deltaHasText(section.delta)) return '';
  const html = deltaToHtml(section.delta, ctx, { color: section.textColor });
  return mjElement('mj-text', { align: section.blockModel.align }, html);
};

/**
 * The heading element carries the section's style itself: mail clients give h1–h6 their
 * own sizes and margins, which would otherwise win over the inherited ones. The editor
 * copies the heading level's letter style into the section when the level changes.
 */
export const renderHeading: BlockRenderer<'heading'> = (section, ctx) => {
  if (!deltaHasText(section.delta)) return '';
  const tag = section.blockModel.headingType;
  const style = css({
    margin: '0',
    'font-family': fontStack(section.defaultFont, section.fontFallback),
    'font-size': fontSizePx(section.fontSize),
    'line-height': lineHeight(section.lineHeight),
    color: safeColor(section.textColor, safeColor(ctx.settings.text[tag].color, '')),
    'font-weight': 'bold',
  });
  const content = deltaToInlineHtml(section.delta, ctx, { color: section.textColor });
  return mjElement('mj-text', { align: section.blockModel.align }, `<${tag}${styleAttr(style)}>${content}</${tag}>`);
};

export const renderBlockquote: BlockRenderer<'blockquote'> = (section, ctx) => {
  if (!deltaHasText(section.delta)) return '';
  const rule = safeColor(section.blockModel.borderColor, safeColor(section.textColor, '#000000'));
  const style = css({
    margin: '0',
    'padding-left': `${BLOCKQUOTE_INDENT}px`,
    'border-left': `${BLOCKQUOTE_RULE_WIDTH}px solid ${rule}`,
  });
  const html = deltaToHtml(section.delta, ctx, { color: section.textColor });
  return mjElement('mj-text', {}, `<blockquote${styleAttr(style)}>${html}</blockquote>`);
};
