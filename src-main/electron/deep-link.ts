import { letterPath, newslettersPath } from '../../shared/app-paths';

// letterdesk:// links: letterdesk://organizations/{brand}/channels/{channel}/newsletters/{id}
// opens that letter, and .../newsletters alone opens the channel's list. A link comes from
// anywhere (a browser, an email, another app), so it is parsed strictly into one of those
// two routes and everything else is refused: the route is rebuilt from checked parts,
// never copied from the link.

export const DEEP_LINK_SCHEME = 'letterdesk';

const MAX_LINK_LENGTH = 2048;
/** Slugs, numeric ids and uniqueIds: letters, digits, '-' and '_', no dots or slashes. */
const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;

export type DeepLinkRoute =
  | { kind: 'letter'; brandSlug: string; channelSlug: string; id: string; path: string }
  | { kind: 'newsletters'; brandSlug: string; channelSlug: string; path: string };

function segment(raw: string | undefined): string | null {
  if (raw === undefined) return null;
  let decoded: string;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    return null;
  }
  return SEGMENT.test(decoded) ? decoded : null;
}

/** The app route a link asks for, or null when it is not one of ours or not well formed. */
export function parseDeepLink(link: unknown): DeepLinkRoute | null {
  if (typeof link !== 'string' || link.length > MAX_LINK_LENGTH) return null;
  // Whitespace and control characters have no place in a link we made; refusing them
  // avoids every question of how each layer would trim or strip them.
  if ([...link].some((char) => /\s|\\/.test(char) || char.charCodeAt(0) < 0x20 || (char.charCodeAt(0) >= 0x7f && char.charCodeAt(0) <= 0x9f))) return null;
  const prefix = `${DEEP_LINK_SCHEME}://`;
  if (link.slice(0, prefix.length).toLowerCase() !== prefix) return null;
  // The query and fragment carry nothing we use (campaign tags, for example).
  const rest = link.slice(prefix.length).split(/[?#]/, 1)[0] ?? '';
  const parts = rest.replace(/\/$/, '').split('/');
  if (parts[0] !== 'organizations' || parts[2] !== 'channels' || parts[4] !== 'newsletters') return null;
  const brandSlug = segment(parts[1]);
  const channelSlug = segment(parts[3]);
  if (!brandSlug || !channelSlug) return null;
  if (parts.length === 5) return { kind: 'newsletters', brandSlug, channelSlug, path: newslettersPath(brandSlug, channelSlug) };
  const id = segment(parts[5]);
  if (!id || parts.length !== 6) return null;
  return { kind: 'letter', brandSlug, channelSlug, id, path: letterPath(brandSlug, channelSlug, id) };
}

/**
 * The link among a launch's command-line arguments (Windows and Linux start a second
 * instance with it; the first instance gets that instance's argv). Flags are skipped, and
 * only the first letterdesk: argument counts.
 */
export function findDeepLinkInArgv(argv: readonly string[]): DeepLinkRoute | null {
  const link = argv.find((arg) => arg.slice(0, DEEP_LINK_SCHEME.length + 1).toLowerCase() === `${DEEP_LINK_SCHEME}:`);
  return link === undefined ? null : parseDeepLink(link);
}
