import type { FeedPreviewItem } from '../contract/platform-curation';
import { FEED_ITEM_COUNT_MAX, FEED_ITEM_COUNT_MIN } from '../model/constants';
import type { Delta, DeltaOp } from '../model/delta';
import { BlogFeedLayout } from '../model/enums';
import type { BlogFeedLayout as BlogFeedLayoutValue } from '../model/enums';
import type { RssModel } from '../model/blocks/feeds';

// The legacy RSS block (spec 2 §4–§5): count 1 to 10, skip at least 0, and the items of its
// feed as the section's rich text, in its layout. The letter's rich text drops embeds, so
// the pictures are kept beside it in the model and drawn by the renderer (rssImages).

export function clampFeedCount(value: number): number {
  if (!Number.isFinite(value)) return FEED_ITEM_COUNT_MIN;
  return Math.min(FEED_ITEM_COUNT_MAX, Math.max(FEED_ITEM_COUNT_MIN, Math.floor(value)));
}

export function clampFeedOffset(value: number): number {
  return Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
}

/** Full content is offered only to a block without a link (spec 2 §4). */
export function rssLayoutChoices(model: Pick<RssModel, 'link'>): { value: BlogFeedLayoutValue; label: string }[] {
  const choices: { value: BlogFeedLayoutValue; label: string }[] = [
    { value: BlogFeedLayout.headingExcerptAndImage, label: 'Heading, excerpt and image' },
    { value: BlogFeedLayout.headingAndExcerpt, label: 'Heading and excerpt' },
  ];
  if (model.link.trim() === '') choices.push({ value: BlogFeedLayout.fullContent, label: 'Full content' });
  return choices;
}

/** The chosen items' pictures, by the address their heading links to (the renderer's 'Heading, excerpt and image'). */
export function rssImages(items: readonly FeedPreviewItem[], model: Pick<RssModel, 'count' | 'offset'>): RssModel['images'] {
  const start = clampFeedOffset(model.offset);
  return items
    .slice(start, start + clampFeedCount(model.count))
    .filter((item) => item.link.trim() !== '' && item.image.trim() !== '')
    .map((item) => ({ link: item.link, image: item.image }));
}

/** The block's items (after skip, up to count) as rich text: a linked bold heading, then the excerpt or the whole item. */
export function rssDelta(items: readonly FeedPreviewItem[], model: Pick<RssModel, 'count' | 'offset' | 'layoutType'>): Delta {
  const chosen = items.slice(clampFeedOffset(model.offset), clampFeedOffset(model.offset) + clampFeedCount(model.count));
  const ops: DeltaOp[] = [];
  for (const item of chosen) {
    ops.push({ insert: item.title || item.link, attributes: { bold: true, ...(item.link ? { link: item.link } : {}) } }, { insert: '\n' });
    const body = model.layoutType === BlogFeedLayout.fullContent ? item.content || item.excerpt : item.excerpt;
    for (const line of body.split('\n').filter((l) => l.trim() !== '')) ops.push({ insert: `${line}\n` });
  }
  return { ops };
}
