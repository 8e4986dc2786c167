import { z } from 'zod';
import type { CommandState } from '../commands/commands';
import type { Result } from './errors';

// What only the desktop app has: the choice of platform (the one it starts itself, or a
// remote server) and the native menu's view of the window. The preload exposes it as
// `window.bridge.desktop`; the browser host has none (it is configured by PLATFORM_URL).

export const REMOTE_URL_REQUIRED = 'Enter the address of the Letterdesk server';
export const REMOTE_URL_INVALID = 'Enter a web address such as https://letterdesk.example.com';
export const REMOTE_URL_NOT_HTTPS = 'Use an https:// address (plain http:// only for a server on this computer)';

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A remote platform's address, normalised to its origin and path without a trailing
 * slash. https only: the sign-in password and the token travel over it. Plain http is
 * accepted for a server on this computer (a developer's own platform).
 */
export const RemotePlatformUrlSchema = z
  .string()
  .trim()
  .min(1, REMOTE_URL_REQUIRED)
  .max(2048, REMOTE_URL_INVALID)
  .transform((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: REMOTE_URL_INVALID });
      return z.NEVER;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') {
      ctx.addIssue({ code: 'custom', message: REMOTE_URL_INVALID });
      return z.NEVER;
    }
    if (url.protocol === 'http:' && !LOOPBACK_HOSTS.has(url.hostname.toLowerCase())) {
      ctx.addIssue({ code: 'custom', message: REMOTE_URL_NOT_HTTPS });
      return z.NEVER;
    }
    if (url.username !== '' || url.password !== '' || url.search !== '' || url.hash !== '') {
      ctx.addIssue({ code: 'custom', message: REMOTE_URL_INVALID });
      return z.NEVER;
    }
    return `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, '')}`;
  });

export const PlatformChoiceSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('embedded') }).strict(),
  z.object({ mode: z.literal('remote'), url: RemotePlatformUrlSchema }).strict(),
]);
export type PlatformChoice = z.output<typeof PlatformChoiceSchema>;

export const DesktopSettingsSchema = z.object({ platform: PlatformChoiceSchema }).strict();
export type DesktopSettings = z.output<typeof DesktopSettingsSchema>;
export type DesktopSettingsInput = z.input<typeof DesktopSettingsSchema>;

export const DEFAULT_DESKTOP_SETTINGS: DesktopSettings = { platform: { mode: 'embedded' } };

/**
 * Where the platform token is kept. `memory-only`: no secret store (Linux without a
 * keyring, where safeStorage would only obfuscate it), so the token is not written to disk
 * and a remote sign-in is asked again after a restart.
 */
export type TokenStorage = 'encrypted' | 'memory-only';

export interface DesktopSettingsView {
  /** What is saved; it applies from the next start. */
  saved: DesktopSettings;
  /** What this run uses. */
  active: { mode: 'embedded' | 'remote'; url: string };
  /** The saved choice differs from the running one. */
  restartNeeded: boolean;
  /** PLATFORM_URL is set: it wins over the saved choice. */
  overriddenByEnvironment: boolean;
  tokenStorage: TokenStorage;
}

export interface DesktopBridge {
  getSettings(): Promise<Result<DesktopSettingsView>>;
  saveSettings(settings: DesktopSettingsInput): Promise<Result<DesktopSettingsView>>;
  /** Quits (pushing unsynced changes first) and starts again. */
  relaunch(): Promise<Result<null>>;
  /** Tells main what the window shows, so the native menu greys out what does not apply. */
  reportCommandState(state: CommandState): void;
}
