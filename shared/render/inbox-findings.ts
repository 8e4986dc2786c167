import type { Section } from '../model';
import { BLOCK_NAMES } from '../model/block-names';
import { CLIENT_FAMILIES, CLIENT_FAMILY_IDS, covering } from './inbox-compatibility';
import type { ClientFamily, FeatureUse } from './inbox-compatibility';

// The schedule step's inbox compatibility: per mail client family, what of this letter
// will not show as designed, block by block. The same caniemail data and the same rule as
// the letter-wide check (inbox-compatibility.ts, docs/decisions.md "What readers see"):
// only inline uses count (`<style>` rules are enhancements), and a covered use is no
// finding. Covering is judged per block here, so a block that only asks for square corners
// (border-radius:0) is not named because another block rounds its corners.

/** A top-level section as the composer names it to the editor. */
export interface BlockRef {
  uniqueId: string;
  /** The composer's name for its type (BLOCK_NAMES: the palette's name where there is one). */
  name: string;
  /** 1 for the letter's first section, as the canvas shows them. */
  position: number;
}

export interface InboxFeatureFinding {
  /** caniemail's title of the feature, e.g. `border-radius`. */
  feature: string;
  /** What readers of the family see instead, in plain words, when we know it. */
  effect: string | null;
  /** The family's clients that lack it, by name; empty when every client of the family does. */
  clients: string[];
}

export interface BlockFindings {
  /** Null for the letter's own frame (wrapper, preheader, 'View in browser' line). */
  block: BlockRef | null;
  features: InboxFeatureFinding[];
}

export interface FamilyFindings {
  family: ClientFamily;
  label: string;
  /** In letter order, the frame first; empty when the letter shows as designed there. */
  blocks: BlockFindings[];
}

/** The caniemail clients of CLIENT_FAMILIES by a name an editor knows, within their family. */
export const CLIENT_NAMES: Record<string, string> = {
  'gmail.desktop-webmail': 'web',
  'gmail.ios': 'iOS app',
  'gmail.android': 'Android app',
  'gmail.mobile-webmail': 'mobile web',
  'apple-mail.macos': 'Mac',
  'apple-mail.ios': 'iPhone and iPad',
  'outlook.windows': 'Windows',
  'outlook.windows-mail': 'Windows Mail',
  'outlook.macos': 'Mac',
  'outlook.ios': 'iOS',
  'outlook.android': 'Android',
  'yahoo.desktop-webmail': 'web',
  'yahoo.ios': 'iOS app',
  'yahoo.android': 'Android app',
  'aol.desktop-webmail': 'web',
  'aol.ios': 'iOS app',
  'aol.android': 'Android app',
  'samsung-email.android': 'Android',
};

/**
 * What a reader sees when the client drops the feature, for the features letters' blocks
 * write (and an HTML block may): caniemail only names the feature.
 */
export const FEATURE_EFFECTS: Record<string, string> = {
  'border-radius': 'corners show square',
  'background-image': 'the background image is not shown',
  background: 'the background is not shown',
  'table-layout': 'columns may take other widths',
  'max-width': 'the width is not limited',
  'display:flex': 'items stack instead of sitting side by side',
  'display:grid': 'items stack instead of sitting side by side',
  position: 'the element is not placed where designed',
  '<video> element': 'the video is not shown',
  'Embedded <svg> image': 'the image is not shown',
  '@font-face': 'a fallback font is used',
  'box-shadow': 'no shadow',
  'linear-gradient()': 'no gradient',
  'radial-gradient()': 'no gradient',
};

/** The HTML a finding can come from: the frame, or one top-level section. */
export interface UsesOf {
  /** Null for the frame. */
  uniqueId: string | null;
  uses: readonly FeatureUse[];
}

/** Each top-level section as the composer names it, by uniqueId. */
export function blockRefs(sections: readonly Pick<Section, 'uniqueId' | 'type'>[]): Map<string, BlockRef> {
  return new Map(sections.map((section, index) => [section.uniqueId, { uniqueId: section.uniqueId, name: BLOCK_NAMES[section.type], position: index + 1 }]));
}

function findingsOf(family: ClientFamily, unit: UsesOf): InboxFeatureFinding[] {
  const clients: readonly string[] = CLIENT_FAMILIES[family].clients;
  const byFeature = new Map<string, FeatureUse[]>();
  for (const use of unit.uses) {
    if (use.inStyle || !clients.includes(use.client)) continue;
    byFeature.set(use.feature, [...(byFeature.get(use.feature) ?? []), use]);
  }
  const findings: InboxFeatureFinding[] = [];
  for (const [feature, found] of byFeature) {
    const declarations = [...new Set(found.map((use) => use.declaration).filter((d): d is string => d !== null))];
    if (covering(feature, declarations, unit.uniqueId === null ? [] : [unit.uniqueId])) continue;
    const lacking = new Set(found.map((use) => use.client));
    findings.push({
      feature,
      effect: FEATURE_EFFECTS[feature] ?? null,
      clients: lacking.size === clients.length ? [] : clients.filter((client) => lacking.has(client)).map((client) => CLIENT_NAMES[client] ?? client),
    });
  }
  return findings.sort((a, b) => a.feature.localeCompare(b.feature));
}

/**
 * Per family, the blocks (and the frame) using a feature the family lacks. `units` are the
 * frame's uses and each section's, in letter order; `blocks` names the sections.
 */
export function inboxFindings(units: readonly UsesOf[], blocks: ReadonlyMap<string, BlockRef>, families: readonly ClientFamily[] = CLIENT_FAMILY_IDS): FamilyFindings[] {
  return families.map((family) => ({
    family,
    label: CLIENT_FAMILIES[family].label,
    blocks: units.flatMap((unit): BlockFindings[] => {
      const features = findingsOf(family, unit);
      if (features.length === 0) return [];
      const block = unit.uniqueId === null ? null : (blocks.get(unit.uniqueId) ?? null);
      // A section the letter no longer has cannot be named; the frame is the only null.
      if (unit.uniqueId !== null && block === null) return [];
      return [{ block, features }];
    }),
  }));
}
