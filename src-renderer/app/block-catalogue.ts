import type { BlockType, Section } from '../../shared/model';
import type { FeatureFlagName } from '../../shared/model/feature-flags';
import type { BlockKind, BlockKinds, PaletteItem } from '../block-kit/block-kind';
import {
  blockquoteKind,
  buttonKind,
  dividerKind,
  footerKind,
  headingKind,
  imageKind,
  iterableKind,
  layoutKind,
  logoKind,
  paragraphKind,
  profileKind,
  revContentKind,
  shareKind,
  youtubeKind,
} from '../features/basic-blocks/basic-block-kinds';
import { curationKind, feedKind, legacyRssKind, wordpressKind } from '../features/curation/curation-block-kinds';
import { eventsKind, htmlKind, legacyUrlKind, newsKind, urlKind } from '../features/link-content/link-content-block-kinds';
import { pollKind } from '../features/polls/poll-block-kind';
import { promotionTypeKind, promotionZoneKind } from '../features/promotions/promotion-block-kinds';
import { useKnownZones } from '../features/promotions/use-available-zones';

// Every block kind the composer offers, from the features that own them. The composer reads
// this catalogue and imports no feature. The order here is the palette's order within each
// group (spec 2 §1); kinds without palette buttons are those only older letters hold.

export const BLOCK_KINDS: BlockKinds = {
  heading: headingKind,
  paragraph: paragraphKind,
  button: buttonKind,
  blockquote: blockquoteKind,
  divider: dividerKind,
  html: htmlKind,
  image: imageKind,
  logo: logoKind,
  profile: profileKind,
  share: shareKind,
  youtube: youtubeKind,
  poll: pollKind,
  curation: curationKind,
  newpromotion: promotionZoneKind,
  newrss: feedKind,
  rss: legacyRssKind,
  dynamic: urlKind,
  layout: layoutKind,
  evvnt: eventsKind,
  revContent: revContentKind,
  iterable: iterableKind,
  footer: footerKind,
  promotion: promotionTypeKind,
  url: legacyUrlKind,
  wordpress: wordpressKind,
  news: newsKind,
};

/** The kind of a block type, widened once here: TypeScript cannot follow the pairing through a union-typed lookup. */
export function blockKindOf(type: BlockType): BlockKind<BlockType> {
  return BLOCK_KINDS[type] as unknown as BlockKind<BlockType>;
}

/** Every palette button, in palette order. */
export const PALETTE: readonly PaletteItem[] = (Object.values(BLOCK_KINDS) as BlockKinds[BlockType][]).flatMap((kind) =>
  (kind.palette ?? []).map((entry): PaletteItem => ({ ...entry, type: kind.type })),
);

/** The buttons a letter's palette shows: those of its provider, with their flags on. */
export function paletteFor(letter: { esp: number }, isOn: (flag: FeatureFlagName) => boolean): PaletteItem[] {
  return PALETTE.filter((item) => (item.flag === undefined || isOn(item.flag)) && (item.esp === undefined || item.esp === letter.esp));
}

/**
 * How many blocks of a kind a letter may hold, for the kinds that are limited: promotion
 * zones, one per zone the organization's letters offer. null while not known (offline),
 * which refuses nothing.
 */
export function useAddLimits(brandSlug: string): Partial<Record<BlockType, number | null>> {
  return { newpromotion: useKnownZones(brandSlug) };
}

/** Blocks of a type in the letter, nested ones too. */
export function placedCount(sections: readonly Section[], type: BlockType): number {
  return sections.reduce((count, section) => count + (section.type === type ? 1 : 0) + placedCount(section.blocks, type), 0);
}

/** Why an item cannot be added now (the tooltip to show), or null when it can. */
export function paletteItemRefusal(item: PaletteItem, placed: number, limit: number | null | undefined): string | null {
  if (limit === null || limit === undefined || placed < limit) return null;
  return BLOCK_KINDS[item.type].limitReached ?? null;
}
