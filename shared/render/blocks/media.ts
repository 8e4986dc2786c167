import type { BlockAlignment, ImageModel, YoutubeModel } from '../../model';
import { logoAlt } from '../../model';
import { publicPagePaths } from '../../contract/public-pages';
import { css, px } from '../css';
import { escapeAttr, escapeHtml, safeUrl } from '../escape';
import { mjElement, styleAttr } from '../mjml';
import { youtubeThumbnailUrl, youtubeVideoId } from '../../rules/youtube';
import type { BlockRenderer, RenderContext } from '../types';

// Image, logo and YouTube blocks. Block values win over the letter's IMAGE defaults, which
// only fill a width a stored image lacks (the head's mj-attributes carry the rest).

export const LOGO_PLACEHOLDER = 'Logo placeholder';
/** The 16:9 box a video thumbnail fills (YouTube's hqdefault.jpg is cropped to it). */
export const VIDEO_ASPECT_RATIO = 9 / 16;
/** The play button drawn over a video thumbnail: text on a coloured box, so no icon file has to be hosted. */
const PLAY_BUTTON = { width: 68, height: 48, radius: 12, color: '#FF0000', glyphSize: 22 } as const;

function usableUrl(value: string): string | null {
  const url = safeUrl(value);
  return url === '' || url === '#' ? null : url;
}

function alignOf(align: BlockAlignment): 'left' | 'center' | 'right' {
  return align === 'full width' ? 'center' : align;
}

function radiusOf(model: ImageModel): string | undefined {
  // A circle crop is a square image with its corners rounded half-way (CROP_PRESETS).
  if (model.imageSmartCrop === 'circle') return '50%';
  return model.borderRadius > 0 ? px(model.borderRadius) : undefined;
}

interface ImageParts {
  src: string;
  alt: string;
  href: string | null;
}

/** Width in px, or null when the image should fill its column. */
function widthOf(model: ImageModel, ctx: RenderContext): number | null {
  if (model.align === 'full width') return null;
  return Math.max(1, Math.round(model.width ?? ctx.settings.images.width));
}

/**
 * An image at its own size (use-original-width): no width is written, so the picture keeps
 * its natural width, capped by the column.
 */
function originalWidthImage(model: ImageModel, parts: ImageParts): string {
  const align = alignOf(model.align);
  const style = css({
    display: 'block',
    'max-width': '100%',
    height: 'auto',
    border: '0',
    'border-radius': radiusOf(model),
    'margin-left': align === 'left' ? '0' : 'auto',
    'margin-right': align === 'right' ? '0' : 'auto',
  });
  const img = `<img src="${escapeAttr(parts.src)}" alt="${escapeAttr(parts.alt)}"${styleAttr(style)} />`;
  const content = parts.href ? `<a href="${escapeAttr(parts.href)}" target="_blank">${img}</a>` : img;
  return mjElement('mj-text', { align }, content);
}

function imageElement(model: ImageModel, parts: ImageParts, ctx: RenderContext): string {
  if (model.hasOriginalImageWidth && model.align !== 'full width') return originalWidthImage(model, parts);
  const width = widthOf(model, ctx);
  return mjElement('mj-image', {
    src: parts.src,
    alt: parts.alt,
    href: parts.href,
    width: width === null ? undefined : `${width}px`,
    align: alignOf(model.align),
    'border-radius': radiusOf(model),
  });
}

export const renderImage: BlockRenderer<'image'> = (section, ctx) => {
  const model = section.blockModel;
  const src = usableUrl(model.src);
  if (!src) return '';
  return imageElement(model, { src, alt: model.alt, href: usableUrl(model.link) }, ctx);
};

function channelPageUrl(ctx: RenderContext): string | null {
  return ctx.channel ? `${ctx.platformUrl}${publicPagePaths.channelArchive(ctx.channel.channelSlug, ctx.channel.brandSlug)}` : null;
}

/**
 * The channel's logo: the block's own image, else the channel's square logo; its alt and
 * link default to 'logo for {channel}' and the channel's page. Company-level letters have
 * no channel yet, so they show the placeholder (spec 1 §6).
 */
export const renderLogo: BlockRenderer<'logo'> = (section, ctx) => {
  const model = section.blockModel;
  const align = alignOf(model.align);
  if (ctx.isCompanyLevel) return mjElement('mj-text', { align }, escapeHtml(LOGO_PLACEHOLDER));
  const src = usableUrl(model.src) ?? usableUrl(ctx.channel?.logoUrl ?? '');
  const href = usableUrl(model.link) ?? channelPageUrl(ctx);
  if (!src) {
    // Without any logo image the letterhead still names the channel.
    if (!ctx.channel) return '';
    const name = escapeHtml(ctx.channel.title);
    return mjElement('mj-text', { align }, href ? `<a href="${escapeAttr(href)}" target="_blank">${name}</a>` : name);
  }
  const alt = model.alt.trim() !== '' ? model.alt : ctx.channel ? logoAlt(ctx.channel.title) : '';
  return imageElement(model, { src, alt, href }, ctx);
};

const CSS_URL_ESCAPES: Record<string, string> = { "'": '%27', '(': '%28', ')': '%29', '\\': '%5C' };

