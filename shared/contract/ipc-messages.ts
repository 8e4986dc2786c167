// The Electron ipc message names between main and the preload. Kept free of zod and every
// other import, so the sandboxed preload bundles nothing but what it needs.

/** Main hands a window's preload its MessagePort to the core. */
export const BRIDGE_PORT_MESSAGE = 'bridge-port';

/** Main sends a native menu's command (a registry id) to the focused window. */
export const APP_COMMAND_MESSAGE = 'app-command';

/** Main asks a window to show an app route (a letterdesk:// link was opened). */
export const APP_NAVIGATE_MESSAGE = 'app-navigate';

/**
 * Messages from a window to main. Main registers each one through `registerHandler`
 * (src-main/electron/register-handler.ts), which checks the sender and the input.
 */
export const MAIN_CHANNELS = {
  /** One-way: what the window shows (its letter's state), for the native menu. */
  commandState: 'command-state',
  /** Request: the desktop settings (platform choice) and where the token is kept. */
  settingsGet: 'settings-get',
  /** Request: save the desktop settings; they apply after a restart. */
  settingsSave: 'settings-save',
  /** Request: restart the app (after a settings change). */
  relaunch: 'app-relaunch',
} as const;

export type MainChannel = (typeof MAIN_CHANNELS)[keyof typeof MAIN_CHANNELS];
