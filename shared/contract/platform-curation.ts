import { z } from 'zod';
import { daySchema } from '../model/calendar-day';

// Payloads of the curation calls (spec 3 §3 "Curation data", §7 "Curation"): a channel's
// feeds, the aggregates (articles) read from them, the curated flag, tags and categories.
// Paths are in platform-api.ts; choices the spec leaves open are in docs/decisions.md.

/** spec 2 §5: the answer of `rss/validate` when the address is not a feed. */
export const INVALID_FEED_URL_MESSAGE = 'This url is invalid.';
/** Issue 37: a feed whose site did not answer, or answered an error, is not called invalid. */
export const FEED_UNREACHABLE_PREFIX = 'The feed could not be reached: ';
export const feedUnreachableMessage = (reason: string) => `${FEED_UNREACHABLE_PREFIX}${reason}`;
/** spec 2 §8 curation messages. */
export const FEEDS_FETCH_FAILED_MESSAGE = 'Sorry, we failed to fetch your feeds.';
export const AGGREGATES_FETCH_FAILED_MESSAGE = 'Failed to fetch aggregates. Please try again.';
export const NO_AGGREGATES_MESSAGE = 'There is no unpublished content that meets your criteria. Tweak your search and try again.';
/** spec 3 §6: tags are created at company level only. */
export const TAG_COMPANY_ONLY_MESSAGE = 'Tags can only be created at company level.';
export const FEED_ALREADY_ADDED_MESSAGE = 'This feed is already in the channel.';

/** spec 3 §9: aggregates page size default 10; tags and categories 9999, 50 when searching. */
export const AGGREGATES_PAGE_SIZE_DEFAULT = 10;
export const AGGREGATES_PAGE_SIZE_MAX = 100;
export const TAXONOMY_PRELOAD_SIZE = 9999;
export const TAXONOMY_SEARCH_PAGE_SIZE = 50;
/** Our ceiling on a tag or category list answer (the issue: "list capped at 300"). */
export const TAXONOMY_LIST_CAP = 300;
/** spec 2 §6: tag and category searches wait 500 ms after the last keystroke. */
export const TAXONOMY_SEARCH_DEBOUNCE_MS = 500;

const id = z.number().int().positive();
const pageNumber = z.coerce.number().int().min(1).max(1_000_000).default(1);
const isoDate = daySchema('Use the date format YYYY-MM-DD.');

export const FeedUrlSchema = z
  .string()
  .trim()
  .min(1, INVALID_FEED_URL_MESSAGE)
  .max(2000, INVALID_FEED_URL_MESSAGE)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, INVALID_FEED_URL_MESSAGE);

export const ValidateFeedRequestSchema = z.object({ url: FeedUrlSchema });
/** A feed's newest items as the legacy RSS block shows them (plain text; `content` is the whole item). */
export const FeedPreviewItemSchema = z.object({ title: z.string(), link: z.string(), excerpt: z.string(), content: z.string(), image: z.string() });
export type FeedPreviewItem = z.infer<typeof FeedPreviewItemSchema>;
export const FEED_PREVIEW_ITEMS_MAX = 20;

export const ValidateFeedResponseSchema = z.object({
  success: z.literal(true),
  title: z.string(),
  format: z.enum(['rss', 'atom', 'json', 'rdf']),
  /** Its first items, newest first as the feed lists them (the RSS block's Load). */
  items: z.array(FeedPreviewItemSchema).max(FEED_PREVIEW_ITEMS_MAX),
});
export type ValidateFeedResponse = z.infer<typeof ValidateFeedResponseSchema>;

export const FeedSchema = z.object({
  id,
  uniqueId: z.string(),
  url: z.string(),
  title: z.string(),
  /** When it was last read, and what went wrong then (null when it worked). */
  lastFetchedAt: z.string().nullable(),
  lastError: z.string().nullable(),
});
export type Feed = z.infer<typeof FeedSchema>;
export const FeedListResponseSchema = z.object({ items: z.array(FeedSchema) });
export const AddFeedRequestSchema = z.object({ url: FeedUrlSchema });

export const AggregateSchema = z.object({
  id,
  curated: z.boolean(),
  title: z.string(),
  author: z.string(),
  excerpt: z.string(),
  image: z.string(),
  originalUrl: z.string(),
  /** ISO instant. */
  publicationDate: z.string().nullable(),
  siteName: z.string(),
  /** The post's whole body as sanitized HTML: only when the query asked `withContent=1` (a full-content block), else ''. */
  content: z.string().default(''),
  feedId: id.nullable(),
  tags: z.array(z.object({ id, name: z.string() })),
  categories: z.array(z.object({ id, name: z.string() })),
});
export type Aggregate = z.infer<typeof AggregateSchema>;

