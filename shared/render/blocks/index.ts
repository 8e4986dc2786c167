import type { BlockType } from '../../model';
import type { BlockRenderer, ColumnsRenderer } from '../types';
import { renderIterable, renderRevContent } from './ads';
import { renderButton } from './button';
import { renderDivider } from './divider';
import { renderDynamic } from './dynamic';
import { renderEvents } from './events';
import { renderCuration, renderNews, renderRss } from './feeds';
import { renderFooter } from './footer';
import { renderHtml } from './html';
import { renderLayout } from './layout';
import { renderImage, renderLogo, renderYoutube } from './media';
import { renderPoll } from './poll';
import { renderNewPromotion, renderPromotion } from './promotion';
import { renderProfile, renderShare } from './social';
import { renderBlockquote, renderHeading, renderParagraph } from './text';

// Every block type's renderer. The table is typed over BlockType, so a type without a
// renderer does not compile; at run time an unknown type is an error, never a skip.

/** Renders column content, which the section wrapper puts in one full-width column. */
export interface BlockEntry<T extends BlockType> {
  kind: 'block';
  render: BlockRenderer<T>;
}

/** Renders whole columns itself (layouts, items side by side). */
export interface ColumnsEntry<T extends BlockType> {
  kind: 'columns';
  render: ColumnsRenderer<T>;
}

export type RendererEntry<T extends BlockType> = BlockEntry<T> | ColumnsEntry<T>;

function block<T extends BlockType>(render: BlockRenderer<T>): BlockEntry<T> {
  return { kind: 'block', render };
}

function columns<T extends BlockType>(render: ColumnsRenderer<T>): ColumnsEntry<T> {
  return { kind: 'columns', render };
}

export const BLOCK_RENDERERS: { readonly [K in BlockType]: RendererEntry<K> } = {
  blockquote: block(renderBlockquote),
  button: block(renderButton),
  // newrss and wordpress are curation over one feed kind (the model registry says the same).
  curation: block<'curation'>(renderCuration),
  newrss: block<'newrss'>(renderCuration),
  wordpress: block<'wordpress'>(renderCuration),
  divider: block(renderDivider),
  dynamic: columns<'dynamic'>(renderDynamic),
  url: columns<'url'>(renderDynamic),
  evvnt: columns(renderEvents),
  footer: block<'footer'>((section, ctx) => renderFooter(section, ctx)),
  heading: block(renderHeading),
  html: block(renderHtml),
  image: block(renderImage),
  iterable: block(renderIterable),
  layout: columns(renderLayout),
  logo: block(renderLogo),
  news: block(renderNews),
  newpromotion: block(renderNewPromotion),
  paragraph: block(renderParagraph),
  poll: block(renderPoll),
  profile: block(renderProfile),
  promotion: block(renderPromotion),
  revContent: block(renderRevContent),
  rss: block(renderRss),
  share: block(renderShare),
  youtube: block(renderYoutube),
};

/**
 * The renderer for a type, or undefined for a type the table does not know (input that
 * skipped the schema). TypeScript cannot tie a union-typed section to the entry of its
 * own type, so the entry is widened here, once; the table above guarantees the pairing.
 */
export function rendererFor(type: string): RendererEntry<BlockType> | undefined {
  if (!Object.hasOwn(BLOCK_RENDERERS, type)) return undefined;
  return BLOCK_RENDERERS[type as BlockType] as RendererEntry<BlockType>;
}
