import type { Border, Delta, PromotionSettings, PromotionTextSettings, SectionOf, TextStyle } from '../../model';
import { defaultPromotionModel, PROMOTION_ZONE_NONE } from '../../model';
import { cornersPx, css, fontSizePx, fontStack, px, safeColor, sidesPx } from '../css';
import { escapeAttr, escapeHtml, safeUrl } from '../escape';
import { mjElement, styleAttr } from '../mjml';
import { deltaToHtml } from '../rich-text';
import type { BlockRenderer, RenderContext } from '../types';
import { textCss } from './dynamic';

// Promotions are sold per send date, so a letter does not know which promotion it will
// carry: the block renders the promotion's frame (heading, image, copy, call to action,
// disclaimer in the letter's promotion styles) with merge tags that the sending step fills
// from the promotion scheduled for its ad type (legacy blocks) or zone (new blocks).
// renderPromotionContent renders a known promotion the same way (previews, sending).

export interface PromotionContent {
  heading: string;
  /** Plain text, or rich text from the promotion's editor. */
  copy: string | Delta;
  image: string;
  imageAlt: string;
  callToAction: string;
  callToActionUrl: string;
  promoterDisplayName: string;
}

export type PromotionPart = keyof PromotionContent;

/** The merge tag of one part of the promotion placed in a slot ('zone3', 'adType12'); the one place that knows the scheme. */
export function promotionMergeTag(slot: string, part: PromotionPart): string {
  return `{{promotion.${slot}.${part}}}`;
}

function mergeTagContent(slot: string): PromotionContent {
  const tag = (part: PromotionPart): string => promotionMergeTag(slot, part);
  return {
    heading: tag('heading'),
    copy: tag('copy'),
    image: tag('image'),
    imageAlt: tag('imageAlt'),
    callToAction: tag('callToAction'),
    callToActionUrl: tag('callToActionUrl'),
    promoterDisplayName: tag('promoterDisplayName'),
  };
}

type BlockPromotionSettings = PromotionTextSettings & { displayDisclaimer: boolean; disclaimer: string };

/** What a promotion looks like: the letter's PROMOTION styles, with what the block changed on top. */
export type PromotionLook = PromotionSettings;

function sameStyle(a: TextStyle, b: TextStyle): boolean {
  return (Object.keys(a) as (keyof TextStyle)[]).every((key) => a[key] === b[key]);
}

/**
 * Every promotion block carries copies of the text settings, so "the block's value wins"
 * alone would make the letter's PROMOTION styles dead. A block value still at the block
 * default therefore follows the letter; one the editor changed wins.
 */
export function promotionLook(block: BlockPromotionSettings, letter: PromotionSettings): PromotionLook {
  const defaults = defaultPromotionModel();
  const pick = (key: keyof PromotionTextSettings): TextStyle =>
    sameStyle(block[key], defaults[key]) ? letter[key] : block[key];
  return {
    ...letter,
    headingSettings: pick('headingSettings'),
    copySettings: pick('copySettings'),
    disclaimerSettings: pick('disclaimerSettings'),
    displayDisclaimer: block.displayDisclaimer === defaults.displayDisclaimer ? letter.displayDisclaimer : block.displayDisclaimer,
    disclaimer: (block.disclaimer.trim() === defaults.disclaimer ? letter.disclaimer : block.disclaimer).trim(),
  };
}

function borderCss(border: Border): Record<string, string> {
  const color = safeColor(border.color, '#000000');
  const side = (width: number): string => (border.applyBorders && width > 0 ? `${px(width)} ${border.style} ${color}` : 'none');
  const { thickness: t } = border;
  return {
    'border-top': side(t.top),
    'border-right': side(t.right),
    'border-bottom': side(t.bottom),
    'border-left': side(t.left),
    'border-radius': cornersPx(border.borderRadius),
  };
}

function copyHtml(copy: string | Delta, color: string, ctx: RenderContext): string {
  if (typeof copy !== 'string') return deltaToHtml(copy, ctx, { color });
  return escapeHtml(copy.trim()).replace(/\r?\n/g, '<br />');
}

function usableUrl(value: string): string {
  const url = safeUrl(value);
  return url === '#' ? '' : url;
}

/**
 * Marks around what a slot's fill may take out (shared/render/promotion-fill.ts
 * settlePromotionSlots): the whole promotion when the send day has none for the slot, its
 * picture when the promotion has none, its "from" line when it names no promoter. HTML
 * comments, which MJML keeps and mail clients never show.
 */
export const slotMark = {
  start: (slot: string, part = '') => `<!--ld-slot:${slot}${part ? `:${part}` : ''}-->`,
  end: (slot: string, part = '') => `<!--/ld-slot:${slot}${part ? `:${part}` : ''}-->`,
};

