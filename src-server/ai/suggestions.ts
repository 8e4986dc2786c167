import { PREVIEW_TEXT_MAX } from '../../shared/contract/platform-letters';
import type { AiMessage } from '../integrations/ai-client';

// What the model is asked for subject lines and preview text, and how its answer is read.
// Models are asked for a JSON array; they often wrap it in a code fence, write one JSON
// string per line or number the lines instead, and all of those are read. Prose with no
// list in it is not: it would turn "Sorry, I can't help" into a subject line.

export type SuggestionKind = 'subject' | 'previewText';

export const SUGGESTION_COUNT = 3;
/** Enough of a letter to say what it is about, small enough for any model's context. */
export const LETTER_CONTEXT_MAX = 12_000;
/** No stricter limit for subjects in the spec; an inbox shows far less than this anyway. */
const SUGGESTION_MAX: Record<SuggestionKind, number> = { subject: 150, previewText: PREVIEW_TEXT_MAX };

const ASK: Record<SuggestionKind, string> = {
  subject: `Suggest ${SUGGESTION_COUNT} email subject lines for the newsletter below, each at most 80 characters.`,
  previewText:
    `Suggest ${SUGGESTION_COUNT} preview texts (the short line an inbox shows after the subject) for the newsletter ` +
    `below, each at most ${PREVIEW_TEXT_MAX} characters, adding to the subject rather than repeating it.`,
};

export function suggestionMessages(kind: SuggestionKind, letterText: string): AiMessage[] {
  return [
    {
      role: 'system',
      content:
        'You help editors write email newsletters. Write in the language of the newsletter. ' +
        `Answer with a JSON array of exactly ${SUGGESTION_COUNT} strings and nothing else.`,
    },
    { role: 'user', content: `${ASK[kind]}\n\nThe newsletter:\n"""\n${letterText.slice(0, LETTER_CONTEXT_MAX)}\n"""` },
  ];
}

/** Suggestions found in the model's answers (one per choice); empty when there are none. */
export function parseSuggestions(kind: SuggestionKind, contents: readonly string[]): string[] {
  return tidySuggestions(kind, contents.flatMap(candidates));
}

/** Trimmed, unquoted, capped at the kind's length, without repeats, at most SUGGESTION_COUNT. */
export function tidySuggestions(kind: SuggestionKind, raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const items: string[] = [];
  for (const value of raw) {
    const text = capLength(unquote(value.replace(/\s+/g, ' ').trim()), SUGGESTION_MAX[kind]);
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    items.push(text);
    if (items.length === SUGGESTION_COUNT) break;
  }
  return items;
}

function candidates(content: string): string[] {
  const text = unfence(content.trim());
  const whole = parseJson(text);
  if (whole !== undefined) return stringsIn(whole);
  return text.split(/\r?\n/).flatMap((line) => {
    const trimmed = line.trim();
    if (trimmed === '') return [];
    const json = parseJson(trimmed.replace(/,$/, ''));
    if (json !== undefined) return stringsIn(json);
    const listed = /^(?:\d{1,2}[.)]|[-*•])\s+(.+)$/.exec(trimmed);
    return listed?.[1] ? [listed[1]] : [];
  });
}

function unfence(text: string): string {
  const fenced = /^```[\w-]*\s*\n([\s\S]*?)\n?```$/.exec(text);
  return fenced?.[1] ?? text;
}

function parseJson(text: string): unknown {
  if (!/^[[{"]/.test(text)) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** A string, a list of strings, or a list or object holding them ({"suggestions": [...]}, [{"text": ...}]). */
function stringsIn(value: unknown, depth = 0): string[] {
  if (typeof value === 'string') return [value];
  if (depth > 2 || value === null || typeof value !== 'object') return [];
  const values = Array.isArray(value) ? value : Object.values(value);
  return values.flatMap((item) => stringsIn(item, depth + 1));
}

function unquote(text: string): string {
  const quoted = /^(["'“‘«])(.*)(["'”’»])$/.exec(text);
  return quoted?.[2] !== undefined ? quoted[2].trim() : text;
}

/** Cut at a word boundary when there is one near the limit, so no word is cut in half. */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return (space > max * 0.6 ? cut.slice(0, space) : text.slice(0, max)).trim();
}
