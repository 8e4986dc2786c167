import type { UtmEntry } from '../model/utm';

// UTM parameters on the links of a sent email (spec 1 §5): the letter's rows, their values
// resolved per reader by the caller (merge tags), added to each http(s) address as query
// parameters. The address's own query is kept exactly as written and only appended to;
// a key the link already carries wins over the letter's (so an event ticket link keeps
// utm_source=newsletter and utm_medium=email, spec 1 §9, and an author's deliberate
// utm_campaign on one link is not overwritten). Addresses of the platform's own pages
// (unsubscribe, opt-out, tracking, the public letter page) get none: they are not
// campaign landings and the platform reads no UTM.

/** One resolved parameter: key and the value as the reader's link carries it. */
export type UtmParam = readonly [key: string, value: string];

/** The rows a letter applies: none when UTM tracking is off; rows without a key or value left out; trimmed. */
export function letterUtmRows(letter: { utmEnabled: boolean; utms: readonly UtmEntry[] }): UtmEntry[] {
  if (!letter.utmEnabled) return [];
  return letter.utms
    .map((row) => ({ key: row.key.trim(), value: row.value.trim() }))
    .filter((row) => row.key !== '' && row.value !== '');
}

/**
 * The parameters of one reader: each row's value through `resolve` (merge tags filled for
 * that reader). A value that resolves to nothing is left out rather than sent as `utm_x=`.
 * A key written twice counts once, the first.
 */
export function resolveUtmParams(rows: readonly UtmEntry[], resolve: (value: string) => string = (value) => value): UtmParam[] {
  const seen = new Set<string>();
  const params: UtmParam[] = [];
  for (const row of rows) {
    const key = row.key.trim();
    const lower = key.toLowerCase();
    if (key === '' || seen.has(lower)) continue;
    const value = resolve(row.value).trim();
    if (value === '') continue;
    seen.add(lower);
    params.push([key, value]);
  }
  return params;
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replace(/\+/g, ' '));
  } catch {
    return part;
  }
}

/** The keys already in a query string (without '?'), lower-cased. */
function queryKeys(query: string): Set<string> {
  return new Set(
    query
      .split('&')
      .filter((pair) => pair !== '')
      .map((pair) => decodeQueryPart(pair.split('=')[0]!).toLowerCase()),
  );
}

/**
 * The address with every parameter it does not already have (keys compared without case),
 * after its own query and before its fragment. Anything not http(s) comes back unchanged.
 */
export function withUtmParams(url: string, params: readonly UtmParam[]): string {
  if (!/^https?:\/\//i.test(url) || params.length === 0) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt < 0 ? url : url.slice(0, hashAt);
  const hash = hashAt < 0 ? '' : url.slice(hashAt);
  const queryAt = base.indexOf('?');
  const query = queryAt < 0 ? '' : base.slice(queryAt + 1);
  const present = queryKeys(query);
  const added = params
    .filter(([key]) => !present.has(key.toLowerCase()))
    .map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
  if (added.length === 0) return url;
  const joiner = queryAt < 0 ? '?' : query === '' || query.endsWith('&') ? '' : '&';
  return `${base}${joiner}${added.join('&')}${hash}`;
}

/** True for an address on the platform's own public origin, which gets no UTM parameters. */
export function isPlatformAddress(url: string, platformUrl: string): boolean {
  const origin = platformUrl.replace(/\/+$/, '').toLowerCase();
  const lower = url.toLowerCase();
  return lower === origin || lower.startsWith(`${origin}/`) || lower.startsWith(`${origin}?`) || lower.startsWith(`${origin}#`);
}

/** What a reader's link leads to with UTMs: the address with the parameters, unless it is the platform's own. */
export function utmLinkFor(url: string, params: readonly UtmParam[], platformUrl: string): string {
  return isPlatformAddress(url, platformUrl) ? url : withUtmParams(url, params);
}
