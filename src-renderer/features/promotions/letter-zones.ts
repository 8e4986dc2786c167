import type { Section } from '../../../shared/model';

/** The zones a letter's zone blocks use, nested blocks included (0, none chosen, is left out). */
export function letterZones(sections: readonly Section[]): number[] {
  return sections.flatMap((section) => [
    ...(section.type === 'newpromotion' && section.blockModel.zone > 0 ? [section.blockModel.zone] : []),
    ...letterZones(section.blocks),
  ]);
}

/** The sections of a stored letter's blocks text; none when it cannot be read. */
export function sectionsOf(blocks: string): Section[] {
  try {
    const parsed: unknown = JSON.parse(blocks || '[]');
    return Array.isArray(parsed) ? (parsed as Section[]).filter((s) => typeof s === 'object' && s !== null && Array.isArray(s.blocks)) : [];
  } catch {
    return [];
  }
}
