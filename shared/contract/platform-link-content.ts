import { z } from 'zod';
import { daySchema } from '../model/calendar-day';
import { EventCategorySchema } from '../model/blocks/events';
import { UrlPreviewSchema } from '../model/blocks/feeds';
import { NewsCategorySchema } from '../model/enums';

// Payloads of the link-content calls (platformPaths: crawl, news, evvnt*, validateHtml):
// link previews, news search, Evvnt events and the organization's Evvnt token, and the
// HTML block's validation. The providers' own protocols stay on the server.

/** GET {api2}/curations/crawl?url= */
export const CrawlQuerySchema = z.object({ url: z.string().trim().min(1, 'Enter a URL.').max(2000, 'This url is invalid.') });
export const CrawlResponseSchema = UrlPreviewSchema;

/** GET channels/{channelSlug}/letters/news: the spec's query (type, page, count, keyword, category, sources). */
export const NewsQuerySchema = z.object({
  type: z.enum(['articles', 'sources']).default('articles'),
  page: z.coerce.number().int().min(1).max(100).default(1),
  count: z.coerce.number().int().min(1).max(100).default(10),
  keyword: z.string().trim().max(500).default(''),
  category: NewsCategorySchema.default('All'),
  sources: z.string().trim().max(1000).default(''),
});
export type NewsQuery = z.infer<typeof NewsQuerySchema>;

export const NewsArticleSchema = z.object({
  title: z.string(),
  description: z.string(),
  url: z.string(),
  image: z.string().nullable(),
  author: z.string().nullable(),
  publishedAt: z.string().nullable(),
  sourceName: z.string().nullable(),
});
export const NewsArticlesResponseSchema = z.object({ items: z.array(NewsArticleSchema) });
export type NewsArticlesResponse = z.infer<typeof NewsArticlesResponseSchema>;
export const NewsSourceSchema = z.object({ id: z.string(), name: z.string() });
export const NewsSourcesResponseSchema = z.object({ items: z.array(NewsSourceSchema) });
export type NewsSourcesResponse = z.infer<typeof NewsSourcesResponseSchema>;

/** The organization's Evvnt token as the platform shows it back: never whole. */
export const EvvntIntegrationSchema = z.object({
  kind: z.literal('evvnt'),
  configured: z.boolean(),
  /** The token's last four characters, for recognising it; null when none is stored. */
  tokenEnding: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type EvvntIntegration = z.infer<typeof EvvntIntegrationSchema>;
export const SaveEvvntIntegrationSchema = z.object({
  token: z.string().trim().min(1, 'Enter your Evvnt token.').max(500, 'An Evvnt token has no more than 500 characters.').regex(/^\S+$/, 'An Evvnt token has no spaces.'),
});
export type SaveEvvntIntegration = z.infer<typeof SaveEvvntIntegrationSchema>;

export const EventCategoriesResponseSchema = z.object({ items: z.array(EventCategorySchema) });
export type EventCategoriesResponse = z.infer<typeof EventCategoriesResponseSchema>;

const ymd = daySchema('Use the format YYYY-MM-DD');
export const EventsQuerySchema = z.object({
  /** Category slugs, comma-separated. */
  categories: z.string().trim().min(1, 'Choose at least one category.'),
  from: ymd,
  to: ymd,
  limit: z.coerce.number().int().min(1).max(100).default(100),
});
export type EventsQuery = z.infer<typeof EventsQuerySchema>;
export const ProviderEventSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  startsAt: z.string(),
  price: z.string(),
  venue: z.string(),
  link: z.string(),
});
export const EventsResponseSchema = z.object({
  items: z.array(ProviderEventSchema),
  /** The channel's IANA timezone: the cards are dated on its clock. */
  timezone: z.string(),
});
export type EventsResponse = z.infer<typeof EventsResponseSchema>;

/** POST contents/validate/html */
export const ValidateHtmlRequestSchema = z.object({
  organization: z.string().trim().min(1).optional(),
  channel: z.string().trim().min(1).optional(),
  html: z.string().max(512 * 1024, 'An HTML block holds no more than 512 KB.'),
});
export type ValidateHtmlRequest = z.infer<typeof ValidateHtmlRequestSchema>;
export const ValidateHtmlResponseSchema = z.object({
  isValid: z.boolean(),
  originalHtml: z.string(),
  errors: z.array(z.string()),
});
export type ValidateHtmlResponse = z.infer<typeof ValidateHtmlResponseSchema>;
