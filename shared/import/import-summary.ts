import type { Section } from '../model/section';
import { countLabel } from '../rules/count-label';

// What an import tells the editor it did: '24 blocks, 2 kept as HTML', and, when pictures
// could not be copied to the platform, how many still load from their original address.

export interface ImportCounts {
  /** Sections the import made (a layout counts once; the letter's footer does not count). */
  blocks: number;
  /** Of those, what could not be mapped and was kept as an HTML block. */
  keptAsHtml: number;
  /** Pictures left at their original web address (the platform could not copy them). */
  imagesByAddress: number;
}

export function importCounts(sections: readonly Section[], imagesByAddress = 0): ImportCounts {
  const content = sections.filter((section) => section.type !== 'footer');
  return { blocks: content.length, keptAsHtml: content.filter((section) => section.type === 'html').length, imagesByAddress };
}

export function importSummary(counts: ImportCounts): string {
  const parts = [countLabel(counts.blocks, 'block'), `${counts.keptAsHtml === 0 ? 'none' : counts.keptAsHtml} kept as HTML`];
  if (counts.imagesByAddress > 0) parts.push(`${countLabel(counts.imagesByAddress, 'image')} still loaded from the original address`);
  return parts.join(', ');
}

/** Every image section, layouts' children included: what the import copies to the platform. */
export function importedImages(sections: readonly Section[]): Extract<Section, { type: 'image' }>[] {
  return sections.flatMap((section) => [
    ...(section.type === 'image' ? [section] : []),
    ...importedImages(section.blocks),
  ]);
}
