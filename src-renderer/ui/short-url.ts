// A web address in a report or list, short enough for its column: a table of tracked links
// is read by the host and the page, and a 300-character address with its tracking query
// pushed every figure off the row. ShortLink shows the whole address one hover away.

/** Characters of an address shown before it is shortened. */
export const SHORT_URL_MAX = 48;

/**
 * `example.com/news/…/the-story` from `https://www.example.com/news/2026/11/the-story?utm=…`:
 * without the scheme and a leading www; past `max` characters without its query (`?…`), then
 * the host and the last part of the path with `…` for the middle, then cut at `max` with `…`.
 */
export function shortUrl(url: string, max = SHORT_URL_MAX): string {
  let text = url.trim().replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  if (text.length > 1 && text.endsWith('/')) text = text.slice(0, -1);
  if (text.length <= max) return text;
  const queryAt = text.search(/[?#]/);
  if (queryAt > 0) {
    const withoutQuery = `${text.slice(0, queryAt)}?…`;
    if (withoutQuery.length <= max) return withoutQuery;
    text = text.slice(0, queryAt).replace(/\/$/, '');
  }
  const parts = text.split('/');
  if (parts.length > 2) {
    const ends = `${parts[0]}/…/${parts[parts.length - 1]}`;
    if (ends.length <= max) return ends;
  }
  return `${text.slice(0, max - 1)}…`;
}
