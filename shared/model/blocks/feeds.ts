import { z } from 'zod';
import {
  CURATION_ITEM_COUNT_DEFAULT,
  CURATION_ITEM_OFFSET_DEFAULT,
  DAYS_TO_DISPLAY_DEFAULT,
  DEFAULT_LINK_COLOR,
  FEED_ITEM_COUNT_MIN,
  NEWS_ITEM_COUNT_DEFAULT,
  SECTION_TEXT_COLOR_DEFAULT,
} from '../constants';
import { DeltaSchema, emptyDelta } from '../delta';
import {
  BlogFeedLayout,
  BlogFeedLayoutSchema,
  CropOptionSchema,
  CurationTypeSchema,
  LayoutType,
  LayoutTypeSchema,
  NewsCategorySchema,
} from '../enums';
import { TextStyleSchema, TextStyleWithOptionalColorSchema, blockTextStyle } from '../text-style';

// Dynamic content: curation-like feeds (curation, newrss, wordpress), the legacy RSS
// block, news search, and URL previews (url, dynamic).

export const TagSchema = z.object({ id: z.number().int(), name: z.string() });
export type Tag = z.infer<typeof TagSchema>;

export const CategorySchema = z.object({ id: z.number().int(), name: z.string() });
export type Category = z.infer<typeof CategorySchema>;

/** A curation source (site); ids come from the site-name lookup, numeric or not. */
export const SourceSchema = z.object({ id: z.union([z.number(), z.string()]), name: z.string() });
export type Source = z.infer<typeof SourceSchema>;

export const FeedRefSchema = z.object({ id: z.number().int(), title: z.string(), uniqueId: z.string() });
export type FeedRef = z.infer<typeof FeedRefSchema>;

/**
 * One article a block's query brought in, ready to show: `author` already prefixed 'By ',
 * `publicationDate` already 'MMM DD, YYYY' in the organisation's timezone. Kept in the
 * section so the composer and preview work offline; the platform asks again at send time.
 */
export const CurationItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  excerpt: z.string(),
  publicationDate: z.string(),
  siteName: z.string(),
  image: z.string(),
  link: z.string(),
  /**
   * The post's whole body (sanitized HTML), loaded only for the 'Full content' layout;
   * letters saved before it existed have none.
   */
  content: z.string().default(''),
});
export type CurationItem = z.infer<typeof CurationItemSchema>;

const ymd = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the format YYYY-MM-DD');
const count = z.number().int().nonnegative();
const percent = z.number().min(0).max(100);

export const CurationModelSchema = z.strictObject({
  // Filters
  sources: z.array(SourceSchema),
  tags: z.array(TagSchema),
  types: z.array(CurationTypeSchema),
  feeds: z.array(FeedRefSchema),
  keyword: z.string(),
  /** [start, end] when useExactDates is on; empty otherwise. */
  dateCurated: z.array(ymd).max(2),
  /** 0 means all days. */
  daysToDisplay: count,
  itemCount: count,
  itemOffset: count,
  useExactDates: z.boolean(),
  categories: z.array(CategorySchema),
  imageSettings: z.object({ imageSmartCrop: CropOptionSchema }),
  // Presentation
  borderRadius: z.number().nonnegative(),
  gap: z.number().nonnegative(),
  hasTitle: z.boolean(),
  hasExcerpt: z.boolean(),
  hasImage: z.boolean(),
  hasPublishedDate: z.boolean(),
  hasSource: z.boolean(),
  hasAuthor: z.boolean(),
  // The inserted item
  title: z.string(),
  excerpt: z.string(),
  /** Already formatted 'MMM DD, YYYY' in the organisation's timezone. */
  publicationDate: z.string(),
  siteName: z.string(),
  /** Already prefixed 'By '. */
  author: z.string(),
  image: z.string(),
  link: z.string(),
  delta: DeltaSchema,
  titleSettings: TextStyleSchema,
  excerptSettings: TextStyleSchema,
  publicationDateSettings: TextStyleSchema,
  siteNameSettings: TextStyleWithOptionalColorSchema,
  authorSettings: TextStyleSchema,
  imageColumnWidth: percent,
  textColumnWidth: percent,
  linkColor: z.string(),
  excerptColor: z.string(),
  accentColor: z.string(),
  /** What the query returned when last loaded (empty: the block shows its inserted article, if any). */
  items: z.array(CurationItemSchema).max(10).default([]),
});
export type CurationModel = z.infer<typeof CurationModelSchema>;