const idList = z.array(z.coerce.number().int().positive()).max(300).default([]);
const textList = z.array(z.string().max(300)).max(300).default([]);

/** The curation screen's and the dynamic blocks' query (spec 2 §6 "Curations query"). */
export const AggregatesQuerySchema = z.object({
  keyword: z.string().trim().max(200).default(''),
  feeds: idList,
  tags: idList,
  categories: idList,
  sites: textList,
  /** Curation type codes (0 default: any article, 3 wordpress, 4 newrss); empty: any. */
  types: z.array(z.coerce.number().pipe(z.literal([0, 3, 4]))).max(3).default([]),
  /** Publication dates, inclusive, in the channel's timezone. */
  from: isoDate.optional(),
  to: isoDate.optional(),
  /** 1: curated only. */
  curated: z.coerce.number().int().min(0).max(1).default(0),
  curatedStart: isoDate.optional(),
  curatedEnd: isoDate.optional(),
  page: pageNumber,
  perPage: z.coerce.number().int().min(1).max(AGGREGATES_PAGE_SIZE_MAX).default(AGGREGATES_PAGE_SIZE_DEFAULT),
  /** Items skipped before the page (the blocks' "skip"). */
  skip: z.coerce.number().int().min(0).max(1000).default(0),
  /** 1: answer each article's whole body (`content`), which a full-content block shows; lists leave it out. */
  withContent: z.coerce.number().int().min(0).max(1).default(0),
});
export type AggregatesQuery = z.input<typeof AggregatesQuerySchema>;
export const AGGREGATES_QUERY_LISTS = ['feeds', 'tags', 'categories', 'sites', 'types'] as const;

export const AggregatesResponseSchema = z.object({ items: z.array(AggregateSchema), total: z.number().int().nonnegative() });
export type AggregatesResponse = z.infer<typeof AggregatesResponseSchema>;

export const UpdateAggregateRequestSchema = z
  .strictObject({ curated: z.boolean().optional(), tags: z.array(id).max(300).optional(), categories: z.array(id).max(300).optional() })
  .refine((body) => body.curated !== undefined || body.tags !== undefined || body.categories !== undefined, 'Nothing to change.');
export type UpdateAggregateRequest = z.infer<typeof UpdateAggregateRequestSchema>;

export const TaxonomyItemSchema = z.object({ id, name: z.string() });
export type TaxonomyItem = z.infer<typeof TaxonomyItemSchema>;
export const TaxonomyListResponseSchema = z.object({ items: z.array(TaxonomyItemSchema), total: z.number().int().nonnegative() });

/** GET curations/all-tags, all-categories, tags (spec 3 §7). */
export const TaxonomyQuerySchema = z.object({
  organization: z.string().min(1),
  channel: z.string().min(1),
  page: pageNumber,
  perPage: z.coerce.number().int().min(1).max(TAXONOMY_PRELOAD_SIZE).default(TAXONOMY_PRELOAD_SIZE),
  keyword: z.string().trim().max(200).default(''),
  includeCompanyTags: z.coerce.number().int().min(0).max(1).default(0),
});
export type TaxonomyQuery = z.input<typeof TaxonomyQuerySchema>;

export const CreateTagRequestSchema = z.object({
  organization: z.string().min(1),
  channel: z.string().min(1),
  name: z.string().trim().min(1, 'Enter a tag name.').max(100, 'A tag name has at most 100 characters.'),
});

export const SiteNamesQuerySchema = z.object({
  organization: z.string().min(1),
  channel: z.string().min(1),
  /** Curation type code (spec 2 §3: 0 default, 3 wordpress, 4 newrss): the sites of that kind's articles. */
  type: z.coerce.number().pipe(z.literal([0, 3, 4])).default(0),
});
export const SiteNamesResponseSchema = z.object({ items: z.array(z.string()) });

/** {api1}/taxonomies/{taxonomy}/terms (spec 3 §7): a channel's tags or categories by name. */
export const TAXONOMIES = ['tags', 'categories'] as const;
export type Taxonomy = (typeof TAXONOMIES)[number];
export const TaxonomyTermRequestSchema = CreateTagRequestSchema;
export const TaxonomyTermQuerySchema = z.object({ organization: z.string().min(1), channel: z.string().min(1) });
