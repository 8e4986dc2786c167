import { z } from 'zod';
import {
  AggregateSchema,
  AggregatesQuerySchema,
  AggregatesResponseSchema,
  FeedListResponseSchema,
  FeedSchema,
  FeedUrlSchema,
  SiteNamesResponseSchema,
  TaxonomyItemSchema,
  TaxonomyListResponseSchema,
  ValidateFeedResponseSchema,
} from './platform-curation';

// The bridge channels of the curation screen and the curation blocks (`curation.*` in
// bridge.ts). Everything but the heart needs the platform; the heart is kept on this
// computer first and sent when the platform answers (handlers/curation.ts).

const placement = {
  brandSlug: z.string().trim().min(1, 'Choose an organization'),
  channelSlug: z.string().trim().min(1, 'Choose a channel'),
};
const Placement = z.object(placement);

/** The query as the screen and blocks send it (lists as arrays, dates YYYY-MM-DD). */
export const CurationQuerySchema = AggregatesQuerySchema.partial();
export type CurationQuery = z.input<typeof CurationQuerySchema>;

export const curationChannels = {
  'curation.feeds': { input: Placement, output: FeedListResponseSchema },
  /** `rss/validate`: 'This url is invalid.' (code invalid_input) when the address is not a feed. */
  'curation.validateFeed': { input: z.object({ url: FeedUrlSchema }), output: ValidateFeedResponseSchema },
  'curation.addFeed': { input: Placement.extend({ url: FeedUrlSchema }), output: FeedSchema },
  'curation.deleteFeed': { input: Placement.extend({ id: z.number().int().positive() }), output: z.object({ id: z.number() }) },
  /**
   * A page of the channel's aggregates. Hearts not yet saved are shown as the editor set
   * them; `pendingCurated` counts them.
   */
  'curation.aggregates': {
    input: Placement.extend({ query: CurationQuerySchema }),
    output: AggregatesResponseSchema.extend({ pendingCurated: z.number().int().nonnegative() }),
  },
  /** The heart: kept here at once, saved on the platform now or when it can be reached. */
  'curation.setCurated': {
    input: Placement.extend({ id: z.number().int().positive(), curated: z.boolean() }),
    output: z.object({ id: z.number(), curated: z.boolean(), saved: z.boolean() }),
  },
  'curation.setTags': {
    input: Placement.extend({ id: z.number().int().positive(), tags: z.array(z.number().int().positive()).max(300) }),
    output: AggregateSchema,
  },
  'curation.tags': {
    input: Placement.extend({ keyword: z.string().max(200).default(''), includeCompanyTags: z.boolean().default(true) }),
    output: TaxonomyListResponseSchema,
  },
  'curation.categories': { input: Placement.extend({ keyword: z.string().max(200).default('') }), output: TaxonomyListResponseSchema },
  /** `type`: a curation type code (0 default: every article, 3 wordpress, 4 newrss). */
  'curation.siteNames': { input: Placement.extend({ type: z.literal([0, 3, 4]).optional() }), output: SiteNamesResponseSchema },
  /** A company tag (spec 3 §6: tags are created at company level only; elsewhere the platform refuses). */
  'curation.createTag': {
    input: Placement.extend({ name: z.string().trim().min(1, 'Enter a tag name.').max(100, 'A tag name has at most 100 characters.') }),
    output: TaxonomyItemSchema,
  },
} as const;
