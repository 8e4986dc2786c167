import { isBlankTextDelta } from './delta';
import type { Delta } from './delta';
import type { Letter } from './letter';

// The words of a letter as plain text: what search indexes. Reads the stored JSON loosely
// on purpose: a letter whose blocks fail the schema must still be findable.

interface LooseSection {
  delta?: Partial<Delta> | null;
  blocks?: unknown;
  blockModel?: Record<string, unknown> | null;
}

function deltaText(delta: Partial<Delta> | null | undefined): string {
  if (!delta || !Array.isArray(delta.ops)) return '';
  const ops = delta.ops.filter((op) => op && typeof op === 'object');
  // The placeholder of an old letter is not its words.
  if (isBlankTextDelta({ ops })) return '';
  return ops.map((op) => (typeof op.insert === 'string' ? op.insert : ' ')).join('');
}

function sectionsText(sections: unknown, out: string[]): void {
  if (!Array.isArray(sections)) return;
  for (const section of sections as LooseSection[]) {
    if (!section || typeof section !== 'object') continue;
    out.push(deltaText(section.delta));
    const label = section.blockModel?.value;
    if (typeof label === 'string') out.push(label);
    sectionsText(section.blocks, out);
  }
}

export function letterPlainText(letter: Pick<Letter, 'title' | 'subtitle' | 'blocks'>): string {
  const out = [letter.title, letter.subtitle];
  try {
    sectionsText(JSON.parse(letter.blocks || '[]'), out);
  } catch {
    // Unreadable blocks: the title and preview text are still searchable.
  }
  return out
    .join('\n')
    .replace(/\s+/g, ' ')
    .trim();
}
