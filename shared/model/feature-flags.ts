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
