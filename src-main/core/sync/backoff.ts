// How long background work (sync pushes, image uploads) waits before trying the platform
// again. The wait doubles with each failure in a row, up to a minute, and is spread at
// random over its upper half so that many desktops cut off together do not all come back
// at the same moment.

/** The longest wait between tries. */
export const MAX_BACKOFF_MS = 60_000;

/** The wait after `failures` failures in a row (1 for the first): 1–2 s, 2–4 s, … up to 30–60 s. */
export function backoffMs(failures: number, random: () => number = Math.random): number {
  const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 6));
  return backoff / 2 + random() * (backoff / 2);
}
