// The tracking addresses on the platform's own origin (DECISIONS "Platform API conventions"):
// outside /api, public, keyed by the recipient's tracking token. Built here for the emails
// and read back by routes/tracking.ts, so the two cannot disagree.

export const TRACKING_PREFIX = '/t';

export const trackingPaths = {
  /** The 1×1 open pixel: `/t/o/{token}.gif`. */
  open: (token: string) => `${TRACKING_PREFIX}/o/${encodeURIComponent(token)}.gif`,
  /** A tracked link: `/t/c/{token}/{position}`, answered with a redirect to the letter's own address. */
  click: (token: string, position: number) => `${TRACKING_PREFIX}/c/${encodeURIComponent(token)}/${position}`,
} as const;

export const OPEN_PIXEL_SUFFIX = '.gif';
