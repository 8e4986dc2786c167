import { session, shell, type WebContents } from 'electron';
import { decideFrameNavigation, decideNavigation, decideWindowOpen, type NavigationPolicy } from './navigation-policy';

// Electron's side of the navigation and permission rules decided in navigation-policy.ts:
// what every web contents may open, navigate to or be granted.

// Permissions a page may get. Copying to the clipboard (merge tags, links) is the only one
// the composer uses; camera, location, notifications and the rest are refused.
const ALLOWED_PERMISSIONS = new Set<string>(['clipboard-sanitized-write']);

type Log = (message: string, detail?: unknown) => void;

/** Only URLs navigation-policy.ts sent to the browser arrive here (https, or the platform's own pages). */
function openExternal(url: string, log: Log): void {
  shell.openExternal(url).catch((error: unknown) => log(`Could not open ${url}`, error));
}

/** Applies to every web contents: windows, the preview's frames, and anything else. */
export function hardenWebContents(contents: WebContents, policy: () => NavigationPolicy, log: Log): void {
  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url, policy()) === 'open-external') openExternal(url, log);
    return { action: 'deny' };
  });
  contents.on('will-navigate', (event) => {
    const decision = decideNavigation(event.url, policy());
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openExternal(event.url, log);
  });
  contents.on('will-frame-navigate', (event) => {
    if (event.isMainFrame) return; // will-navigate above decides for the main frame
    const decision = decideFrameNavigation(event.url, policy());
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-external') openExternal(event.url, log);
  });
  contents.on('will-attach-webview', (event) => event.preventDefault());
}

export function refusePermissions(): void {
  session.defaultSession.setPermissionRequestHandler((_contents, permission, callback) => {
    callback(ALLOWED_PERMISSIONS.has(permission));
  });
  session.defaultSession.setPermissionCheckHandler((_contents, permission) => ALLOWED_PERMISSIONS.has(permission));
}