/** A URL safe inside CSS `url('…')`: the characters that could end it are percent-encoded. */
function cssUrl(url: string): string {
  return url.replace(/['()\\]/g, (c) => CSS_URL_ESCAPES[c] ?? c).replace(/\s/g, '%20');
}

/** VML's namespace: Outlook for Windows draws `v:` shapes; MJML's document declares it too. */
const VML_NS = 'urn:schemas-microsoft-com:vml';

/** The play button's cell: a red rounded box with a white triangle, drawn with text, so no icon is hosted. */
function playButtonCss(): string {
  return css({
    display: 'inline-block',
    width: `${PLAY_BUTTON.width}px`,
    height: `${PLAY_BUTTON.height}px`,
    'line-height': `${PLAY_BUTTON.height}px`,
    'border-radius': `${PLAY_BUTTON.radius}px`,
    'background-color': PLAY_BUTTON.color,
    color: '#FFFFFF',
    'font-size': `${PLAY_BUTTON.glyphSize}px`,
    'text-align': 'center',
    'text-decoration': 'none',
  });
}

/**
 * For Outlook for Windows, which shows no CSS background: a VML rectangle filled with the
 * thumbnail (`type="frame"` stretches it to the box) holding the play button, the whole
 * shape linking to the video. Inside a conditional comment, so only Outlook reads it.
 */
function outlookThumbnail(parts: ImageParts, width: number, height: number, label: string): string {
  const button = `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="center"><tr><td width="${PLAY_BUTTON.width}" height="${PLAY_BUTTON.height}" bgcolor="${PLAY_BUTTON.color}" align="center" valign="middle" style="color:#FFFFFF;font-size:${PLAY_BUTTON.glyphSize}px;">&#9654;</td></tr></table>`;
  const inner = `<table role="presentation" width="${width}" cellpadding="0" cellspacing="0" border="0"><tr><td height="${height}" align="center" valign="middle">${button}</td></tr></table>`;
  const href = parts.href ? ` href="${escapeAttr(parts.href)}"` : '';
  return (
    `<!--[if mso]><v:rect xmlns:v="${VML_NS}" fill="true" stroke="false"${href} alt="${escapeAttr(label)}" style="width:${width}px;height:${height}px;">` +
    `<v:fill type="frame" src="${escapeAttr(parts.src)}" color="#000000" />` +
    `<v:textbox inset="0,0,0,0">${inner}</v:textbox></v:rect><![endif]-->`
  );
}

/**
 * The thumbnail filling a 16:9 box with a play button in its middle, the whole box linking
 * to the video. Every client but Outlook for Windows gets a table whose `background`
 * shorthand is the thumbnail (caniemail: the shorthand works in Gmail's apps and mobile
 * web, where `background-size` does not); Outlook gets the VML version instead. A client
 * that shows no background image still shows the button on black, and the link.
 */
function playableThumbnail(model: YoutubeModel, parts: ImageParts, ctx: RenderContext): string {
  const width = widthOf(model, ctx) ?? ctx.contentWidth;
  const boxWidth = Math.max(1, Math.min(width, ctx.contentWidth || width));
  const height = Math.round(boxWidth * VIDEO_ASPECT_RATIO);
  const tableStyle = css({
    // Fluid up to its width, so it shrinks with a narrow screen.
    width: '100%',
    'max-width': model.align === 'full width' ? undefined : `${boxWidth}px`,
    'margin-left': alignOf(model.align) === 'left' ? '0' : 'auto',
    'margin-right': alignOf(model.align) === 'right' ? '0' : 'auto',
    background: `#000000 url('${cssUrl(parts.src)}') center / cover no-repeat`,
    'border-radius': radiusOf(model),
  });
  const label = parts.alt.trim() !== '' ? parts.alt : 'Play video';
  const cell = `<td height="${height}" align="center" valign="middle"${styleAttr(css({ height: `${height}px`, 'text-align': 'center', 'vertical-align': 'middle' }))}><span${styleAttr(playButtonCss())}>&#9654;</span></td>`;
  const table = `<table role="img" aria-label="${escapeAttr(label)}" cellpadding="0" cellspacing="0" border="0" align="${alignOf(model.align)}"${styleAttr(tableStyle)}><tr>${cell}</tr></table>`;
  const others = parts.href
    ? `<a href="${escapeAttr(parts.href)}" target="_blank" title="${escapeAttr(label)}"${styleAttr(css({ display: 'block', 'text-decoration': 'none' }))}>${table}</a>`
    : table;
  const content = `${outlookThumbnail(parts, boxWidth, height, label)}<!--[if !mso]><!-->${others}<!--<![endif]-->`;
  return mjElement('mj-text', { align: alignOf(model.align) }, content);
}

export const renderYoutube: BlockRenderer<'youtube'> = (section, ctx) => {
  const model = section.blockModel;
  const videoId = youtubeVideoId(model.link) ?? youtubeVideoId(model.originalSrc);
  const src = usableUrl(model.src) ?? (videoId ? youtubeThumbnailUrl(videoId) : null);
  if (!src) return '';
  const href = usableUrl(model.link) ?? (videoId ? `https://www.youtube.com/watch?v=${videoId}` : null);
  const parts = { src, alt: model.alt, href };
  return model.hasPlayIcon ? playableThumbnail(model, parts, ctx) : imageElement(model, parts, ctx);
};
