import type { Db } from '../db/database';
import { clickDestination } from '../tracking/click-destination';
import { rewriteHrefs } from '../tracking/link-rewrite';
import { findClickTarget } from '../tracking/tracking-records';
import { OPEN_PIXEL_SUFFIX, TRACKING_PREFIX } from '../tracking/tracking-paths';

// The local mailbox shows a kept email as its reader would get it, but looking at it is not
// that reader's doing (issue 37: a viewed copy once decided an A/B test). So the preview is
// made here, where the tracking records are: the open pixel is taken out, and each tracked
// link is replaced by where its redirect would lead (the letter's own address with that
// reader's UTM parameters), found with the same read-only lookup as a HEAD request. Nothing
// is written, and a click in the preview never passes through the platform.

const TOKEN = '[0-9a-f]{16,64}';
const escapedSuffix = OPEN_PIXEL_SUFFIX.replace('.', '\\.');
/** An `<img>` whose source is an open pixel, on whichever origin the send used. */
const OPEN_PIXEL_IMG = new RegExp(`<img\\b[^>]*\\bsrc=["']https?://[^"'/?#]+${TRACKING_PREFIX}/o/${TOKEN}${escapedSuffix}["'][^>]*>`, 'gi');
const CLICK_URL = new RegExp(`^https?://[^/?#]+${TRACKING_PREFIX}/c/(${TOKEN})/([1-9]\\d{0,8})$`, 'i');

export function withoutOpenPixel(html: string): string {
  return html.replace(OPEN_PIXEL_IMG, '');
}

/** The tracked link's destination, or null when it names nothing the platform knows. */
async function destinationOf(db: Db, url: string, platformUrl: string): Promise<string | null> {
  const match = CLICK_URL.exec(url);
  if (!match) return null;
  const target = await findClickTarget(db, match[1]!.toLowerCase(), Number(match[2]));
  return target ? clickDestination(db, target, platformUrl) : null;
}

/** The kept HTML as the mailbox shows it: no open pixel, tracked links straight to their destinations. */
export async function mailboxPreviewHtml(db: Db, html: string, platformUrl: string): Promise<string> {
  const tracked = new Set<string>();
  rewriteHrefs(html, (url) => {
    if (CLICK_URL.test(url)) tracked.add(url);
    return null;
  });
  const destinations = new Map<string, string>();
  for (const url of tracked) {
    const destination = await destinationOf(db, url, platformUrl);
    // A tracked link naming nothing known stays; following it records nothing either.
    if (destination !== null) destinations.set(url, destination);
  }
  return withoutOpenPixel(rewriteHrefs(html, (url) => destinations.get(url) ?? null));
}
