import type { Alignment, IconColorSet, SectionCommon, ShareNetwork, SocialNetwork } from '../../model';
import { COMPANY_CHANNEL_SLUG, NETWORK_LABELS, SOCIAL_GAP_DEFAULT, SocialDisplay } from '../../model';
import { css, fontSizePx, fontStack, px, safeColor, sidesPx } from '../css';
import { escapeAttr, escapeHtml, safeUrl } from '../escape';
import { mjAttrs, mjElement } from '../mjml';
import { isProfileUrl } from '../../rules/social';
import type { BlockRenderer, RenderContext } from '../types';
import { publicAssetPaths, publicPagePaths } from '../../contract/public-pages';
import { sectionTextStyle } from './dynamic';

// Social profile links (the channel's own accounts) and share links (this letter's
// archive page on each network), shown as icons or as text.

const ICON_SIZE = 32;

/** Where the platform serves the icon of a network in a colour set. */
export function socialIconUrl(platformUrl: string, colorSet: IconColorSet, network: SocialNetwork | ShareNetwork): string {
  return `${platformUrl}${publicAssetPaths.socialIcon(colorSet, network)}`;
}

/** The letter's public archive page, which share links point at. */
export function letterArchiveUrl(ctx: RenderContext): string {
  // A letter rendered without its channel can only belong to the company channel.
  const slug = ctx.channel?.channelSlug || COMPANY_CHANNEL_SLUG;
  return `${ctx.platformUrl}${publicPagePaths.letterArchive(slug, ctx.letterUniqueId)}`;
}

const SHARE_LINKS: Record<ShareNetwork, (encodedUrl: string) => string> = {
  whatsapp: (url) => `https://api.whatsapp.com/send?text=${url}`,
  x: (url) => `https://twitter.com/intent/tweet?url=${url}`,
  facebook: (url) => `https://www.facebook.com/sharer/sharer.php?u=${url}`,
  reddit: (url) => `https://www.reddit.com/submit?url=${url}`,
  linkedin: (url) => `https://www.linkedin.com/sharing/share-offsite/?url=${url}`,
};

export function shareUrl(network: ShareNetwork, pageUrl: string): string {
  return SHARE_LINKS[network](encodeURIComponent(pageUrl));
}

/** Text-only links take the colour set's tone; 'origin' (brand colours) reads best as the section's text colour. */
const TEXT_COLORS: Record<Exclude<IconColorSet, 'origin'>, string> = {
  black: '#000000',
  dark_gray: '#4D4D4D',
  light_gray: '#BFBFBF',
  white: '#FFFFFF',
};

interface SocialLink {
  network: SocialNetwork | ShareNetwork;
  href: string;
  label: string;
}

interface SocialLook {
  align: Alignment;
  color: IconColorSet;
  display: SocialDisplay;
  gap: number;
}

function renderLinks(links: readonly SocialLink[], look: SocialLook, section: SectionCommon, ctx: RenderContext): string {
  if (links.length === 0) return '';
  // The gap goes after every link but the last, so the row stays aligned to its edge.
  const after = (index: number): string => `0 ${index < links.length - 1 ? px(look.gap) : '0px'} 0 0`;
  if (look.display === SocialDisplay.textOnly) {
    const style = sectionTextStyle(section);
    const color = look.color === 'origin' ? safeColor(style.color, '#202a33') : TEXT_COLORS[look.color];
    const linkCss = css({
      color,
      'text-decoration': 'none',
      'font-family': fontStack(style.font, style.fontFallback),
      'font-size': fontSizePx(style.fontSize),
    });
    const cells = links.map(
      (link, index) =>
        `<td style="padding:${after(index)}"><a href="${escapeAttr(safeUrl(link.href))}" target="_blank" style="${escapeAttr(linkCss)}">${escapeHtml(link.label)}</a></td>`,
    );
    const table = { width: 'auto', align: look.align, cellpadding: 0, cellspacing: 0, role: 'presentation' };
    return mjElement('mj-table', table, `<tr>${cells.join('')}</tr>`);
  }
  const elements = links.map((link, index) =>
    mjElement(
      'mj-social-element',
      {
        src: socialIconUrl(ctx.platformUrl, look.color, link.network),
        href: safeUrl(link.href),
        alt: link.label,
        title: link.label,
        'background-color': 'transparent',
        'border-radius': '0px',
        'icon-padding': '0px',
        padding: after(index),
      },
      '',
    ),
  );
  // mj-social has no element default in the document head; it takes the letter's BLOCK padding here.
  const social = { mode: 'horizontal', align: look.align, 'icon-size': `${ICON_SIZE}px`, padding: sidesPx(ctx.settings.padding) };
  return `<mj-social${mjAttrs(social)}>\n${elements.join('\n')}\n</mj-social>`;
}

/**
 * Profile links show only when every entry is a link to its own network: the editor shows
 * its placeholder otherwise (spec 2 §4), and a placeholder is not for readers.
 */
export const renderProfile: BlockRenderer<'profile'> = (section, ctx) => {
  const model = section.blockModel;
  if (model.models.length === 0 || !model.models.every((option) => isProfileUrl(option.name, option.url))) return '';
  const links = model.models.map((option) => ({
    network: option.name,
    href: option.url.trim(),
    label: option.text.trim() || NETWORK_LABELS[option.name],
  }));
  return renderLinks(links, model, section, ctx);
};

/** Share links point at the letter's archive page; a share block without networks shows nothing. */
export const renderShare: BlockRenderer<'share'> = (section, ctx) => {
  const model = section.blockModel;
  const page = letterArchiveUrl(ctx);
  const links = model.models.map((option) => ({
    network: option.name,
    href: shareUrl(option.name, page),
    label: option.text.trim() || NETWORK_LABELS[option.name],
  }));
  // The share model has no gap setting; the profile default keeps both rows alike.
  return renderLinks(links, { ...model, gap: SOCIAL_GAP_DEFAULT }, section, ctx);
};
