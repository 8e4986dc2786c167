import type { CurationModel, Delta, DeltaOp, LayoutType, SectionCommon, SectionOf, TextStyleWithOptionalColor } from '../../model';
import { BlogFeedLayout, CROP_PRESETS, LayoutType as Layout } from '../../model';
import type { CropOption } from '../../model';
import { css, px, safeColor } from '../css';
import { escapeAttr, escapeHtml, safeUrl } from '../escape';
import { mjElement, styleAttr } from '../mjml';
import { postContentHtml } from '../post-content';
import { deltaHasText, deltaToHtml } from '../rich-text';
import { STACK_ON_PHONES_CLASS } from '../phone-stacking';
import type { BlockRenderer, RenderContext } from '../types';
import { textCss } from './dynamic';

// Feed content. Curation (and its newrss and wordpress kinds) holds one inserted article
// with has-flags and a text style per part; news and the legacy RSS block hold their
// loaded content as the section's rich text. Nothing loaded means nothing to render: the
// editor's placeholders ('Please add a valid RSS feed url.') are not for readers.

type Arrangement = 'textOnly' | 'stacked' | 'imageLeft' | 'imageRight';

const TEXT_ONLY_LAYOUTS: readonly LayoutType[] = [Layout.paragraphOnly, Layout.paragraphsSideBySide, Layout.fullContent];
const IMAGE_LEFT_LAYOUTS: readonly LayoutType[] = [Layout.imageLeftParagraphRight, Layout.imagesSideBySide];

function arrangementOf(layoutType: LayoutType | null, model: CurationModel, showsImage: boolean, hasText: boolean): Arrangement {
  if (!showsImage || (layoutType !== null && TEXT_ONLY_LAYOUTS.includes(layoutType))) return 'textOnly';
  if (!hasText) return 'stacked';
  // Columns that together are wider than the block (the 100/100 image-and-text columns) stack.
  if (model.imageColumnWidth + model.textColumnWidth > 100) return 'stacked';
  if (layoutType !== null && IMAGE_LEFT_LAYOUTS.includes(layoutType)) return 'imageLeft';
  if (layoutType === Layout.paragraphLeftImageRight) return 'imageRight';
  return 'stacked';
}

function usableUrl(value: string): string {
  const url = safeUrl(value);
  return url === '#' ? '' : url;
}

/**
 * The article's text parts, each in its own style, in reading order. `content` is a post's
 * whole body in the 'Full content' layout: it takes the excerpt's place, switch and style.
 */
function textParts(section: SectionOf<'curation' | 'newrss' | 'wordpress'>, ctx: RenderContext, content: string): string {
  const model = section.blockModel;
  const fallback = safeColor(section.textColor, '#202a33');
  const link = usableUrl(model.link);
  const block = (style: TextStyleWithOptionalColor, html: string, extra: Record<string, string> = {}): string =>
    `<div${styleAttr(`${textCss(style, fallback)};${css({ margin: '0 0 4px 0', ...extra })}`)}>${html}</div>`;
  const parts: string[] = [];

  if (model.hasTitle && model.title.trim()) {
    const title = escapeHtml(model.title.trim());
    const color = safeColor(model.titleSettings.color, fallback);
    parts.push(
      block(
        model.titleSettings,
        link ? `<a href="${escapeAttr(link)}" target="_blank"${styleAttr(css({ color, 'text-decoration': 'none' }))}>${title}</a>` : title,
        { 'font-weight': 'bold' },
      ),
    );
  }
  if (model.hasAuthor && model.author.trim()) parts.push(block(model.authorSettings, escapeHtml(model.author.trim())));
  if (model.hasPublishedDate && model.publicationDate.trim()) {
    parts.push(block(model.publicationDateSettings, escapeHtml(model.publicationDate.trim())));
  }
  if (model.hasSource && model.siteName.trim()) {
    // The source has no colour of its own in the panel: it is drawn in the block's accent colour.
    const accent = safeColor(model.accentColor, fallback);
    parts.push(`<div${styleAttr(`${textCss({ ...model.siteNameSettings, color: model.siteNameSettings.color ?? accent }, accent)};${css({ margin: '0 0 4px 0' })}`)}>${escapeHtml(model.siteName.trim())}</div>`);
  }
  if (model.hasExcerpt && content.trim()) {
    const body = postContentHtml(content, { linkColor: safeColor(model.linkColor, fallback) });
    if (body) {
      parts.push(block(model.excerptSettings, body));
      return parts.join('');
    }
  }
  if (model.hasExcerpt) {
    // Text edited in the editor (a delta) replaces the fetched excerpt.
    const edited = [model.delta, section.delta].find(deltaHasText);
    const color = safeColor(model.excerptSettings.color, fallback);
    const excerpt = edited ? deltaToHtml(edited, ctx, { color, linkColor: model.linkColor }) : escapeHtml(model.excerpt.trim());
    if (excerpt) parts.push(block(model.excerptSettings, excerpt));
  }
  return parts.join('');
}

