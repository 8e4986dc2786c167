// The merge-tag grammar (DECISIONS "Merge tags"), written once for the server's
// validate-merge-tag call, the UTM fields and whatever renders letters:
//
//   tag     = "{{" ws name ws { "|" ws filter ws } [ "or" ws quoted ws ] "}}"
//   name    = part { "." part }        part = 1*( letter | digit | "_" )
//   filter  = 1*( letter | digit | "_" )
//   quoted  = "'" { any but "'" } "'"  |  '"' { any but '"' } '"'
//
// A default belongs to a filter (`{{ name | filter or 'default' }}`), as DECISIONS spells
// it, so `{{ name or 'x' }}` is refused with a message saying where the default goes.
// Quotes cannot be escaped inside a default; the other quote kind holds an apostrophe.
// Pure: no Node or DOM, so every process can use it.

/** A whole merge tag written in text: two braces, not three, as the fill reads them (`{{{x}}}` is Iterable's own syntax). */
export const MERGE_TAG_IN_TEXT = /(?<!\{)\{\{(?!\{)([^{}]*)\}\}(?!\})/g;

export interface MergeTag {
  name: string;
  filters: string[];
  /** The text after `or`, without its quotes; null when there is none. */
  defaultValue: string | null;
}

export type MergeTagParse = { ok: true; tag: MergeTag } | { ok: false; message: string };

export interface MergeTagValidation {
  valid: boolean;
  message: string;
}

/** Subscriber fields every channel has (custom fields come from the channel's subscribers). */
export const SUBSCRIBER_MERGE_FIELDS = ['email', 'first_name', 'last_name', 'uniqueId'] as const;

/** Letter fields, namespaced so they can never clash with a subscriber's custom field. */
export const LETTER_MERGE_FIELDS = [
  'letter.id',
  'letter.uniqueId',
  'letter.title',
  'letter.subtitle',
  'letter.publicationDate',
  'letter.openGraphHeadline',
  'letter.openGraphDescription',
  'letter.channelName',
] as const;

/** DECISIONS: esp 1 is Iterable, whose unsubscribe link is the merge tag {{unsubscribeUrl}}. */
export const ITERABLE_ESP = 1;
export const ITERABLE_MERGE_FIELDS = ['unsubscribeUrl'] as const;

export const VALID_MERGE_TAG_MESSAGE = 'Valid merge tag.';
const EXAMPLE = '{{ first_name }}';

/** Names a letter may use: fixed fields, the channel's custom fields, provider fields. */
export function knownMergeTagNames(input: { customFields: readonly string[]; esp: number }): string[] {
  const names = new Set<string>([...SUBSCRIBER_MERGE_FIELDS, ...LETTER_MERGE_FIELDS]);
  for (const field of input.customFields) if (isValidName(field)) names.add(field);
  if (input.esp === ITERABLE_ESP) for (const field of ITERABLE_MERGE_FIELDS) names.add(field);
  return [...names];
}

/** Grammar first, then whether the name is one of `knownNames`. */
export function validateMergeTag(input: string, knownNames: Iterable<string>): MergeTagValidation {
  const parsed = parseMergeTag(input);
  if (!parsed.ok) return { valid: false, message: parsed.message };
  const known = [...knownNames];
  const { name } = parsed.tag;
  if (known.includes(name)) return { valid: true, message: VALID_MERGE_TAG_MESSAGE };
  const sameButCase = known.find((candidate) => candidate.toLowerCase() === name.toLowerCase());
  const nearest = sameButCase ? undefined : closestName(name, known);
  const hint = sameButCase
    ? ` Names are case-sensitive: did you mean '${sameButCase}'?`
    : nearest
      ? ` Did you mean '${nearest}'?`
      : ` Use a subscriber field (${SUBSCRIBER_MERGE_FIELDS.join(', ')}), a custom field of this channel` +
      " or a letter field such as 'letter.title'.";
  return { valid: false, message: `Unknown merge tag name '${name}'.${hint}` };
}

/** Edits (insert, delete, change, swap two neighbours) from one name to another. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i += 1) {
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  }
  return d[a.length]![b.length]!;
}

/** A known name a typo away (two edits at most, and not a short name changed whole). */
function closestName(name: string, known: readonly string[]): string | undefined {
  let best: { name: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= 2 && distance < Math.max(name.length, candidate.length) / 2 && (!best || distance < best.distance)) best = { name: candidate, distance };
  }
  return best?.name;
}

