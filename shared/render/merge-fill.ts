import { parseMergeTag } from '../rules/merge-tag';
import { escapeHtml } from './escape';
import { decodeEntities } from './insights';

// Filling merge tags ({{ first_name | capitalize or 'friend' }}) in rendered HTML or plain
// text, with the grammar of shared/rules/merge-tag.ts. A tag whose name the lookup does
// not know is left as written, so one fill (a preview's promotions) can leave the rest
// for another (the sending step's subscriber fields).

/**
 * Text is escaped where it lands; `{ html }` is placed as it is (already safe markup);
 * `{ standIn }` is text shown only when the tag has no default of its own (the archive).
 */
export type MergeValue = string | { html: string } | { standIn: string };
export type MergeLookup = (name: string) => MergeValue | undefined;

// Two braces, not three: `{{{snippet "x"}}}` is Iterable's own syntax, never ours.
const TAG = /(?<!\{)\{\{(?!\{)([^{}]*)\}\}(?!\})/g;

function capitalize(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}

/**
 * Filters a tag may name. Names are free (DECISIONS "Merge tags"), so one not listed here
 * leaves the value as it is rather than breaking the email.
 */
const FILTERS: Record<string, (value: string) => string> = {
  capitalize,
  upcase: (value) => value.toUpperCase(),
  uppercase: (value) => value.toUpperCase(),
  upper: (value) => value.toUpperCase(),
  downcase: (value) => value.toLowerCase(),
  lowercase: (value) => value.toLowerCase(),
  lower: (value) => value.toLowerCase(),
  strip: (value) => value.trim(),
  trim: (value) => value.trim(),
  titlecase: (value) => value.replace(/\S+/g, capitalize),
  title: (value) => value.replace(/\S+/g, capitalize),
};

function applyFilters(value: string, filters: readonly string[]): string {
  return filters.reduce((current, filter) => FILTERS[filter.toLowerCase()]?.(current) ?? current, value);
}

/**
 * Fills every tag `lookup` knows. In `html` mode the tag is read with its entities decoded
 * (the renderer escapes the quotes of a default) and text values are escaped, which is
 * safe both in element content and inside a double-quoted attribute.
 */
export function fillMergeTags(input: string, lookup: MergeLookup, mode: 'html' | 'text'): string {
  return input.replace(TAG, (whole, inner: string) => {
    const parsed = parseMergeTag(`{{${mode === 'html' ? decodeEntities(inner) : inner}}}`);
    if (!parsed.ok) return whole;
    const { name, filters, defaultValue } = parsed.tag;
    const value = lookup(name);
    if (value === undefined) return whole;
    if (typeof value !== 'string' && 'html' in value) return value.html;
    const text = typeof value === 'string' ? value : '';
    // The default is written as the author wants it read, so filters do not touch it.
    const filled =
      text.trim() === '' && defaultValue !== null ? defaultValue : typeof value === 'string' ? applyFilters(value, filters) : value.standIn;
    return mode === 'html' ? escapeHtml(filled) : filled;
  });
}

/** Several lookups, the first that knows a name answering for it. */
export function combineLookups(...lookups: MergeLookup[]): MergeLookup {
  return (name) => {
    for (const lookup of lookups) {
      const value = lookup(name);
      if (value !== undefined) return value;
    }
    return undefined;
  };
}
