import { escapeAttr, escapeHtml } from '../escape';
import type { BlockRenderer } from '../types';
import { ESP_ITERABLE } from './footer';

// Ad widgets are filled by their providers, not by us: the email carries a placeholder
// naming the widget, which the provider (Iterable) or the sending step (RevContent)
// replaces with the ad. Without its ids a widget has nothing to name and renders nothing.

/** The RevContent placeholder: an empty element carrying the widget and placement ids. */
export function revContentPlaceholder(widgetId: string, placementId: string): string {
  return `<div class="revcontent-widget" data-widget-id="${escapeAttr(widgetId)}" data-placement-id="${escapeAttr(placementId)}"></div>`;
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
  return `<mj-text>${revContentPlaceholder(widgetId, placementId)}</mj-text>`;
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
