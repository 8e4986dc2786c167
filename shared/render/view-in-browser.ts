import { FOOTER_TEXT } from '../model/blocks/footer';
import { publicPagePaths } from '../contract/public-pages';
import { css, fontStack } from './css';
import { escapeAttr, escapeHtml } from './escape';
import { mjElement, styleAttr } from './mjml';
import type { RenderContext } from './types';

// The 'View in browser' line at the top of an email: a link to the letter's public page,
// for readers whose client shows the email badly. Left out where there is no such page or
// no point: a private letter, the archive page itself, a company-level letter, a letter
// without a channel, or a channel that switched it off.

/** The line's class in the email's HTML: the letter's public page, built from a sent email, hides it. */
export const VIEW_IN_BROWSER_CLASS = 'ld-view-in-browser';

/** Small and grey on the page, above the letter's own colours. */
const LINE_COLOR = '#6b7280';
const LINE_FONT_SIZE = '12px';

export function viewInBrowserUrl(ctx: RenderContext): string | null {
  const channel = ctx.channel;
  if (!channel || ctx.isCompanyLevel || ctx.webArchive || ctx.letterIsPrivate || channel.viewInBrowserLink === false) return null;
  if (ctx.letterUniqueId.trim() === '') return null;
  return `${ctx.platformUrl}${publicPagePaths.letterArchive(channel.channelSlug, ctx.letterUniqueId)}`;
}

/** The line as an MJML section, '' when the email has none. */
export function viewInBrowserSection(ctx: RenderContext): string {
  const url = viewInBrowserUrl(ctx);
  if (!url) return '';
  const words = FOOTER_TEXT[ctx.channel?.footerLanguage ?? 'en'].viewInBrowser;
  const link = `<a href="${escapeAttr(url)}" target="_blank"${styleAttr(css({ color: LINE_COLOR, 'text-decoration': 'underline' }))}>${escapeHtml(words)}</a>`;
  const text = mjElement(
    'mj-text',
    { align: 'center', color: LINE_COLOR, 'font-size': LINE_FONT_SIZE, 'line-height': '1.5', 'font-family': fontStack(ctx.settings.text.p.font, ctx.settings.text.p.fontFallback), padding: '8px 16px' },
    link,
  );
  return `${mjElement('mj-section', { padding: '0', 'css-class': VIEW_IN_BROWSER_CLASS }, `<mj-column>${text}</mj-column>`)}\n`;
}
