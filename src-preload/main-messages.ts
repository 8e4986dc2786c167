import type { CommandState } from '../shared/commands/commands';
import type { DesktopBridge, DesktopSettingsInput } from '../shared/contract/desktop';
import type { Result } from '../shared/contract/errors';
import { APP_COMMAND_MESSAGE, APP_NAVIGATE_MESSAGE, BRIDGE_PORT_MESSAGE, MAIN_CHANNELS } from '../shared/contract/ipc-messages';
import type { ClientPort, PortBridgeClient } from './port-bridge-client';

// What travels between the preload and main over Electron's ipc, kept apart from
// index.ts so it is tested with a fake ipcRenderer. The page never receives ipcRenderer, an
// ipc event, or anything with a reference to them: listeners get checked payloads, and the
// desktop API is a handful of functions that each send one named message. Type-only
// imports: the sandboxed preload bundles no zod.

/** The part of an IpcRendererEvent used here. */
export interface IpcRendererEventLike {
  readonly ports: readonly MessagePort[];
}

/** The part of Electron's ipcRenderer used here. */
export interface IpcRendererLike {
  on(channel: string, listener: (event: IpcRendererEventLike, ...args: unknown[]) => void): unknown;
  send(channel: string, ...args: unknown[]): void;
  invoke(channel: string, ...args: unknown[]): Promise<unknown>;
}

/** Routes main's messages: the core's port to the bridge client, menu commands and links as bridge events. */
export function listenToMain(ipc: IpcRendererLike, client: Pick<PortBridgeClient, 'connect' | 'deliver'>, adaptPort: (port: MessagePort) => ClientPort): void {
  // Main sends a port after every page load, and a new one when the core restarts.
  ipc.on(BRIDGE_PORT_MESSAGE, (event) => {
    const [port] = event.ports;
    if (port) client.connect(adaptPort(port));
  });
  // Native menu commands: only the command's id reaches the page, never the ipc event.
  ipc.on(APP_COMMAND_MESSAGE, (_event, id: unknown) => {
    if (typeof id === 'string') client.deliver('app.command', { id });
  });
  // letterdesk:// links: main has parsed the link into an app route; only that route passes.
  ipc.on(APP_NAVIGATE_MESSAGE, (_event, path: unknown) => {
    if (typeof path === 'string' && path.startsWith('/') && !path.startsWith('//')) client.deliver('app.navigate', { path });
  });
}

const MALFORMED_ANSWER: Result<never> = { ok: false, error: { code: 'internal', message: 'Letterdesk did not answer as expected.' } };

function isResult(value: unknown): value is Result<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const ok = (value as { ok?: unknown }).ok;
  if (ok === true) return 'data' in value;
  if (ok !== false) return false;
  const error = (value as { error?: unknown }).error;
  return typeof error === 'object' && error !== null && typeof (error as { message?: unknown }).message === 'string';
}

async function request<T>(ipc: IpcRendererLike, channel: string, input?: unknown): Promise<Result<T>> {
  try {
    const answer = await ipc.invoke(channel, input);
    return isResult(answer) ? (answer as Result<T>) : MALFORMED_ANSWER;
  } catch {
    return MALFORMED_ANSWER;
  }
}

/** window.bridge.desktop: plain functions, each sending one allow-listed message (see register-handler.ts in main). */
export function createDesktopBridge(ipc: IpcRendererLike): DesktopBridge {
  return {
    getSettings: () => request(ipc, MAIN_CHANNELS.settingsGet),
    saveSettings: (settings: DesktopSettingsInput) => request(ipc, MAIN_CHANNELS.settingsSave, settings),
    relaunch: () => request(ipc, MAIN_CHANNELS.relaunch),
    reportCommandState: (state: CommandState) => {
      // Copied field by field: only data crosses, whatever the page passed in.
      const letter = state.letter
        ? { publicationStatus: state.letter.publicationStatus, esp: state.letter.esp, isCompanyLevel: state.letter.isCompanyLevel }
        : null;
      ipc.send(MAIN_CHANNELS.commandState, { channelOpen: state.channelOpen, letter });
    },
  };
}
