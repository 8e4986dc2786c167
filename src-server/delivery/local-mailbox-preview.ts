import type { Db } from '../db/database';
import { clickDestination } from '../tracking/click-destination';
import { rewriteHrefs } from '../../shared/render/anchor-hrefs';
import { OPEN_PIXEL_SUFFIX, TRACKING_PREFIX } from '../tracking/tracking-paths';
import { findClickTarget } from '../tracking/tracking-records';
import { findKeptEmail } from './local-mailbox';

// What the app's Local mailbox screen shows of a kept email (issue 37). A kept scheduled
// send is one reader's email, with that reader's open pixel and tracked links: viewing it as
// it is would count as the reader's open (it once decided an A/B test), and following a link
// as their click. The preview is the same email with the pixel taken out and each tracked
// link pointing where the redirect would send the reader (UTM parameters included), so
// looking at it and following its links record nothing. The kept email itself (the list's
// `html`) stays exactly as it would have been sent.

/** `<img …>` whose src is an open pixel `…/t/o/{token}.gif` (any origin: PUBLIC_URL may have changed since). */
const OPEN_PIXEL_TAG = new RegExp(
  `<img\\b(?:[^>"']|"[^"]*"|'[^']*')*?\\ssrc\\s*=\\s*(["'])[^"']*${TRACKING_PREFIX}/o/[^"'/]+\\${OPEN_PIXEL_SUFFIX}\\1(?:[^>"']|"[^"]*"|'[^']*')*>`,
  'gi',
);

/** The token and position of a tracked link `…/t/c/{token}/{position}`, or null. */
function trackedLinkOf(url: string): { token: string; position: number } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  const match = new RegExp(`${TRACKING_PREFIX}/c/([^/]+)/([1-9]\\d{0,8})$`).exec(parsed.pathname);
  if (!match || parsed.search !== '') return null;
  return { token: decodeURIComponent(match[1]!), position: Number(match[2]) };
}

/** The email's HTML without its open pixels. */
export function withoutOpenPixels(html: string): string {
  return html.replace(OPEN_PIXEL_TAG, '');
}

/**
 * The email with each tracked link replaced by where it leads, found without recording
 * anything (as a HEAD of the link would); a link whose reader or position is unknown stays.
 */
export async function withDirectLinks(db: Db, html: string, platformUrl: string): Promise<string> {
  const tracked = new Set<string>();
  rewriteHrefs(html, (url) => {
    if (trackedLinkOf(url)) tracked.add(url);
    return null;
  });
  const destinations = new Map<string, string>();
  for (const url of tracked) {
    const link = trackedLinkOf(url)!;
    const target = await findClickTarget(db, link.token, link.position);
    if (!target) continue;
    destinations.set(url, await clickDestination(db, target, platformUrl).catch(() => target.url));
  }
  return rewriteHrefs(html, (url) => destinations.get(url) ?? null);
}

/** The kept email as the Local mailbox screen shows it; null when the caller may not read it (or it is gone). */
export async function keptEmailPreview(db: Db, userId: number, id: number, platformUrl: string): Promise<string | null> {
  const kept = await findKeptEmail(db, userId, id);
  if (!kept) return null;
  return withDirectLinks(db, withoutOpenPixels(kept.html), platformUrl);
}
