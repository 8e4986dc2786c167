// The Electron ipc message names between main and the preload. Kept free of zod and every
// other import, so the sandboxed preload bundles nothing but what it needs.

/** Main hands a window's preload its MessagePort to the core. */
export const BRIDGE_PORT_MESSAGE = 'bridge-port';

/** Main sends a native menu's command (a registry id) to the focused window. */
export const APP_COMMAND_MESSAGE = 'app-command';
