import { z } from 'zod';
import { COMMANDS, isCommandEnabled, type CommandDeclaration, type CommandId, type CommandState } from '../../shared/commands';

// The native menu follows the focused window: each window reports what it shows (the
// `command-state` message, CommandState in shared/commands), and main greys out the items
// that do not apply. Pure apart from the tiny menu interface, so it is tested without
// Electron.

/** What a window may report. Bounded, because it comes from a renderer. */
export const CommandStateSchema = z
  .object({
    channelOpen: z.boolean(),
    letter: z
      .object({
        publicationStatus: z.number().int().min(0).max(1000),
        esp: z.number().int().min(0).max(1000),
        isCompanyLevel: z.boolean(),
      })
      .strict()
      .nullable(),
  })
  .strict();

/** Before a window has said anything (or with no window): nothing open. */
export const NOTHING_OPEN: CommandState = { channelOpen: false, letter: null };

/** Enabled or not, for every command whose availability depends on the window. */
export function commandEnabledStates(state: CommandState): Map<CommandId, boolean> {
  const states = new Map<CommandId, boolean>();
  for (const command of COMMANDS as readonly CommandDeclaration[]) {
    if (command.enabledWhen) states.set(command.id as CommandId, isCommandEnabled(command, state));
  }
  return states;
}

/** The part of Electron's Menu used here: items built with `id` set to their command id. */
export interface MenuLike {
  getMenuItemById(id: string): { enabled: boolean } | null;
}

/** Sets each item's enabled flag; returns the ids that changed. */
export function applyCommandState(menu: MenuLike, state: CommandState): CommandId[] {
  const changed: CommandId[] = [];
  for (const [id, enabled] of commandEnabledStates(state)) {
    const item = menu.getMenuItemById(id);
    if (!item || item.enabled === enabled) continue;
    item.enabled = enabled;
    changed.push(id);
  }
  return changed;
}
