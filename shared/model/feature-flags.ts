// Remote feature flags (spec 1 §6, spec 2 §6): every flag is off unless the platform says
// otherwise. A flag is set per tenant, brand or channel; the most specific setting wins,
// which is how the spec's "by brand id list" and "by channel id list" flags are expressed.

export const FEATURE_FLAGS = {
  /** Poll creation and the polls block. */
  composerPollBlock: 'composerPollBlock',
  /** AI suffix on subjects. */
  subjectGenerator: 'subjectGenerator',
  /** The UTM tracking control. */
  utmTracking: 'utmTracking',
  /** The events block; set per brand. */
  eventsBlock: 'eventsBlock',
  /** Spanish footer language; set per channel. */
  spanishFooter: 'spanishFooter',
  /** The Image + Text columns layout; set per brand. */
  imageTextColumnsLayout: 'imageTextColumnsLayout',
  /** Filtering curation by IAB categories (spec 2 §6). */
  iabCategoriesFilter: 'iabCategoriesFilter',
  /** Global curation tags (spec 2 §6); usually set per tenant. */
  globalCurationTags: 'globalCurationTags',
} as const;

export type FeatureFlagName = (typeof FEATURE_FLAGS)[keyof typeof FEATURE_FLAGS];

/**
 * Flags the spec gates by a list of brand ids (spec 2 §1: the events block and the
 * 'Image + Text columns' preset): set for a brand (or a whole tenant), never for one
 * channel, so every channel of a brand has the same palette.
 */
export const BRAND_FLAGS: readonly FeatureFlagName[] = [FEATURE_FLAGS.eventsBlock, FEATURE_FLAGS.imageTextColumnsLayout];

export function isBrandFlag(name: FeatureFlagName): boolean {
  return BRAND_FLAGS.includes(name);
}

export const FEATURE_FLAG_NAMES = Object.values(FEATURE_FLAGS) as [FeatureFlagName, ...FeatureFlagName[]];

export function isFeatureFlagName(name: string): name is FeatureFlagName {
  return (FEATURE_FLAG_NAMES as string[]).includes(name);
}

/** How the Features section of Settings names each flag (the spec's words for it). */
export const FEATURE_FLAG_DETAILS: Record<FeatureFlagName, { label: string; description: string }> = {
  composerPollBlock: { label: 'Polls', description: 'The Polls screen and the Poll block in letters.' },
  subjectGenerator: { label: 'Subject generator', description: 'Suggested subjects and preview texts at the schedule step.' },
  utmTracking: { label: 'UTM tracking', description: "UTM parameters on a letter's links, set at the schedule step." },
  eventsBlock: { label: 'Events block', description: 'The Evvnt events block in the composer (needs an Evvnt token under Integrations).' },
  spanishFooter: { label: 'Spanish footer', description: 'Spanish as a language of the footer block.' },
  imageTextColumnsLayout: { label: 'Image + Text columns layout', description: 'The Image + Text columns layout in the composer.' },
  iabCategoriesFilter: { label: 'IAB categories filter', description: 'Filtering curated articles by IAB category.' },
  globalCurationTags: {
    label: 'Global curation tags',
    description: "The company's curation tags in every channel; with no source chosen, a curation block filters by feed title only.",
  },
};

/**
 * The flags a new organization starts with on (issue 37): every feature that works on its
 * own. Global curation tags stay off: they change how curation filters rather than add a
 * feature, which is the organization's choice.
 */
export const DEFAULT_ON_FEATURE_FLAGS: readonly FeatureFlagName[] = FEATURE_FLAG_NAMES.filter((name) => name !== FEATURE_FLAGS.globalCurationTags);
