import { isLetterArchiveUrl, publicPagePaths } from '../../shared/contract/public-pages';
import { trackingPaths } from './tracking-paths';
import { anchorHrefs, escapeAttribute } from '../../shared/render/anchor-hrefs';
import type { HrefSpot } from '../../shared/render/anchor-hrefs';

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

/** Every trackable href of an `<a>` tag, in document order. */
function trackableHrefs(html: string, publicUrl: string): HrefSpot[] {
  return anchorHrefs(html).filter((spot) => isTrackable(spot.url, publicUrl));
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
