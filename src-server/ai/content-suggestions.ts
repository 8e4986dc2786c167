import { PLACEHOLDER_PARAGRAPH_TEXT } from '../../shared/model/constants';
import type { SuggestionKind } from './suggestions';
import { tidySuggestions } from './suggestions';

// Without an AI service, subject and preview suggestions come from the letter itself
// (DECISIONS "Services that live outside the platform"): its first heading and the first
// sentence of its body text. The blocks are read loosely, like shared/model/letter-text.ts,
// so a letter that fails the schema still gets suggestions.

interface LooseSection {
  type?: unknown;
  delta?: { ops?: unknown } | null;
  blocks?: unknown;
}

interface Line {
  text: string;
  /** A heading block's line, or a line the editor marked as a heading inside rich text. */
  heading: boolean;
}

const BODY_TEXT_TYPES = new Set(['paragraph', 'blockquote']);

export function contentSuggestions(kind: SuggestionKind, blocks: string): string[] {
  const { heading, sentence } = firstHeadingAndSentence(blocks);
  const ordered = kind === 'subject' ? [heading, sentence] : [sentence, heading];
  return tidySuggestions(kind, ordered.filter((text): text is string => text !== null));
}

export function firstHeadingAndSentence(blocks: string): { heading: string | null; sentence: string | null } {
  let sections: unknown;
  try {
    sections = JSON.parse(blocks || '[]');
  } catch {
    return { heading: null, sentence: null };
  }
  let heading: string | null = null;
  let sentence: string | null = null;
  walk(sections, (section) => {
    for (const line of deltaLines(section.delta)) {
      if (line.text === '' || line.text === PLACEHOLDER_PARAGRAPH_TEXT) continue;
      if (section.type === 'heading' || line.heading) heading ??= line.text;
      else if (typeof section.type === 'string' && BODY_TEXT_TYPES.has(section.type)) sentence ??= firstSentence(line.text);
    }
    return heading !== null && sentence !== null;
  });
  return { heading, sentence };
}

/** Depth first, in reading order; stops once `visit` answers true. */
function walk(sections: unknown, visit: (section: LooseSection) => boolean): boolean {
  if (!Array.isArray(sections)) return false;
  for (const section of sections as unknown[]) {
    if (!section || typeof section !== 'object') continue;
    const loose = section as LooseSection;
    if (visit(loose) || walk(loose.blocks, visit)) return true;
  }
  return false;
}

/** Quill marks a line's format on the newline that ends it, so attributes are read there. */
function deltaLines(delta: LooseSection['delta']): Line[] {
  const ops = delta?.ops;
  if (!Array.isArray(ops)) return [];
  const lines: Line[] = [];
  let current = '';
  for (const op of ops as unknown[]) {
    const insert = (op as { insert?: unknown } | null)?.insert;
    if (typeof insert !== 'string') continue;
    const attributes = (op as { attributes?: { header?: unknown } }).attributes;
    const parts = insert.split('\n');
    for (let index = 0; index < parts.length - 1; index += 1) {
      lines.push({ text: tidy(current + parts[index]), heading: Boolean(attributes?.header) });
      current = '';
    }
    current += parts[parts.length - 1] ?? '';
  }
  if (current !== '') lines.push({ text: tidy(current), heading: false });
  return lines;
}

function tidy(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Up to the first . ! ? or … that ends a word; the whole line when there is none. */
function firstSentence(text: string): string {
  const match = /^(.+?[.!?…]+)(?=\s|$)/u.exec(text);
  return match?.[1] ?? text;
}
