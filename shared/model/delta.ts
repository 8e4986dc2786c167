import { z } from 'zod';
import { PLACEHOLDER_PARAGRAPH_TEXT } from './constants';

// Rich text travels as Quill-style operations (spec 2 §3: "an ops array with insert
// strings"). Attributes stay open: the renderer and the editor decide which they honour.
export const DeltaOpSchema = z.object({
  insert: z.union([z.string(), z.record(z.string(), z.unknown())]),
  attributes: z.record(z.string(), z.unknown()).optional(),
});
export type DeltaOp = z.infer<typeof DeltaOpSchema>;

export const DeltaSchema = z.object({ ops: z.array(DeltaOpSchema) });
export type Delta = z.infer<typeof DeltaSchema>;

export const emptyDelta = (): Delta => ({ ops: [] });

export const textDelta = (text: string): Delta => ({ ops: [{ insert: `${text}\n` }] });

/** The text of the delta's string inserts, embeds left out. */
function insertedText(delta: Pick<Delta, 'ops'>): string {
  return delta.ops.map((op) => (typeof op.insert === 'string' ? op.insert : '')).join('');
}

/** The delta holds an embed (an inline image, say): content even without text. */
function hasEmbed(delta: Pick<Delta, 'ops'>): boolean {
  return delta.ops.some((op) => typeof op.insert !== 'string');
}

/**
 * Whether a text block holds nothing its editor wrote: no text at all, or exactly
 * 'Start writing something great...'. That sentence is the editor's placeholder, never
 * content; letters saved before it became one hold it as text, and they must not send it.
 */
export function isBlankTextDelta(delta: Pick<Delta, 'ops'>): boolean {
  if (hasEmbed(delta)) return false;
  const text = insertedText(delta).trim();
  return text === '' || text === PLACEHOLDER_PARAGRAPH_TEXT;
}
