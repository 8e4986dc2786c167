import { MERGE_TAG_IN_TEXT as TAG, parseMergeTag } from './merge-tag';

// What a UTM value may be (issue 37): plain text (`newsletter`), a merge tag
// (`{{ first_name }}`) or both mixed (`news-{{ first_name }}`), as every ESP allows. Each tag
// in it must follow the merge-tag grammar; whether the platform knows its name is asked per
// tag (the validate call reads one tag). One rule for the schedule step's control and the
// platform's check at scheduling and test sends (letter-merge-tags.ts).

export const UTM_VALUE_REQUIRED_MESSAGE = 'Enter a value.';
export const UTM_VALUE_UNCLOSED_MESSAGE = "The merge tag is not closed: end it with '}}'.";
export const UTM_VALUE_UNOPENED_MESSAGE = "'}' closes no merge tag: start the tag with '{{', as in {{ first_name }}.";

/** The merge tags written in a value, each once, in order. */
export function utmValueTags(value: string): string[] {
  return [...new Set([...value.matchAll(TAG)].map((match) => match[0]))];
}

/**
 * The first thing wrong with a value (trimmed), or undefined. A tag's grammar message is
 * prefixed with the tag when the value holds more than that tag, so the editor sees which.
 */
export function utmValueProblem(raw: string): string | undefined {
  const value = raw.trim();
  if (value === '') return UTM_VALUE_REQUIRED_MESSAGE;
  for (const tag of utmValueTags(value)) {
    const parsed = parseMergeTag(tag);
    if (!parsed.ok) return tag === value ? parsed.message : `${tag}: ${parsed.message}`;
  }
  // What is left once the well-formed tags are out holds no brace: one there is a tag half
  // typed (`news-{{ first_na`, or the first `{` on the way to one), which would otherwise be
  // saved as a plain value while the editor is still typing.
  const rest = value.replace(TAG, '');
  if (rest.includes('{')) return UTM_VALUE_UNCLOSED_MESSAGE;
  if (rest.includes('}')) return UTM_VALUE_UNOPENED_MESSAGE;
  return undefined;
}
