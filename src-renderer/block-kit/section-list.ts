import type { Section } from '../../shared/model';

// Pure edits of a letter's top-level section list. The footer is always last: nothing is
// inserted or moved below it, and it is never removed or cloned.

export function footerIndex(sections: readonly Section[]): number {
  return sections.findIndex((s) => s.type === 'footer');
}

/** The last index a non-footer section may take (sections.length when there is no footer). */
function insertLimit(sections: readonly Section[]): number {
  const footer = footerIndex(sections);
  return footer === -1 ? sections.length : footer;
}

/** Inserts at `index`, or after `afterId`, or at the end before the footer. */
export function insertSection(sections: readonly Section[], section: Section, at: { index?: number; afterId?: string | null }): Section[] {
  const limit = insertLimit(sections);
  let index = limit;
  if (at.index !== undefined) index = at.index;
  else if (at.afterId) {
    const after = sections.findIndex((s) => s.uniqueId === at.afterId);
    if (after !== -1) index = after + 1;
  }
  index = Math.max(0, Math.min(index, limit));
  return [...sections.slice(0, index), section, ...sections.slice(index)];
}

export function moveSection(sections: readonly Section[], id: string, toIndex: number): Section[] {
  const from = sections.findIndex((s) => s.uniqueId === id);
  const moving = sections[from];
  if (!moving || moving.type === 'footer') return [...sections];
  const rest = sections.filter((s) => s.uniqueId !== id);
  const target = Math.max(0, Math.min(toIndex, insertLimit(rest)));
  return [...rest.slice(0, target), moving, ...rest.slice(target)];
}

export function removeSection(sections: readonly Section[], id: string): Section[] {
  return sections.filter((s) => s.uniqueId !== id || s.type === 'footer');
}

/** A deep copy with `uniqueId` as its id; children get `{uniqueId}-{index}` like new layouts. */
export function withFreshIds(section: Section, uniqueId: string): Section {
  return {
    ...section,
    uniqueId,
    blocks: section.blocks.map((child, index) => withFreshIds(child, `${uniqueId}-${index}`)),
  } as Section;
}

export function cloneSection(sections: readonly Section[], id: string, newId: string): Section[] {
  const index = sections.findIndex((s) => s.uniqueId === id);
  const original = sections[index];
  if (!original || !canClone(original)) return [...sections];
  // Sections are plain JSON (and may be Immer drafts, which structuredClone refuses).
  const copy = withFreshIds(JSON.parse(JSON.stringify(original)) as Section, newId);
  return [...sections.slice(0, index + 1), copy, ...sections.slice(index + 1)];
}

/** Replaces one section (top level or nested) found by id. */
export function updateSection(sections: readonly Section[], id: string, update: (section: Section) => Section): Section[] {
  return sections.map((s) => {
    if (s.uniqueId === id) return update(s);
    if (s.blocks.length === 0) return s;
    return { ...s, blocks: updateSection(s.blocks, id, update) } as Section;
  });
}

// Side menu rules (spec 2 §2).
export function canClone(section: Section): boolean {
  return section.type !== 'footer' && section.type !== 'newpromotion' && section.type !== 'poll';
}

export function canDelete(section: Section): boolean {
  return section.type !== 'footer';
}

/** Spec 2 §2: only paragraph sections offer Rewrite (the AI assistant). */
export function canRewrite(section: Section): boolean {
  return section.type === 'paragraph';
}

export function canSelect(section: Section): boolean {
  return !section.isLocked;
}
