import { escapeAttr, escapeHtml } from '../escape';
import type { BlockRenderer } from '../types';
import { ESP_ITERABLE } from './footer';

// Ad widgets are filled by their providers, not by us. RevContent's email ad is its
// documented ad code (help.revcontent.com "Email Monetization Ad Code Setup"): a click link
// around an image, both naming the widget (`id`), the placement (`p`) and a key unique to
// the reader (`k`, here the reader's id as a merge tag, filled per reader at send; a link
// made by a tag stays direct, untracked). Iterable fills its own snippet. Without its ids a
// widget has nothing to name and renders nothing.

/** RevContent's email ad host (its documented ad code). */
export const REVCONTENT_EMAIL_AD_BASE = 'https://rcms.revcontent.com/v2';
/** The reader's id, filled per reader (delivery/merge-values.ts); RevContent keys its stats by it. */
const READER_KEY = '{{uniqueId}}';

/** RevContent's email ad code for a widget and placement: the ad image inside its click link. */
export function revContentAdCode(widgetId: string, placementId: string): string {
  const query = `id=${encodeURIComponent(widgetId)}&p=${encodeURIComponent(placementId)}&k=${READER_KEY}`;
  return (
    `<a class="revcontent-ad" href="${escapeAttr(`${REVCONTENT_EMAIL_AD_BASE}/click?${query}`)}">` +
    `<img src="${escapeAttr(`${REVCONTENT_EMAIL_AD_BASE}/?${query}`)}" alt="Sponsored" style="display:block;max-width:100%;height:auto;border:0" /></a>`
  );
}

/**
 * Iterable's snippet syntax (Handlebars, triple braces). The template id is checked to be
 * letters, digits, underscores and dashes where it is typed; the escaping here keeps a
 * stored value that slipped past that from breaking out of the quoted name.
 */
export function iterableSnippet(templateId: string): string {
  return `{{{snippet "${escapeHtml(templateId)}"}}}`;
}

export const renderRevContent: BlockRenderer<'revContent'> = (section) => {
  const widgetId = section.blockModel.widgetId.trim();
  const placementId = section.blockModel.placementId.trim();
  if (!widgetId || !placementId) return '';
  return `<mj-text>${revContentAdCode(widgetId, placementId)}</mj-text>`;
};

/**
 * Only Iterable fills the snippet (spec 2 §1: the block exists for Iterable letters only); a
 * letter moved to another email service would show readers the raw `{{{snippet}}}` text.
 */
export const renderIterable: BlockRenderer<'iterable'> = (section, ctx) => {
  const templateId = section.blockModel.templateId.trim();
  if (!templateId || ctx.esp !== ESP_ITERABLE) return '';
  return `<mj-text>${iterableSnippet(templateId)}</mj-text>`;
};
