import { isLetterArchiveUrl, publicPagePaths } from '../../shared/contract/public-pages';
import { trackingPaths } from './tracking-paths';

// Finding a letter's trackable links in its rendered HTML, and writing one reader's copy
// with those links pointing at the platform's click tracking and an open pixel before
// </body>. Only the `href` attribute of `<a>` tags is touched, found by a tokenizer-style
// pattern that honours quoted attribute values: text that looks like an address, another
// attribute holding one (`src`, `data-href`) and links with merge tags stay as they are.
//
// Left direct on purpose:
// - links with a merge tag (`{{`): filled per reader after this, so no one address to keep;
// - the unsubscribe and behaviour opt-out pages (shared/render/blocks/footer.ts): a reader
//   leaving must reach them without the platform seeing a click, and mail clients' one-click
//   tooling recognises them;
// - the letter's own page on the web archive ('View in browser'): reading the letter
//   elsewhere is not a click on anything in it, and would head every report's top links;
// - anything not http(s) (mailto:, tel:, #anchors).

/** An `<a …>` start tag; attribute values may hold `>` inside quotes. */
const ANCHOR_TAG = /<a(?=[\s>/])(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>/gi;
/** One attribute of a start tag, with its value. */
const ATTRIBUTE = /\s([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;

const NAMED_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** The attribute value as the browser reads it (the renderer escapes & < > " '). */
export function decodeAttribute(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity: string, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[body.toLowerCase()] ?? entity;
  });
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/'/g, '&#39;');
}

/** True when a click on this address should go through the platform. */
export function isTrackable(url: string, publicUrl: string): boolean {
  if (!/^https?:\/\//i.test(url) || url.includes('{{')) return false;
  // '/unsubscribe//' without its slashes, then one: the page's prefix.
  const leaving = [publicPagePaths.unsubscribe('', ''), publicPagePaths.behaviourOptOut('', '')].map((path) =>
    `${publicUrl}${path.replace(/\/+$/, '')}/`.toLowerCase(),
  );
  const lower = url.toLowerCase();
  return !leaving.some((prefix) => lower.startsWith(prefix)) && !isLetterArchiveUrl(url, publicUrl);
}

interface HrefSpot {
  /** Where the value (between the quotes, or bare) starts and ends in the HTML. */
  start: number;
  end: number;
  url: string;
}

/** The href every `<a>` tag's link follows (its first), in document order. */
function anchorHrefs(html: string): HrefSpot[] {
  const spots: HrefSpot[] = [];
  for (const tag of html.matchAll(ANCHOR_TAG)) {
    const tagText = tag[0];
    for (const attribute of tagText.slice(2).matchAll(ATTRIBUTE)) {
      if (attribute[1]!.toLowerCase() !== 'href') continue;
      const raw = attribute[2] ?? attribute[3] ?? attribute[4];
      if (raw === undefined) break;
      const url = decodeAttribute(raw).trim();
      // The value sits at the end of the attribute's match (a closing quote after it, or not).
      const quoted = attribute[2] !== undefined || attribute[3] !== undefined;
      const attributeEnd = tag.index + 2 + attribute.index + attribute[0].length;
      const end = quoted ? attributeEnd - 1 : attributeEnd;
      spots.push({ start: end - raw.length, end, url });
      // The first href is the one browsers follow.
      break;
    }
  }
  return spots;
}

/** Every trackable href of an `<a>` tag, in document order. */
function trackableHrefs(html: string, publicUrl: string): HrefSpot[] {
  return anchorHrefs(html).filter((spot) => isTrackable(spot.url, publicUrl));
}

/**
 * The HTML with the href of each `<a>` tag replaced by what `rewrite` answers for its
 * decoded address (null, or the same address, leaves it exactly as written).
 */
export function rewriteHrefs(html: string, rewrite: (url: string) => string | null): string {
  let out = '';
  let from = 0;
  for (const spot of anchorHrefs(html)) {
    const next = rewrite(spot.url);
    if (next === null || next === spot.url) continue;
    out += html.slice(from, spot.start) + escapeAttribute(next);
    from = spot.end;
  }
  return out + html.slice(from);
}

/** The distinct trackable addresses of the HTML, in order of first appearance. */
export function trackableLinks(html: string, publicUrl: string): string[] {
  return [...new Set(trackableHrefs(html, publicUrl).map((spot) => spot.url))];
}

/** The letter's HTML cut at each tracked href, so a reader's copy is one join. */
export interface TrackingTemplate {
  /** One more than `positions`: the HTML around each tracked href value. */
  pieces: string[];
  positions: number[];
  publicUrl: string;
}

/**
 * Cuts the HTML at every trackable href whose address has a position; addresses without one
 * (none stored) stay direct.
 */
export function trackingTemplate(html: string, publicUrl: string, positions: ReadonlyMap<string, number>): TrackingTemplate {
  const pieces: string[] = [];
  const used: number[] = [];
  let from = 0;
  for (const spot of trackableHrefs(html, publicUrl)) {
    const position = positions.get(spot.url);
    if (position === undefined) continue;
    pieces.push(html.slice(from, spot.start));
    used.push(position);
    from = spot.end;
  }
  pieces.push(html.slice(from));
  return { pieces, positions: used, publicUrl };
}

export function openPixel(publicUrl: string, token: string): string {
  const src = escapeAttribute(`${publicUrl}${trackingPaths.open(token)}`);
  return `<img src="${src}" width="1" height="1" alt="" style="display:block;width:1px;height:1px;border:0" />`;
}

/** One reader's HTML: tracked links through the platform, and the open pixel before </body>. */
export function trackedHtml(template: TrackingTemplate, token: string): string {
  const { pieces, positions, publicUrl } = template;
  let html = pieces[0]!;
  positions.forEach((position, index) => {
    html += escapeAttribute(`${publicUrl}${trackingPaths.click(token, position)}`) + pieces[index + 1]!;
  });
  const pixel = openPixel(publicUrl, token);
  const bodyEnd = html.toLowerCase().lastIndexOf('</body>');
  return bodyEnd === -1 ? html + pixel : html.slice(0, bodyEnd) + pixel + html.slice(bodyEnd);
}