/** One promotion in its frame; every part is escaped, and a part left empty is left out. `slot`: marked for the fill. */
export function renderPromotionContent(content: PromotionContent, look: PromotionLook, ctx: RenderContext, slot: string | null = null): string {
  const marked = (html: string, part = '') => (slot === null ? html : `${slotMark.start(slot, part)}${html}${slotMark.end(slot, part)}`);
  const part = (style: TextStyle, html: string, extra: Record<string, string> = {}): string =>
    `<div${styleAttr(`${textCss(style, '#202a33')};${css({ margin: '0 0 8px 0', ...extra })}`)}>${html}</div>`;
  const parts: string[] = [];
  const ctaUrl = usableUrl(content.callToActionUrl);
  if (content.heading.trim()) parts.push(part(look.headingSettings, escapeHtml(content.heading.trim()), { 'font-weight': 'bold' }));
  const image = usableUrl(content.image);
  if (image) {
    // Outlook sizes images by their width attribute alone: the frame's inside width, within
    // the mj-table's own padding (the letter's BLOCK padding).
    const { padding: p, borders: b } = look;
    const block = ctx.settings.padding;
    const sideBorders = b.applyBorders ? b.thickness.left + b.thickness.right : 0;
    const width = Math.max(1, Math.round(ctx.contentWidth - block.left - block.right - p.left - p.right - sideBorders));
    const imgCss = css({ display: 'block', width: '100%', 'max-width': `${width}px`, height: 'auto', border: '0', margin: '0 0 8px 0' });
    const img = `<img src="${escapeAttr(image)}" alt="${escapeAttr(content.imageAlt.trim())}" width="${width}"${styleAttr(imgCss)} />`;
    parts.push(marked(ctaUrl ? `<a href="${escapeAttr(ctaUrl)}" target="_blank">${img}</a>` : img, 'image'));
  }
  const copy = copyHtml(content.copy, safeColor(look.copySettings.color, '#202a33'), ctx);
  if (copy) parts.push(part(look.copySettings, copy));
  if (content.callToAction.trim() && ctaUrl) parts.push(callToAction(content.callToAction.trim(), ctaUrl, ctx));
  if (look.displayDisclaimer) {
    const line = [look.disclaimer, content.promoterDisplayName.trim()].filter(Boolean).join(' ');
    if (line) parts.push(marked(part(look.disclaimerSettings, escapeHtml(line), { margin: '0' }), 'promoter'));
  }
  const boxCss = css({
    'background-color': safeColor(look.backgroundColor, '#FFFFFF'),
    ...borderCss(look.borders),
    padding: sidesPx(look.padding),
  });
  const table = { cellpadding: 0, cellspacing: 0, role: 'presentation' };
  return mjElement('mj-table', table, marked(`<tr><td${styleAttr(boxCss)}>${parts.join('')}</td></tr>`));
}

/** A bulletproof button (a link inside a coloured cell) in the letter's button style. */
function callToAction(label: string, url: string, ctx: RenderContext): string {
  const b = ctx.settings.buttons;
  const background = safeColor(b.color, '#1D2D4D');
  const radius = px(b.borderRadius);
  const linkCss = css({
    display: 'inline-block',
    padding: '10px 25px',
    color: safeColor(b.textColor, '#FFFFFF'),
    'text-decoration': 'none',
    'font-family': fontStack(b.font, b.fallbackFont),
    'font-size': fontSizePx(b.fontSize),
    'border-radius': radius,
  });
  return (
    `<table role="presentation" cellpadding="0" cellspacing="0" border="0" align="${b.alignment}"${styleAttr('margin:0 0 8px 0')}><tr>` +
    `<td bgcolor="${escapeAttr(background)}"${styleAttr(css({ background, 'border-radius': radius }))}>` +
    `<a href="${escapeAttr(url)}" target="_blank"${styleAttr(linkCss)}>${escapeHtml(label)}</a></td></tr></table>`
  );
}

/** A legacy promotion without an ad type has nothing to show (the editor asks to select one). */
export const renderPromotion: BlockRenderer<'promotion'> = (section, ctx) => {
  const model = section.blockModel;
  if (model.adTypeId === null) return '';
  return renderSlot(`adType${model.adTypeId}`, section, ctx);
};

/** A new promotion without a zone (0) has nothing to show (the editor asks to select one). */
export const renderNewPromotion: BlockRenderer<'newpromotion'> = (section, ctx) => {
  const model = section.blockModel;
  if (model.zone === PROMOTION_ZONE_NONE) return '';
  return renderSlot(`zone${model.zone}`, section, ctx);
};

function renderSlot(slot: string, section: SectionOf<'promotion' | 'newpromotion'>, ctx: RenderContext): string {
  return renderPromotionContent(mergeTagContent(slot), promotionLook(section.blockModel, ctx.settings.promotionSettings), ctx, slot);
}
