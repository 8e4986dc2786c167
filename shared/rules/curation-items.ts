import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Aggregate, AggregatesQuery } from '../contract/platform-curation';
import { CURATION_ITEM_COUNT_MAX, CURATION_ITEM_OFFSET_MAX } from '../model/constants';
import type { CurationItem, CurationModel } from '../model/blocks/feeds';
import { LayoutType } from '../model/enums';
import type { LayoutType as LayoutTypeValue } from '../model/enums';
import type { SectionOf } from '../model/section';
import { newSection } from '../model/section-factory';
import { curationTypesOfBlock } from './curation-types';

// Curated content in letters (spec 2 §4, spec 3 §4): an aggregate as a block shows it
// ('By ' author, 'MMM DD, YYYY' on the organisation's clock), a curated aggregate inserted
// as its own section (the layout 5/6 image rules), and the query a Curations block runs
// (always curated items, spec 2 §6 "curated 1"), at Load in the composer and at send time.

dayjs.extend(utc);
dayjs.extend(timezone);

export const CURATION_DATE_FORMAT = 'MMM DD, YYYY';

export function curationItemFromAggregate(aggregate: Aggregate, zone: string): CurationItem {
  return {
    id: aggregate.id,
    title: aggregate.title,
    author: aggregate.author.trim() ? `By ${aggregate.author.trim()}` : '',
    excerpt: aggregate.excerpt,
    publicationDate: aggregate.publicationDate ? dayjs(aggregate.publicationDate).tz(zone).format(CURATION_DATE_FORMAT) : '',
    siteName: aggregate.siteName,
    image: aggregate.image,
    link: aggregate.originalUrl,
    content: aggregate.content,
  };
}

/** Items to show: 0 to 10 (values above 10 are ignored, spec 2 §5); skip 0 to 19. */
export function clampItemCount(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return value > CURATION_ITEM_COUNT_MAX ? CURATION_ITEM_COUNT_MAX : Math.floor(value);
}
export function clampItemOffset(value: number): number {
  if (!Number.isFinite(value) || value < 0) return 0;
  return Math.min(CURATION_ITEM_OFFSET_MAX, Math.floor(value));
}

/**
 * The aggregates query of a Curations block; null when it asks for no items. Days to
 * display N: curated within the last N days on the channel's clock (0: any day); exact
 * dates: curated between the two dates. The RSS and WordPress blocks ask for their own kind,
 * and a block in the 'Full content' layout for each post's whole body.
 */
export function curationBlockQuery(
  model: CurationModel,
  zone: string,
  now: Date,
  blockType: 'curation' | 'newrss' | 'wordpress' = 'curation',
  layoutType: LayoutTypeValue | null = null,
): AggregatesQuery | null {
  const count = clampItemCount(model.itemCount);
  if (count === 0) return null;
  const today = dayjs(now).tz(zone).startOf('day');
  const dates =
    model.useExactDates && model.dateCurated.length === 2
      ? { curatedStart: model.dateCurated[0], curatedEnd: model.dateCurated[1] }
      : !model.useExactDates && model.daysToDisplay > 0
        ? { curatedStart: today.subtract(model.daysToDisplay - 1, 'day').format('YYYY-MM-DD') }
        : {};
  return {
    curated: 1,
    keyword: model.keyword.trim(),
    feeds: model.feeds.map((feed) => feed.id),
    tags: model.tags.map((tag) => tag.id),
    categories: model.categories.map((category) => category.id),
    sites: model.sources.map((source) => source.name),
    types: curationTypesOfBlock(blockType),
    page: 1,
    perPage: count,
    skip: clampItemOffset(model.itemOffset),
    ...(layoutType === LayoutType.fullContent ? { withContent: 1 } : {}),
    ...dates,
  };
}

/**
 * A curated aggregate as a new curation section (spec 3 §4): layout 5 without an image
 * takes both widths to 100 and keeps the image switch on; layout 6 with an image turns the
 * image off with the text at 100; no image at all means layout 6.
 */
