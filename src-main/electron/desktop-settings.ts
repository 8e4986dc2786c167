import {
  DEFAULT_DESKTOP_SETTINGS,
  DesktopSettingsSchema,
  type DesktopSettings,
  type DesktopSettingsView,
  type PlatformChoice,
  type TokenStorage,
} from '../../shared/contract/desktop';
import { createHash } from 'node:crypto';
import { readJsonFile, writeJsonFile } from './json-file';

// The desktop app's own settings (userData/settings.json): for now, which platform it
// works with. Read once at start: switching platforms means another core, another
// session and another token, so a change applies after a restart (the Settings screen
// offers one). PLATFORM_URL, a developer's switch, wins over the saved choice.

export function loadDesktopSettings(file: string): DesktopSettings {
  const parsed = DesktopSettingsSchema.safeParse(readJsonFile(file));
  return parsed.success ? parsed.data : DEFAULT_DESKTOP_SETTINGS;
}

export function saveDesktopSettings(file: string, settings: DesktopSettings): void {
  writeJsonFile(file, settings);
}

export interface PlatformDecision {
  choice: PlatformChoice;
  fromEnvironment: boolean;
}

/** What this run connects to: PLATFORM_URL if set (and valid), else the saved choice. */
export function choosePlatform(saved: DesktopSettings, environmentUrl: string | undefined): PlatformDecision {
  const trimmed = environmentUrl?.trim();
  if (trimmed) {
    // A developer's own server is often plain http on another machine of theirs; the
    // variable is theirs to set, so it is taken as given rather than held to https.
    return { choice: { mode: 'remote', url: trimmed.replace(/\/+$/, '') }, fromEnvironment: true };
  }
  return { choice: saved.platform, fromEnvironment: false };
}

function sameChoice(a: PlatformChoice, b: PlatformChoice): boolean {
  if (a.mode !== b.mode) return false;
  return a.mode === 'embedded' || (b.mode === 'remote' && a.url === b.url);
}

export function settingsView(input: {
  saved: DesktopSettings;
  running: PlatformDecision;
  /** The URL this run talks to (the embedded server's once it listens). */
  runningUrl: string;
  tokenStorage: TokenStorage;
}): DesktopSettingsView {
  return {
    saved: input.saved,
    active: { mode: input.running.choice.mode, url: input.runningUrl },
    restartNeeded: !input.running.fromEnvironment && !sameChoice(input.saved.platform, input.running.choice),
    overriddenByEnvironment: input.running.fromEnvironment,
    tokenStorage: input.tokenStorage,
  };
}

/**
 * The folder (under userData) of the core's local cache and token for a platform. Each
 * platform gets its own, so switching never pushes one platform's letters to another:
 * the embedded platform keeps 'desktop', a remote one a folder named by its host and a
 * hash of its URL.
 */
export function coreDataDirName(choice: PlatformChoice): string {
  if (choice.mode === 'embedded') return 'desktop';
  let host = 'server';
  try {
    host = new URL(choice.url).host.replace(/[^A-Za-z0-9.-]/g, '_').slice(0, 60) || host;
  } catch {
    // A PLATFORM_URL that is not a URL still gets a folder of its own.
  }
  const hash = createHash('sha256').update(choice.url).digest('hex').slice(0, 12);
  return `desktop-remote-${host}-${hash}`;
}
