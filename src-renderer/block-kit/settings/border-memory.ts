import type { Sides } from '../../../shared/model';

// The thickness a block had when its border was switched off, so switching on brings it
// back (spec 2 §4). Kept for the session, per section, outside the panel so closing and
// reopening the panel does not forget it.

const remembered = new Map<string, Sides>();

export function rememberBorder(sectionId: string, thickness: Sides) {
  remembered.set(sectionId, { ...thickness });
}

export function rememberedBorder(sectionId: string): Sides | null {
  return remembered.get(sectionId) ?? null;
}
