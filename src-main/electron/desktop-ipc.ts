import { z } from 'zod';
import type { CommandState } from '../../shared/commands';
import { DesktopSettingsSchema, type DesktopSettings, type DesktopSettingsView } from '../../shared/contract/desktop';
import { MAIN_CHANNELS } from '../../shared/contract/ipc-messages';
import { CommandStateSchema } from './menu-state';
import { registerHandler, type IpcMainLike, type SenderTrust } from './register-handler';

// Everything a window may ask of main, each through registerHandler with its schema.

export interface DesktopHandlers {
  settingsView(): DesktopSettingsView;
  saveSettings(settings: DesktopSettings): DesktopSettingsView;
  relaunch(): void;
  /** `windowId` is the sender's web contents id. */
  commandState(windowId: number, state: CommandState): void;
}

/** Requests without input: the renderer's invoke passes undefined. */
const NoInput = z.undefined();

export function registerDesktopHandlers(ipc: IpcMainLike, handlers: DesktopHandlers, trust: SenderTrust): void {
  registerHandler(ipc, MAIN_CHANNELS.settingsGet, NoInput, () => handlers.settingsView(), trust);
  registerHandler(ipc, MAIN_CHANNELS.settingsSave, DesktopSettingsSchema, (settings) => handlers.saveSettings(settings), trust);
  registerHandler(
    ipc,
    MAIN_CHANNELS.relaunch,
    NoInput,
    () => {
      handlers.relaunch();
      return null;
    },
    trust,
  );
  registerHandler(ipc, MAIN_CHANNELS.commandState, CommandStateSchema, (state, event) => handlers.commandState(event.sender.id, state), trust);
}
