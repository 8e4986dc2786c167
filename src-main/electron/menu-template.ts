import type { MenuItemConstructorOptions } from 'electron';
import type { CommandId, MenuItemSpec } from '../../shared/commands';

// Turns the registry's menu (plain data) into Electron's template. Pure apart from the
// types, so the conversion is tested without the Electron binary: items with a commandId
// send that command to the focused window; role items keep the platform's behaviour.

export function toElectronTemplate(items: readonly MenuItemSpec[], send: (commandId: CommandId) => void): MenuItemConstructorOptions[] {
  return items.map((item): MenuItemConstructorOptions => {
    if (item.type === 'separator') return { type: 'separator' };
    const options: MenuItemConstructorOptions = {};
    if (item.label !== undefined) options.label = item.label;
    if (item.accelerator !== undefined) options.accelerator = item.accelerator;
    if (item.enabled !== undefined) options.enabled = item.enabled;
    if (item.role !== undefined) options.role = item.role as NonNullable<MenuItemConstructorOptions['role']>;
    if (item.submenu) options.submenu = toElectronTemplate(item.submenu, send);
    const commandId = item.commandId;
    if (commandId) {
      // The id lets main grey the item out later without rebuilding the menu (menu-state.ts).
      options.id = commandId;
      options.click = () => send(commandId);
    }
    return options;
  });
}
