import type { Section } from './section';

// The footer is the last section of every letter, whichever way a section arrives (the
// palette, a drag, 'Insert into letter', an import, a paste, another editor's sync): the
// composer keeps it there as it edits (section-list.ts), and what is rendered, saved from
// outside the composer or sent is put in this order again.

/** The sections with every footer moved to the end, the rest in their order; the same array when already so. */
export function withFooterLast<T extends Pick<Section, 'type'>>(sections: readonly T[]): readonly T[] {
  const firstFooter = sections.findIndex((section) => section.type === 'footer');
  if (firstFooter === -1 || sections.slice(firstFooter).every((section) => section.type === 'footer')) return sections;
  return [...sections.filter((section) => section.type !== 'footer'), ...sections.filter((section) => section.type === 'footer')];
}
