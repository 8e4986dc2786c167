import { z } from 'zod';
import { EventCategorySchema, EventItemSchema } from '../model/blocks/events';
import { UrlPreviewSchema } from '../model/blocks/feeds';
import { NewsCategorySchema } from '../model/enums';
import { EVENTS_TOTAL_MAX } from '../model/constants';
import { EvvntIntegrationSchema, NewsArticleSchema, NewsSourceSchema, SaveEvvntIntegrationSchema } from './platform-link-content';

// The bridge channels of the link-content blocks (`linkContent.*`) and the integrations
// settings page (`integrations.*`). Each needs the platform; offline they fail with the
// code `offline` and a sentence saying so, and change nothing.

const placement = {
  brandSlug: z.string().trim().min(1, 'Choose an organization'),
  channelSlug: z.string().trim().min(1, 'Choose a channel'),
};

/** Evvnt answers with `invalidToken` (403/404, or no token stored) rather than an error: the block shows a notice. */
const EvvntAnswer = { invalidToken: z.boolean() };

export const linkContentChannels = {
  /** A page's url preview record (platform `curations/crawl`). */
  'linkContent.crawl': { input: z.object({ url: z.string().trim().min(1).max(2000) }), output: UrlPreviewSchema },
  /** Articles for a news block. */
  'linkContent.news': {
    input: z.object({
      channelSlug: placement.channelSlug,
      keyword: z.string().max(500),
      category: NewsCategorySchema,
      sources: z.string().max(1000),
      count: z.number().int().min(1).max(100),
    }),
    output: z.object({ items: z.array(NewsArticleSchema) }),
  },
  /** The news sources a news block can choose (of a category, or all). */
  'linkContent.newsSources': {
    input: z.object({ channelSlug: placement.channelSlug, category: NewsCategorySchema }),
    output: z.object({ items: z.array(NewsSourceSchema) }),
  },
  'linkContent.eventCategories': {
    input: z.object(placement),
    output: z.object({ items: z.array(EventCategorySchema), ...EvvntAnswer }),
  },
  /** Loaded events as the block's cards, on the channel's clock (spec 2 §4, §5). */
  'linkContent.events': {
    input: z.object({
      ...placement,
      categories: z.array(z.string().min(1)).min(1, 'Choose at least one category.').max(100),
      countPerDay: z.number().int().min(1).max(EVENTS_TOTAL_MAX),
      daysToDisplay: z.number().int().min(1).max(28),
      includeCurrentDate: z.boolean(),
      callToAction: z.string().max(200),
    }),
    output: z.object({ items: z.array(EventItemSchema), ...EvvntAnswer }),
  },
  /** The platform's verdict on an HTML block's markup. */
  'linkContent.validateHtml': {
    input: z.object({ ...placement, html: z.string().max(512 * 1024) }),
    output: z.object({ isValid: z.boolean(), errors: z.array(z.string()) }),
  },
  /** The organization's Evvnt token, shown by its ending only. */
  'integrations.getEvvnt': { input: z.object({ brandSlug: placement.brandSlug }), output: EvvntIntegrationSchema },
  'integrations.saveEvvnt': { input: z.object({ brandSlug: placement.brandSlug, token: SaveEvvntIntegrationSchema.shape.token }), output: EvvntIntegrationSchema },
  'integrations.removeEvvnt': { input: z.object({ brandSlug: placement.brandSlug }), output: EvvntIntegrationSchema },
} as const;