const WORD = /[A-Za-z0-9_]/;
const NAME_CHAR = /[A-Za-z0-9_.]/;
const SPACE = /\s/;

export function isValidName(name: string): boolean {
  return /^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/.test(name);
}

export function parseMergeTag(raw: string): MergeTagParse {
  const input = raw.trim();
  if (input === '') return fail(`Enter a merge tag, as in ${EXAMPLE}.`);
  if (!input.startsWith('{{')) {
    return fail(
      input.includes('{{')
        ? "Only one merge tag is expected: remove the text before '{{'."
        : `A merge tag starts with '{{', as in ${EXAMPLE}.`,
    );
  }
  let at = 2;
  const skipSpaces = () => {
    while (at < input.length && SPACE.test(input[at]!)) at += 1;
  };
  const readWhile = (pattern: RegExp) => {
    const start = at;
    while (at < input.length && pattern.test(input[at]!)) at += 1;
    return input.slice(start, at);
  };
  // The rest of a malformed token, for a message that shows what was typed.
  const readToken = () => readWhile(/[^\s|}]/);
  const closed = () => input.startsWith('}}', at);
  const notClosed = fail("The merge tag is not closed: end it with '}}'.");

  skipSpaces();
  const name = readWhile(NAME_CHAR) + readToken();
  if (name === '') return at >= input.length ? notClosed : fail(`The merge tag has no name, as in ${EXAMPLE}.`);
  if (/[^A-Za-z0-9_.]/.test(name)) {
    return fail(`'${name}' is not a valid name: use letters, digits, '_' and '.'.`);
  }
  if (!isValidName(name)) {
    return fail(`The name '${name}' has an empty part: dots separate parts, as in letter.title.`);
  }

  const filters: string[] = [];
  let defaultValue: string | null = null;
  for (;;) {
    skipSpaces();
    if (at >= input.length) return notClosed;
    if (closed()) break;
    const char = input[at]!;
    if (char === '|') {
      at += 1;
      skipSpaces();
      const filter = readWhile(WORD) + readToken();
      if (filter === '') return fail("A filter name is missing after '|'.");
      if (!/^[A-Za-z0-9_]+$/.test(filter)) return fail(`'${filter}' is not a valid filter: use letters, digits and '_'.`);
      filters.push(filter);
      continue;
    }
    if (startsWithOr(input, at)) {
      if (filters.length === 0) {
        return fail("A default must follow a filter, as in {{ first_name | capitalize or 'friend' }}.");
      }
      at += 2;
      skipSpaces();
      const quote = input[at];
      if (quote !== "'" && quote !== '"') return fail("Put the default in quotes after 'or', as in or 'friend'.");
      const end = input.indexOf(quote, at + 1);
      if (end < 0) return fail(`The default's quote is never closed: add ${quote} after the default.`);
      defaultValue = input.slice(at + 1, end);
      at = end + 1;
      skipSpaces();
      if (at >= input.length) return notClosed;
      if (!closed()) return fail("Nothing may follow the default except '}}'.");
      break;
    }
    if (char === '}') return notClosed;
    if (filters.length === 0) {
      return fail(`Expected '|' or '}}' after '${name}', found '${readToken() || char}'.`);
    }
    return fail(`Expected '|', 'or' or '}}' after the filter, found '${readToken() || char}'.`);
  }
  at += 2;
  if (at < input.length) return fail("Only one merge tag is expected: remove the text after '}}'.");
  return { ok: true, tag: { name, filters, defaultValue } };
}

function startsWithOr(input: string, at: number): boolean {
  if (!input.startsWith('or', at)) return false;
  const next = input[at + 2];
  return next === undefined || SPACE.test(next) || next === "'" || next === '"' || next === '}';
}

function fail(message: string): MergeTagParse {
  return { ok: false, message };
}