/**
 * The block's smart crop on an article's picture (spec 2 §3 imageSettings.imageSmartCrop).
 * Articles' pictures live on their own sites, so there is no cropped copy to point at: the
 * picture gets the crop's proportions as a box it covers (object-fit), and a circle is that
 * square with its corners rounded half-way, as the Image block draws one.
 */
export function curationCrop(crop: CropOption, width: number, radius: number): { height?: number; radius: string } {
  const preset = CROP_PRESETS[crop];
  if (!preset) return { radius: px(radius) };
  return { height: Math.max(1, Math.round((width * preset.height) / preset.width)), radius: preset.radiusPercent > 0 ? `${preset.radiusPercent}%` : px(radius) };
}

function imageTag(src: string, alt: string, width: number, model: CurationModel, link: string): string {
  const crop = curationCrop(model.imageSettings.imageSmartCrop, width, model.borderRadius);
  const imgCss = css({
    display: 'block',
    width: '100%',
    'max-width': `${width}px`,
    height: crop.height ? `${crop.height}px` : 'auto',
    'object-fit': crop.height ? 'cover' : undefined,
    border: '0',
    'border-radius': crop.radius,
  });
  const img = `<img src="${escapeAttr(src)}" alt="${escapeAttr(alt)}" width="${width}"${crop.height ? ` height="${crop.height}"` : ''}${styleAttr(imgCss)} />`;
  return link ? `<a href="${escapeAttr(link)}" target="_blank">${img}</a>` : img;
}

/**
 * Curation, newrss and wordpress blocks: the items its query last brought in (the platform
 * loads them afresh before a send), each in the block's layout; without any, its one
 * inserted article.
 */
export const renderCuration: BlockRenderer<'curation' | 'newrss' | 'wordpress'> = (section, ctx) => {
  const items = section.blockModel.items;
  if (items.length === 0) return renderArticle(section, ctx, '');
  // A post without a body of its own (or loaded before the layout changed) shows its excerpt.
  const fullContent = section.layoutType === Layout.fullContent;
  return items
    .map(({ content, ...item }) =>
      renderArticle(
        // Each item replaces the article; an editor's own excerpt text belongs to the inserted article only.
        { ...section, delta: { ops: [] }, blockModel: { ...section.blockModel, ...item, delta: { ops: [] }, items: [] } },
        ctx,
        fullContent ? content : '',
      ),
    )
    .filter(Boolean)
    .join('\n');
};

