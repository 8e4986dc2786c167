import { TEXT_BLOCK_TYPES, isBlankTextDelta } from '../model';
import type { Section } from '../model';
import { BLOCK_NAMES } from '../model/block-names';

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

/** An image block with no picture: it sends nothing, and in a layout leaves its column blank. */
export interface EmptyImageSlot {
  uniqueId: string;
  /** 'Image', or 'Image in Layout' for a layout's column. */
  block: string;
}

/** Whether an image block's picture is set (the content check and the layout agree on this). */
export const hasPicture = (src: unknown) => typeof src === 'string' && src.trim() !== '';

/** Image blocks, at the top level and in layouts, without a picture, in letter order. */
export function emptyImageSlots(sections: readonly Section[], parent: Section | null = null): EmptyImageSlot[] {
  const slots: EmptyImageSlot[] = [];
  for (const section of sections) {
    if (section.type === 'image' && !hasPicture(section.blockModel.src)) {
      slots.push({ uniqueId: section.uniqueId, block: parent ? `${BLOCK_NAMES.image} in ${BLOCK_NAMES[parent.type]}` : BLOCK_NAMES.image });
    }
    slots.push(...emptyImageSlots(section.blocks, section));
  }
  return slots;
}
