import { TEXT_BLOCK_TYPES, isBlankTextDelta } from '../model';
import type { Section } from '../model';

// The CONTENT CHECK's count of text blocks left empty. An empty block renders nothing, so
// the rendered HTML cannot show it; the sections can.

/** Paragraph, heading and blockquote blocks, inside layouts too, that hold no text the editor wrote. */
export function emptyTextBlockCount(sections: readonly Section[]): number {
  let count = 0;
  for (const section of sections) {
    if (TEXT_BLOCK_TYPES.includes(section.type) && isBlankTextDelta(section.delta)) count += 1;
    count += emptyTextBlockCount(section.blocks);
  }
  return count;
}
