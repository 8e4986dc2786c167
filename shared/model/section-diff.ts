import { sameValue } from './same-value';
import type { Section } from './section';

// What differs between a letter's older version and its current one (issue 35's history),
// section by section, matched by the sections' unique ids.

export type SectionChange = 'added' | 'removed' | 'changed';

export interface SectionDifference {
  uniqueId: string;
  type: Section['type'];
  /** Seen from the older version: 'added' is in the current one only, 'removed' in the older one only. */
  change: SectionChange;
  /** Its place in the version it is in (the current one, or the older one when removed). */
  index: number;
}

/** The sections that differ, in the current version's order, each removed one after its older neighbour. */
export function diffSections(older: readonly Section[], current: readonly Section[]): SectionDifference[] {
  const olderById = new Map(older.map((s, index) => [s.uniqueId, { section: s, index }]));
  const currentIds = new Set(current.map((s) => s.uniqueId));
  const differences: SectionDifference[] = [];
  current.forEach((section, index) => {
    const before = olderById.get(section.uniqueId);
    if (!before) differences.push({ uniqueId: section.uniqueId, type: section.type, change: 'added', index });
    else if (!sameValue(before.section, section)) differences.push({ uniqueId: section.uniqueId, type: section.type, change: 'changed', index });
  });
  older.forEach((section, index) => {
    if (!currentIds.has(section.uniqueId)) differences.push({ uniqueId: section.uniqueId, type: section.type, change: 'removed', index });
  });
  return differences;
}
