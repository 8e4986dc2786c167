import { createHash } from 'node:crypto';
import dayjs from 'dayjs';
import { PUBLIC_PAGE_TEXT, publicPagePaths } from '../../shared/contract/public-pages';
import type { Letter } from '../../shared/model/letter';
import { escapeAttr, escapeHtml } from '../../shared/render/escape';
import type { ArchiveEntry } from './archive-records';

// The public web archive's two pages: a channel's list of published letters, and one
// letter as its readers got it (the email's own HTML, with Open Graph tags for link
// previews). Unlike the unsubscribe pages they are meant to be found, shared and indexed.

const text = PUBLIC_PAGE_TEXT.en;

const ARCHIVE_STYLESHEET = [
  ':root{color-scheme:light dark;--ink:#1f2933;--muted:#52606d;--paper:#fff;--line:#d9e2ec;--accent:#1c5fb8}',
  '@media (prefers-color-scheme:dark){:root{--ink:#e4e7eb;--muted:#bcccdc;--paper:#1a1d21;--line:#3e4c59;--accent:#8ab4f8}}',
  '*{box-sizing:border-box}',
  'body{margin:0;padding:32px 24px;background:var(--paper);color:var(--ink);font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Helvetica,Arial,sans-serif}',
  'main{max-width:40rem;margin:0 auto}',
  'h1{font-size:1.75rem;line-height:1.3;margin:0 0 8px;overflow-wrap:anywhere}',
  'p{margin:0 0 24px;color:var(--muted)}',
  'ol{list-style:none;margin:0;padding:0}',
  'li{padding:14px 0;border-top:1px solid var(--line)}',
  'a{color:var(--accent);font-weight:600;text-decoration:none;overflow-wrap:anywhere}',
  'a:hover{text-decoration:underline}',
  'a:focus-visible{outline:3px solid var(--ink);outline-offset:2px}',
  'time{display:block;color:var(--muted);font-size:.875rem}',
].join('');

const hash = (css: string) => createHash('sha256').update(css, 'utf8').digest('base64');

/** The channel page runs no script and loads nothing but its one stylesheet. */
export const CHANNEL_PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${hash(ARCHIVE_STYLESHEET)}'`,
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

/**
 * A letter page is the email's HTML: inline styles everywhere and images from anywhere the
 * editor linked. No script runs (an HTML block's script included), nothing is framed or
 * posted, and the page is sandboxed into an origin of its own, so nothing in a letter can
 * act as the platform.
 */
export const LETTER_PAGE_CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  // The email's own web fonts (mj-font) are Google Fonts stylesheets; the fonts they name come from https.
  "style-src 'unsafe-inline' https://fonts.googleapis.com",
  'img-src https: http: data:',
  'font-src https: data:',
  "form-action 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  'sandbox allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
].join('; ');

/** Public and the same for everyone, so caches may keep them briefly; a letter made private disappears within the minute. */
const ARCHIVE_CACHE_CONTROL = 'public, max-age=60';

export function archivePageHeaders(csp: string): Record<string, string> {
  return {
    'content-security-policy': csp,
    'cache-control': ARCHIVE_CACHE_CONTROL,
    'referrer-policy': 'strict-origin-when-cross-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
  };
}

/** `2026-11-24 09:30:00` → `Nov 24, 2026`: the day the channel's readers got it. */
export function archiveDate(publicationDate: string | null): string {
  if (!publicationDate) return '';
  const date = dayjs(publicationDate.slice(0, 10));
  return date.isValid() ? date.format('MMM D, YYYY') : '';
}

export function channelArchivePage(input: { channelSlug: string; channelName: string; entries: readonly ArchiveEntry[]; brandSlug?: string | undefined }): string {
  const name = input.channelName.trim() || text.unnamedChannel;
  const items = input.entries.map((entry) => {
    const href = publicPagePaths.letterArchive(input.channelSlug, entry.uniqueId);
    const date = archiveDate(entry.publicationDate);
    const time = date ? `<time datetime="${escapeAttr(entry.publicationDate!.slice(0, 10))}">${escapeHtml(date)}</time>` : '';
    return `<li><a href="${escapeAttr(href)}">${escapeHtml(entry.title)}</a>${time}</li>`;
  });
  const title = text.archiveTitle(name);
  return [
    '<!doctype html>',
    `<html lang="${escapeAttr(text.lang)}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(title)}</title>`,
    `<meta property="og:title" content="${escapeAttr(title)}">`,
    '<meta property="og:type" content="website">',
    `<style>${ARCHIVE_STYLESHEET}</style>`,
    '</head>',
    '<body>',
    '<main>',
    `<h1>${escapeHtml(title)}</h1>`,
    `<p>${escapeHtml(items.length === 0 ? text.archiveEmpty : text.archiveLead)}</p>`,
    // The channel's public subscribe form (issue 32).
    `<p><a href="${escapeAttr(publicPagePaths.subscribe(input.channelSlug, input.brandSlug))}">${escapeHtml(text.archiveSubscribe)}</a></p>`,
    items.length === 0 ? '' : `<ol>${items.join('')}</ol>`,
    '</main>',
    '</body>',
    '</html>',
    '',
  ].join('\n');
}

/** Only web addresses go into og:image; anything else would be a broken preview. */
function webUrl(value: string): string | null {
  const url = value.trim();
  return /^https?:\/\/[^\s"'<>]+$/i.test(url) ? url : null;
}

/**
 * The social card as Open Graph (and X card) tags. The spec's fallbacks: the headline is
 * the subject when empty, and the description the preview text.
 */
export function openGraphTags(letter: Pick<Letter, 'title' | 'subtitle' | 'openGraphHeadline' | 'openGraphDescription' | 'openGraphImageUrl'>, pageUrl: string, title: string): string {
  const headline = letter.openGraphHeadline.trim() || title;
  const description = letter.openGraphDescription.trim() || letter.subtitle.trim();
  const image = webUrl(letter.openGraphImageUrl);
  const meta = (attribute: 'property' | 'name', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeAttr(value)}">`;
  return [
    meta('property', 'og:type', 'article'),
    meta('property', 'og:url', pageUrl),
    meta('property', 'og:title', headline),
    description ? meta('property', 'og:description', description) : '',
    description ? meta('name', 'description', description) : '',
    image ? meta('property', 'og:image', image) : '',
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
  ].join('');
}

/** The email's document with the page's own tags at the top of its head. */
export function letterArchivePage(emailHtml: string, headTags: string): string {
  const head = /<head(\s[^>]*)?>/i.exec(emailHtml);
  if (!head) return `<!doctype html><html><head>${headTags}</head><body>${emailHtml}</body></html>`;
  const at = head.index + head[0].length;
  return `${emailHtml.slice(0, at)}${headTags}${emailHtml.slice(at)}`;
}
