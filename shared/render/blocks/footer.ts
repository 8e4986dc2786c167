import type { PostalAddress, SectionOf } from '../../model';
import { COMPANY_CHANNEL_SLUG, logoAlt } from '../../model';
import { FOOTER_TEXT, PRODUCT_NAME, showsMadeWithCredit } from '../../model/blocks/footer';
import { publicPagePaths } from '../../contract/public-pages';
import { safeColor } from '../css';
import { escapeAttr, escapeHtml, safeUrl } from '../escape';
import { mjElement } from '../mjml';
import type { RenderChannel, RenderContext } from '../types';
import { mjTextAttributes, sectionTextStyle } from './dynamic';

// The footer: logo, copyright, contact address, unsubscribe and opt-out links and the
// Letterdesk credit, in English or Spanish. The subscriber-specific parts are merge tags
// that the sending step fills per recipient.

/** The email provider whose unsubscribe link is its own merge tag (Iterable). */
export const ESP_ITERABLE = 1;
/** Filled by the sending step with the subscriber's unique id. */
export const SUBSCRIBER_ID_TAG = '{{uniqueId}}';
const ITERABLE_UNSUBSCRIBE_TAG = '{{unsubscribeUrl}}';

const LOGO_WIDTH = 80;


function channelSlug(ctx: RenderContext): string {
  // A letter rendered without its channel can only belong to the company channel.
  return encodeURIComponent(ctx.channel?.channelSlug || COMPANY_CHANNEL_SLUG);
}

/** Iterable fills its own unsubscribe link; for every other provider it is the platform's page. */
export function unsubscribeUrl(ctx: RenderContext): string {
  if (ctx.esp === ESP_ITERABLE) return ITERABLE_UNSUBSCRIBE_TAG;
  return `${ctx.platformUrl}/unsubscribe/${channelSlug(ctx)}/${SUBSCRIBER_ID_TAG}`;
}

/** Engagement segments let a reader stop the emails chosen by their behaviour without unsubscribing. */
export function behaviourOptOutUrl(ctx: RenderContext): string {
  return `${ctx.platformUrl}/opt-out/${channelSlug(ctx)}/${SUBSCRIBER_ID_TAG}`;
}

/** The footer's own address, or the channel's when the footer has none. */
function contactAddress(own: PostalAddress, channel: RenderChannel | null): string {
  const pick = [own.street, own.city, own.state, own.postal].some((part) => part.trim() !== '')
    ? own
    : channel?.contactAddress;
  if (!pick) return '';
  const cityLine = [pick.city.trim(), [pick.state.trim(), pick.postal.trim()].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return [pick.street.trim(), cityLine].filter(Boolean).join(', ');
}

export interface FooterOptions {
  /** The 'Made with Letterdesk' credit: the footer's switch and the channel's setting (both on unless switched off) unless the caller says. */
  madeWith?: boolean;
}

/**
 * Where the credit links: the channel's public archive, a page that exists for every
 * channel (the platform's root answers 404), and one that shows what the channel publishes.
 */
export function creditUrl(ctx: RenderContext): string | null {
  if (!ctx.channel) return null;
  return `${ctx.platformUrl}${publicPagePaths.channelArchive(ctx.channel.channelSlug, ctx.channel.brandSlug)}`;
}

/**
 * The footer. The section's registry entry calls it without options; `options` lets a
 * caller that knows better (a paid plan, say) leave the credit out.
 */
export function renderFooter(section: SectionOf<'footer'>, ctx: RenderContext, options: FooterOptions = {}): string {
  const model = section.blockModel;
  const style = { ...sectionTextStyle(section), alignment: model.align };
  const textColor = safeColor(style.color, '#202a33');
  if (ctx.isCompanyLevel) {
    // A company-level letter has no channel of its own to name or to unsubscribe from (spec 2 §4).
    return `<mj-text${mjTextAttributes(style, textColor)}>Footer placeholder</mj-text>`;
  }

  const text = FOOTER_TEXT[model.languageType];
  const name = model.channelName.trim() || ctx.channel?.channelName.trim() || ctx.channel?.title.trim() || '';
  const link = (href: string, label: string): string =>
    `<a href="${escapeAttr(safeUrl(href))}" target="_blank" style="color:${textColor};text-decoration:underline">${escapeHtml(label)}</a>`;

  const lines: string[] = [`&copy; ${ctx.year}${name ? ` ${escapeHtml(name)}` : ''}. ${escapeHtml(text.rights)}`];
  const address = contactAddress(model.address, ctx.channel);
  if (address) lines.push(escapeHtml(address));
  if (!ctx.webArchive) {
    const links = [link(unsubscribeUrl(ctx), text.unsubscribe)];
    if (ctx.isEngagementSegment) links.push(link(behaviourOptOutUrl(ctx), text.behaviourOptOut));
    lines.push(links.join(' &middot; '));
  }
  const credit = creditUrl(ctx);
  if (credit && (options.madeWith ?? showsMadeWithCredit(model, ctx.channel))) lines.push(`${escapeHtml(text.madeWith)} ${link(credit, PRODUCT_NAME)}`);

  const parts: string[] = [];
  const logoUrl = model.hasLogo ? ctx.channel?.logoUrl : null;
  if (logoUrl && safeUrl(logoUrl) !== '#') {
    const alt = logoAlt(ctx.channel?.title ?? name);
    parts.push(
      mjElement('mj-image', { src: safeUrl(logoUrl), alt, width: `${LOGO_WIDTH}px`, align: model.align, 'padding-bottom': '12px' }),
    );
  }
  const body = lines.map((line) => `<p style="margin:0 0 8px 0">${line}</p>`).join('');
  parts.push(`<mj-text${mjTextAttributes(style, textColor)}>${body}</mj-text>`);
  return parts.join('\n');
}
