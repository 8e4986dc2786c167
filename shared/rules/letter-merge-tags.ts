import { BLOCK_NAMES } from '../model/block-names';
import type { Section } from '../model/section';
import { validateMergeTag } from './merge-tag';
import { utmValueProblem } from './utm-value';

// Every merge tag a letter's author wrote — subject, subject B, preview text, each block's
// words, links and settings, UTM values — checked with the validate call's own rule
// (merge-tag.ts), so scheduling and test sends refuse what the validate call refuses rather
// than send readers a raw `{{ first_name or 'friend' }}` or fill a misspelt name with nothing.
// Tags the renderer adds itself (promotion slots, the footer's unsubscribe id) are not the
// author's and are not in the sections, so they are not looked at.

/** Two braces, not three: `{{{snippet "x"}}}` is Iterable's own syntax, never ours (as the fill reads it). */
const TAG = /(?<!\{)\{\{(?!\{)([^{}]*)\}\}(?!\})/g;

export interface MergeTagProblem {
  /** `title`, `subjectB`, `subtitle`, `utm`, or `blocks.{section uniqueId}`. */
  field: string;
  /** The block's name as the composer shows it; null outside the blocks. */
  block: string | null;
  tag: string;
  message: string;
}

export interface LetterMergeTagInput {
  title: string;
  subjectB?: string;
  subtitle: string;
  sections: readonly Section[];
  utmValues?: readonly string[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#34': '"' };

/** A tag inside an HTML block is written as HTML: its quotes may be entities. */
function decoded(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#39|#34);/g, (_whole, name: string) => ENTITIES[name]!);
}

function tagsIn(text: string): string[] {
  return [...text.matchAll(TAG)].map((match) => match[0]);
}

/** Every string in a section's own data (its child sections are looked at on their own). */
function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const item of value) stringsOf(item, out);
  else if (value && typeof value === 'object') for (const item of Object.values(value)) stringsOf(item, out);
}

function sectionProblems(section: Section, known: readonly string[], out: MergeTagProblem[]): void {
  const { blocks, ...own } = section;
  const strings: string[] = [];
  stringsOf(own, strings);
  const seen = new Set<string>();
  for (const text of strings) {
    for (const tag of tagsIn(text)) {
      if (seen.has(tag)) continue;
      seen.add(tag);
      const result = validateMergeTag(decoded(tag), known);
      if (!result.valid) out.push({ field: `blocks.${section.uniqueId}`, block: BLOCK_NAMES[section.type] ?? section.type, tag, message: result.message });
    }
  }
  for (const child of blocks ?? []) sectionProblems(child as Section, known, out);
}

export function letterMergeTagProblems(input: LetterMergeTagInput, known: readonly string[]): MergeTagProblem[] {
  const problems: MergeTagProblem[] = [];
  const field = (name: string, text: string) => {
    for (const tag of new Set(tagsIn(text))) {
      const result = validateMergeTag(tag, known);
      if (!result.valid) problems.push({ field: name, block: null, tag, message: result.message });
    }
  };
  field('title', input.title);
  field('subjectB', input.subjectB ?? '');
  field('subtitle', input.subtitle);
  for (const value of input.utmValues ?? []) {
    // The value's own form first (utm-value.ts, as the schedule step checks it): a half tag
    // like `news-{{ first_name` would otherwise go out to readers as written.
    const problem = utmValueProblem(value);
    if (problem !== undefined && value.trim() !== '') problems.push({ field: 'utm', block: null, tag: value.trim(), message: problem });
    else field('utm', value);
  }
  for (const section of input.sections) sectionProblems(section, known, problems);
  return problems;
}

/** Field errors naming the block and the tag: `{ "blocks.p-1": ["Paragraph: {{ frist_name }}: Unknown merge tag name …"] }`. */
export function mergeTagProblemErrors(problems: readonly MergeTagProblem[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const problem of problems) {
    const where = problem.block ? `${problem.block}: ` : '';
    (errors[problem.field] ??= []).push(`${where}${problem.tag}: ${problem.message}`);
  }
  return errors;
}