/** Part sizes are ours (the spec gives none): a title larger than the 18 px body, small meta lines. */
export const CURATION_TEXT_SIZES = { title: 24, excerpt: 16, meta: 14 } as const;
export const CURATION_GAP_DEFAULT = 16;

export function defaultCurationModel(): CurationModel {
  return {
    sources: [],
    tags: [],
    types: [],
    feeds: [],
    keyword: '',
    dateCurated: [],
    daysToDisplay: DAYS_TO_DISPLAY_DEFAULT,
    itemCount: CURATION_ITEM_COUNT_DEFAULT,
    itemOffset: CURATION_ITEM_OFFSET_DEFAULT,
    useExactDates: false,
    categories: [],
    imageSettings: { imageSmartCrop: 'original' },
    borderRadius: 0,
    gap: CURATION_GAP_DEFAULT,
    hasTitle: true,
    hasExcerpt: true,
    hasImage: true,
    hasPublishedDate: true,
    hasSource: true,
    hasAuthor: true,
    title: '',
    excerpt: '',
    publicationDate: '',
    siteName: '',
    author: '',
    image: '',
    link: '',
    delta: emptyDelta(),
    titleSettings: blockTextStyle(CURATION_TEXT_SIZES.title),
    excerptSettings: blockTextStyle(CURATION_TEXT_SIZES.excerpt),
    publicationDateSettings: blockTextStyle(CURATION_TEXT_SIZES.meta),
    siteNameSettings: blockTextStyle(CURATION_TEXT_SIZES.meta),
    authorSettings: blockTextStyle(CURATION_TEXT_SIZES.meta),
    imageColumnWidth: 50,
    textColumnWidth: 50,
    linkColor: DEFAULT_LINK_COLOR,
    excerptColor: SECTION_TEXT_COLOR_DEFAULT,
    accentColor: DEFAULT_LINK_COLOR,
    items: [],
  };
}

/** The legacy RSS block: a feed URL and how many of its items to show. */
export const RssModelSchema = z.strictObject({
  count: count,
  offset: count,
  /** The feed URL; empty shows 'Please add a valid RSS feed url.' */
  link: z.string(),
  layoutType: BlogFeedLayoutSchema,
  /**
   * The loaded items' pictures by article address: the rich text cannot carry images, so the
   * renderer puts each above the heading that links to its article (layout 'Heading, excerpt and image').
   */
  images: z.array(z.object({ link: z.string(), image: z.string() })).max(10).default([]),
});
export type RssModel = z.infer<typeof RssModelSchema>;

export function defaultRssModel(): RssModel {
  return {
    count: FEED_ITEM_COUNT_MIN,
    offset: 0,
    link: '',
    layoutType: BlogFeedLayout.headingExcerptAndImage,
    images: [],
  };
}

export const NewsModelSchema = z.strictObject({
  keyword: z.string(),
  /** 'All' means no category; a category and sources cannot be used at once. */
  category: NewsCategorySchema,
  /** Comma-separated source ids, as the news call takes them. */
  sources: z.string(),
  itemCount: count,
  layoutType: LayoutTypeSchema,
});
export type NewsModel = z.infer<typeof NewsModelSchema>;

export function defaultNewsModel(): NewsModel {
  return {
    keyword: '',
    category: 'All',
    sources: '',
    itemCount: NEWS_ITEM_COUNT_DEFAULT,
    layoutType: LayoutType.imageTopParagraphBottom,
  };
}

/** What the server reads from a page (Open Graph and meta tags). */
export const UrlPreviewSchema = z.object({
  id: z.union([z.number(), z.string()]).nullable(),
  authorName: z.string().nullable(),
  pageDescription: z.string().nullable(),
  pageImage: z.string().nullable(),
  pageTitle: z.string().nullable(),
  pageUrl: z.string(),
  pageKeywords: z.string().nullable(),
  providerName: z.string().nullable(),
  publishedTime: z.string().nullable(),
  siteName: z.string().nullable(),
});
export type UrlPreview = z.infer<typeof UrlPreviewSchema>;

/** A dynamic block has nothing beyond the section fields except its source URL. */
export const DynamicModelSchema = z.strictObject({ url: z.string() });
export type DynamicModel = z.infer<typeof DynamicModelSchema>;

/** The URL block keeps the preview it was built from, so it can be rebuilt without a fetch. */
export const UrlModelSchema = z.strictObject({ url: z.string(), preview: UrlPreviewSchema.nullable() });
export type UrlModel = z.infer<typeof UrlModelSchema>;

export function defaultDynamicModel(): DynamicModel {
  return { url: '' };
}

export function defaultUrlModel(): UrlModel {
  return { url: '', preview: null };
}
