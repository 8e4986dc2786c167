import { z } from 'zod';

// The enumerations of spec 2 §3 (and the poll codes of spec 3). String enums are kept as
// the spec spells the values, because stored letters carry those strings.

// --- Layout types -----------------------------------------------------------------------
export const LayoutType = {
  imageLeftParagraphRight: 1,
  paragraphLeftImageRight: 2,
  imagesSideBySide: 3,
  paragraphsSideBySide: 4,
  /** Image on top, paragraph below, in one column. */
  imageTopParagraphBottom: 5,
  paragraphOnly: 6,
  imageAndParagraphColumns: 7,
  /** WordPress full content. */
  fullContent: 8,
} as const;
export const LAYOUT_TYPES = [1, 2, 3, 4, 5, 6, 7, 8] as const;
export const LayoutTypeSchema = z.literal(LAYOUT_TYPES);
export type LayoutType = z.infer<typeof LayoutTypeSchema>;

/** Layouts of a blog-feed (RSS) block; a different numbering from LayoutType. */
export const BlogFeedLayout = { fullContent: 0, headingAndExcerpt: 1, headingExcerptAndImage: 2 } as const;
export const BLOG_FEED_LAYOUTS = [0, 1, 2] as const;
export const BlogFeedLayoutSchema = z.literal(BLOG_FEED_LAYOUTS);
export type BlogFeedLayout = z.infer<typeof BlogFeedLayoutSchema>;

// --- Images -----------------------------------------------------------------------------
export const CROP_OPTIONS = ['original', 'circle', 'square', 'horizontalRectangle', 'verticalRectangle'] as const;
export const CropOptionSchema = z.enum(CROP_OPTIONS);
export type CropOption = z.infer<typeof CropOptionSchema>;

export interface CropPreset {
  width: number;
  height: number;
  /** Corner radius as a percent of the side; 50 makes a circle. */
  radiusPercent: number;
}
/** `original` keeps the uploaded image as it is, so it has no preset. */
export const CROP_PRESETS: Record<CropOption, CropPreset | null> = {
  original: null,
  square: { width: 600, height: 600, radiusPercent: 0 },
  horizontalRectangle: { width: 800, height: 600, radiusPercent: 0 },
  verticalRectangle: { width: 600, height: 800, radiusPercent: 0 },
  circle: { width: 600, height: 600, radiusPercent: 50 },
};

export const CROP_OPTION_LABELS: Record<CropOption, string> = {
  original: 'Original',
  circle: 'Circle',
  square: 'Square',
  horizontalRectangle: 'Horizontal rectangle (4:3)',
  verticalRectangle: 'Vertical rectangle (3:4)',
};

// --- Social -----------------------------------------------------------------------------
export const SOCIAL_NETWORKS = [
  'facebook',
  'instagram',
  'linkedin',
  'pinterest',
  'reddit',
  'youtube',
  'tiktok',
  'snapchat',
  'x',
] as const;
export const SocialNetworkSchema = z.enum(SOCIAL_NETWORKS);
export type SocialNetwork = z.infer<typeof SocialNetworkSchema>;

export const SHARE_NETWORKS = ['whatsapp', 'x', 'facebook', 'reddit', 'linkedin'] as const;
export const ShareNetworkSchema = z.enum(SHARE_NETWORKS);
export type ShareNetwork = z.infer<typeof ShareNetworkSchema>;

export const NETWORK_LABELS: Record<SocialNetwork | ShareNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  pinterest: 'Pinterest',
  reddit: 'Reddit',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  x: 'X (Twitter)',
  whatsapp: 'WhatsApp',
};

export const ICON_COLOR_SETS = ['origin', 'black', 'dark_gray', 'light_gray', 'white'] as const;
export const IconColorSetSchema = z.enum(ICON_COLOR_SETS);
export type IconColorSet = z.infer<typeof IconColorSetSchema>;

export const SocialDisplay = { iconsOnly: 0, textOnly: 1 } as const;
export const SocialDisplaySchema = z.literal([0, 1]);
export type SocialDisplay = z.infer<typeof SocialDisplaySchema>;

// --- Alignment and lines ----------------------------------------------------------------
export const ALIGNMENTS = ['left', 'center', 'right'] as const;
export const AlignmentSchema = z.enum(ALIGNMENTS);
export type Alignment = z.infer<typeof AlignmentSchema>;

/** Images and poll buttons can also fill the width (spec 2 §4). */
export const BLOCK_ALIGNMENTS = [...ALIGNMENTS, 'full width'] as const;
export const BlockAlignmentSchema = z.enum(BLOCK_ALIGNMENTS);
export type BlockAlignment = z.infer<typeof BlockAlignmentSchema>;

/** Divider styles and border styles are the same list. */
export const LINE_STYLES = ['solid', 'dashed', 'dotted'] as const;
export const LineStyleSchema = z.enum(LINE_STYLES);
export type LineStyle = z.infer<typeof LineStyleSchema>;

export const HEADING_TYPES = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'] as const;
export const HeadingTypeSchema = z.enum(HEADING_TYPES);
export type HeadingType = z.infer<typeof HeadingTypeSchema>;

// --- News and curation -------------------------------------------------------------------
export const NEWS_CATEGORIES = [
  'All',
  'business',
  'entertainment',
  'general',
  'health',
  'science',
  'sports',
  'technology',
] as const;
export const NewsCategorySchema = z.enum(NEWS_CATEGORIES);
export type NewsCategory = z.infer<typeof NewsCategorySchema>;

/** Curation type codes used to look up site names. */
export const CurationType = { default: 0, wordpress: 3, newrss: 4 } as const;
export const CurationTypeSchema = z.literal([0, 3, 4]);
export type CurationType = z.infer<typeof CurationTypeSchema>;

// --- Events, footer, polls ---------------------------------------------------------------
export const EventsLayout = { oneColumn: 0, twoColumns: 1 } as const;
export const EventsLayoutSchema = z.literal([0, 1]);
export type EventsLayout = z.infer<typeof EventsLayoutSchema>;

/** 'sp' is Spanish, as stored letters spell it. */
export const FOOTER_LANGUAGES = ['en', 'sp'] as const;
export const FooterLanguageSchema = z.enum(FOOTER_LANGUAGES);
export type FooterLanguage = z.infer<typeof FooterLanguageSchema>;

export const PollType = { singleSelection: 1, quiz: 2, feedbackScale: 3 } as const;
export const PollTypeSchema = z.literal([1, 2, 3]);
export type PollType = z.infer<typeof PollTypeSchema>;

export const PollOrigin = { organization: 1, template: 2, letter: 3 } as const;
export const PollOriginSchema = z.literal([1, 2, 3]);
export type PollOrigin = z.infer<typeof PollOriginSchema>;
