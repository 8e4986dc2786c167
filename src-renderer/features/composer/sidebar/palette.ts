import type { BlockType, LayoutType, Section } from '../../../../shared/model';
import type { FeatureFlagName } from '../../../../shared/model/feature-flags';

// The Blocks tab's palette (spec 2 §1) and who sees which item. Gating is a pure function
// of the letter's provider and the flags, so it can be tested without rendering.

export type PaletteGroup = 'CREATE' | 'DYNAMIC CONTENT' | 'LAYOUTS' | 'INTEGRATIONS';
export const PALETTE_GROUPS: readonly PaletteGroup[] = ['CREATE', 'DYNAMIC CONTENT', 'LAYOUTS', 'INTEGRATIONS'];

export interface PaletteItem {
  /** The palette name, which is also the button's accessible name. */
  name: string;
  group: PaletteGroup;
  type: BlockType;
  /** For layout presets: the layout the section starts with. */
  layoutType?: LayoutType;
  /** Shown only when this flag is on. */
  flag?: FeatureFlagName;
  /** Shown only for letters sent through this email service provider. */
  esp?: number;
}

/** Iterable's provider id (spec 1). */
export const ESP_ITERABLE = 1;

export const PALETTE = [
  { name: 'Heading', group: 'CREATE', type: 'heading' },
  { name: 'Paragraph', group: 'CREATE', type: 'paragraph' },
  { name: 'Button', group: 'CREATE', type: 'button' },
  { name: 'Blockquote', group: 'CREATE', type: 'blockquote' },
  { name: 'Divider', group: 'CREATE', type: 'divider' },
  { name: 'HTML', group: 'CREATE', type: 'html' },
  { name: 'Image', group: 'CREATE', type: 'image' },
  { name: 'Logo', group: 'CREATE', type: 'logo' },
  { name: 'Profiles', group: 'CREATE', type: 'profile' },
  { name: 'Share', group: 'CREATE', type: 'share' },
  { name: 'YouTube', group: 'CREATE', type: 'youtube' },
  { name: 'Poll', group: 'CREATE', type: 'poll', flag: 'composerPollBlock' },
  { name: 'Curations', group: 'DYNAMIC CONTENT', type: 'curation' },
  { name: 'Promotion', group: 'DYNAMIC CONTENT', type: 'newpromotion' },
  { name: 'RSS', group: 'DYNAMIC CONTENT', type: 'newrss' },
  { name: 'RSS (Legacy)', group: 'DYNAMIC CONTENT', type: 'rss' },
  { name: 'URL', group: 'DYNAMIC CONTENT', type: 'dynamic' },
  { name: 'Image + Text', group: 'LAYOUTS', type: 'layout', layoutType: 1 },
  { name: 'Text + Image', group: 'LAYOUTS', type: 'layout', layoutType: 2 },
  { name: 'Image + Image', group: 'LAYOUTS', type: 'layout', layoutType: 3 },
  { name: 'Text + Text', group: 'LAYOUTS', type: 'layout', layoutType: 4 },
  { name: 'Image + Text columns', group: 'LAYOUTS', type: 'layout', layoutType: 7, flag: 'imageTextColumnsLayout' },
  { name: 'Evvnt', group: 'INTEGRATIONS', type: 'evvnt', flag: 'eventsBlock' },
  { name: 'RevContent', group: 'INTEGRATIONS', type: 'revContent' },
  { name: 'Iterable', group: 'INTEGRATIONS', type: 'iterable', esp: ESP_ITERABLE },
] as const satisfies readonly PaletteItem[];

export function paletteFor(letter: { esp: number }, isOn: (flag: FeatureFlagName) => boolean): PaletteItem[] {
  return (PALETTE as readonly PaletteItem[]).filter((item) => (item.flag === undefined || isOn(item.flag)) && (item.esp === undefined || item.esp === letter.esp));
}

/** Spec 1 §4 and spec 2 §1: the Promotion item's tooltip once every zone holds a promotion. */
export const ALL_PROMOTIONS_ADDED = 'all promotions added';

/** Promotion blocks placed in the letter, nested ones too: each takes one zone. */
export function placedPromotions(sections: readonly Section[]): number {
  return sections.reduce((count, section) => count + (section.type === 'newpromotion' ? 1 : 0) + placedPromotions(section.blocks), 0);
}

/**
 * Why an item cannot be added now (the tooltip to show), or null when it can. The
 * Promotion item is refused once placed promotions reach the available zones; with
 * `availableZones` null (not known yet) nothing is refused.
 */
export function paletteItemRefusal(item: PaletteItem, placed: number, availableZones: number | null): string | null {
  if (item.type === 'newpromotion' && availableZones !== null && placed >= availableZones) return ALL_PROMOTIONS_ADDED;
  return null;
}