function renderArticle(section: SectionOf<'curation' | 'newrss' | 'wordpress'>, ctx: RenderContext, content: string): string {
  const model = section.blockModel;
  const src = model.hasImage ? usableUrl(model.image) : '';
  const text = textParts(section, ctx, content);
  const arrangement = arrangementOf(section.layoutType, model, src !== '', text !== '');
  const link = usableUrl(model.link);
  const alt = model.title.trim();
  const gap = Math.max(0, model.gap);

  const textElement = text ? mjElement('mj-text', {}, text) : '';
  if (arrangement === 'textOnly') return textElement;
  if (arrangement === 'stacked') {
    const inner = ctx.contentWidth - ctx.settings.padding.left - ctx.settings.padding.right;
    const crop = curationCrop(model.imageSettings.imageSmartCrop, inner, model.borderRadius);
    // mj-image cannot cover a box (object-fit), so a cropped picture is our own img tag.
    const image = crop.height
      ? mjElement('mj-text', { 'padding-bottom': text ? px(gap) : undefined }, imageTag(src, alt, inner, model, link))
      : mjElement('mj-image', { src, alt, href: link, 'border-radius': crop.radius, 'padding-bottom': text ? px(gap) : undefined });
    return [image, textElement].filter(Boolean).join('\n');
  }

  const total = model.imageColumnWidth + model.textColumnWidth;
  const imagePercent = total > 0 ? Math.round((model.imageColumnWidth / total) * 100) : 50;
  // Outlook sizes images by their width attribute alone: the image cell's inside width,
  // within the mj-table's own padding (the letter's BLOCK padding).
  const inner = ctx.contentWidth - ctx.settings.padding.left - ctx.settings.padding.right;
  const imageWidth = Math.max(1, Math.round((inner * imagePercent) / 100 - gap / 2));
  const half = px(gap / 2);
  const cell = (percent: number, padding: string, html: string): string =>
    `<td class="${STACK_ON_PHONES_CLASS}" width="${percent}%" valign="top"${styleAttr(css({ 'vertical-align': 'top', padding }))}>${html}</td>`;
  const image = imageTag(src, alt, imageWidth, model, link);
  const cells =
    arrangement === 'imageLeft'
      ? cell(imagePercent, `0 ${half} 0 0`, image) + cell(100 - imagePercent, `0 0 0 ${half}`, text)
      : cell(100 - imagePercent, `0 ${half} 0 0`, text) + cell(imagePercent, `0 0 0 ${half}`, image);
  const table = { cellpadding: 0, cellspacing: 0, role: 'presentation', 'table-layout': 'fixed' };
  return mjElement('mj-table', table, `<tr>${cells}</tr>`);
}

/** The section's rich text, or nothing when it has none; the section wrapper gives the mj-text the section's font. */
function sectionRichText(section: SectionCommon, delta: Delta, ctx: RenderContext): string {
  if (!deltaHasText(delta)) return '';
  return mjElement('mj-text', {}, deltaToHtml(delta, ctx, { color: section.textColor }));
}

/** News: the loaded articles are the section's rich text (spec 2 §4: without it the editor shows a placeholder). */
export const renderNews: BlockRenderer<'news'> = (section, ctx) => sectionRichText(section, section.delta, ctx);

/**
 * The legacy RSS block's model holds only the feed settings (link, count, offset, layout),
 * never the items: what a load brought in is the section's rich text, and without it
 * there is nothing to show.
 */
export const renderRss: BlockRenderer<'rss'> = (section, ctx) => {
  const { images, layoutType } = section.blockModel;
  if (layoutType !== BlogFeedLayout.headingExcerptAndImage || images.length === 0) return sectionRichText(section, section.delta, ctx);
  // Each picture goes above the heading that links to its article; the text between
  // headings (the editor may have changed it) is drawn as it is.
  const imageOf = (op: DeltaOp): string | null => {
    const link = typeof op.insert === 'string' && op.attributes?.bold ? op.attributes.link : undefined;
    return typeof link === 'string' ? (images.find((entry) => entry.link === link)?.image ?? null) : null;
  };
  const parts: { image: string | null; link: string; alt: string; ops: DeltaOp[] }[] = [{ image: null, link: '', alt: '', ops: [] }];
  let lineStart = true;
  for (const op of section.delta.ops) {
    const image = lineStart ? imageOf(op) : null;
    if (image) parts.push({ image, link: String(op.attributes?.link ?? ''), alt: String(op.insert), ops: [] });
    parts.at(-1)!.ops.push(op);
    if (typeof op.insert === 'string') lineStart = op.insert.endsWith('\n');
  }
  return parts
    .map((part) => {
      const src = part.image ? usableUrl(part.image) : '';
      const picture = src ? mjElement('mj-image', { src, alt: part.alt, href: usableUrl(part.link) }) : '';
      return [picture, sectionRichText(section, { ops: part.ops }, ctx)].filter(Boolean).join('\n');
    })
    .filter(Boolean)
    .join('\n');
};
