// Where a window may go. The app's pages stay in the window; a link to the web opens in
// the system browser; everything else is refused. Pure so the rules are unit-tested.

export type NavigationDecision = 'allow' | 'open-external' | 'deny';

export interface NavigationPolicy {
  /** Origins the window itself may show: app://letterdesk, and the Vite server in development. */
  appOrigins: readonly string[];
  /** Extra origins whose links open in the browser (the embedded platform's public pages are plain http). */
  externalOrigins?: readonly string[];
}

export function decideNavigation(target: string, policy: NavigationPolicy): NavigationDecision {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return 'deny';
  }
  if (policy.appOrigins.some((origin) => isSameOrigin(url, origin))) return 'allow';
  // Credentials in a link are a classic way to disguise where it leads.
  if (url.username !== '' || url.password !== '') return 'deny';
  if (url.protocol === 'https:') return 'open-external';
  if (policy.externalOrigins?.some((origin) => isSameOrigin(url, origin))) return 'open-external';
  return 'deny';
}

/**
 * A frame inside a page (the letter preview is a srcdoc iframe). It may load documents the
 * page made itself; a link clicked inside it goes to the browser like any other link.
 */
export function decideFrameNavigation(target: string, policy: NavigationPolicy): NavigationDecision {
  if (target === 'about:blank' || target === 'about:srcdoc') return 'allow';
  if (target.startsWith('blob:') || target.startsWith('data:')) return 'allow';
  return decideNavigation(target, policy);
}

/** A new window is never opened inside the app; at best the link goes to the browser. */
export function decideWindowOpen(target: string, policy: NavigationPolicy): Exclude<NavigationDecision, 'allow'> {
  const decision = decideNavigation(target, { ...policy, appOrigins: [] });
  return decision === 'open-external' ? 'open-external' : 'deny';
}

/** Same scheme, host and port; `URL.origin` cannot say, being "null" for app: URLs. */
export function isSameOrigin(url: URL, origin: string): boolean {
  let other: URL;
  try {
    other = new URL(origin);
  } catch {
    return false;
  }
  return (
    url.protocol === other.protocol &&
    url.hostname.toLowerCase() === other.hostname.toLowerCase() &&
    url.port === other.port
  );
}