export function insertedCurationSection(aggregate: Aggregate, options: { uniqueId: string; zone: string; layoutType?: LayoutTypeValue }): SectionOf<'curation'> {
  const section = newSection('curation', options.uniqueId);
  const item = curationItemFromAggregate(aggregate, options.zone);
  const hasImage = item.image.trim() !== '';
  let layoutType: LayoutTypeValue = options.layoutType ?? LayoutType.imageTopParagraphBottom;
  const model: CurationModel = {
    ...section.blockModel,
    title: item.title,
    author: item.author,
    excerpt: item.excerpt,
    siteName: item.siteName,
    publicationDate: item.publicationDate,
    image: item.image,
    link: item.link,
    hasTitle: item.title !== '',
    hasAuthor: item.author !== '',
    hasExcerpt: item.excerpt !== '',
    hasSource: item.siteName !== '',
    hasPublishedDate: item.publicationDate !== '',
    hasImage,
    itemCount: 0,
  };
  if (layoutType === LayoutType.imageTopParagraphBottom && !hasImage) {
    model.imageColumnWidth = 100;
    model.textColumnWidth = 100;
    model.hasImage = true;
  }
  if (layoutType === LayoutType.paragraphOnly && hasImage) {
    model.hasImage = false;
    model.textColumnWidth = 100;
  }
  if (!hasImage) {
    layoutType = LayoutType.paragraphOnly;
    model.textColumnWidth = 100;
  }
  return { ...section, layoutType, blockModel: model };
}

/** The layouts a curation block offers (spec 2 §4); full content (8) only where curationLayoutChoices allows it. */
export const CURATION_LAYOUT_CHOICES: readonly { value: LayoutTypeValue; label: string }[] = [
  { value: LayoutType.imageLeftParagraphRight, label: 'Image left, text right' },
  { value: LayoutType.paragraphLeftImageRight, label: 'Text left, image right' },
  { value: LayoutType.imageTopParagraphBottom, label: 'Image on top, text below' },
  { value: LayoutType.paragraphOnly, label: 'Text only' },
  { value: LayoutType.imageAndParagraphColumns, label: 'Image and text columns' },
];

export const FULL_CONTENT_CHOICE = { value: LayoutType.fullContent, label: 'Full content' } as const;

/**
 * Only 'Text only' when the block has edited text, no image, and a title or excerpt (spec 2 §4).
 * 'Full content' is for the WordPress (blog feed) block without a link, that is one showing
 * its query's posts rather than one inserted article (spec 2 §4: "only for blog-feed and RSS
 * blocks that have no link"; the legacy RSS block has its own choices in rss-items.ts).
 */
export function curationLayoutChoices(
  model: CurationModel,
  sectionHasDelta: boolean,
  blockType: 'curation' | 'newrss' | 'wordpress' = 'curation',
): readonly { value: LayoutTypeValue; label: string }[] {
  const hasDelta = sectionHasDelta || model.delta.ops.some((op) => typeof op.insert === 'string' && op.insert.trim() !== '');
  const limited = hasDelta && model.image.trim() === '' && (model.title.trim() !== '' || model.excerpt.trim() !== '');
  if (limited) return CURATION_LAYOUT_CHOICES.filter((c) => c.value === LayoutType.paragraphOnly);
  return blockType === 'wordpress' && model.link.trim() === '' ? [...CURATION_LAYOUT_CHOICES, FULL_CONTENT_CHOICE] : CURATION_LAYOUT_CHOICES;
}

/**
 * A new layout's column widths (spec 2 §4): text only has no image; image-and-text columns are
 * 100/100; others 50/50. Full content is text only too: the post's own pictures are in its body.
 */
export function curationLayoutWidths(layoutType: LayoutTypeValue): Pick<CurationModel, 'imageColumnWidth' | 'textColumnWidth'> & { hasImage?: false } {
  if (layoutType === LayoutType.paragraphOnly || layoutType === LayoutType.fullContent) return { imageColumnWidth: 50, textColumnWidth: 100, hasImage: false };
  if (layoutType === LayoutType.imageAndParagraphColumns) return { imageColumnWidth: 100, textColumnWidth: 100 };
  return { imageColumnWidth: 50, textColumnWidth: 50 };
}

/** Whether a display switch has anything to show: the inserted article's part, or any loaded item's. */
export function curationPartAvailable(model: CurationModel, part: 'title' | 'excerpt' | 'image' | 'publicationDate' | 'siteName' | 'author'): boolean {
  if (model.items.length > 0) return model.items.some((item) => item[part].trim() !== '');
  return model[part].trim() !== '';
}
