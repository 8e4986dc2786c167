import { COMMANDS, isCommandEnabled, type CommandDeclaration, type CommandId, type CommandState, type MenuName } from './commands';

// The native menu as plain data, built from the command registry: Electron's main turns
// it into a Menu (items with a commandId send that command to the focused window). Pure,
// so every platform's menu is tested here, where Electron cannot run.

export type DesktopPlatform = 'darwin' | 'win32' | 'linux';

export interface MenuItemSpec {
  label?: string;
  role?: string;
  accelerator?: string;
  enabled?: boolean;
  commandId?: CommandId;
  type?: 'separator';
  submenu?: MenuItemSpec[];
}

const MENU_TITLES: Record<Exclude<MenuName, 'app'>, string> = {
  file: 'File',
  edit: 'Edit',
  view: 'View',
  letter: 'Letter',
  window: 'Window',
  help: 'Help',
};

/** Off macOS there is no app menu: its items move to File and Help, as Windows and Linux users expect. */
const APP_ITEMS_ELSEWHERE: Partial<Record<CommandId, MenuName>> = {
  'app.settings': 'file',
  'app.quit': 'file',
  'app.about': 'help',
  'app.checkForUpdates': 'help',
};

function itemFor(command: CommandDeclaration, state: CommandState): MenuItemSpec {
  const item: MenuItemSpec = { label: command.label };
  if (command.accelerator) item.accelerator = command.accelerator;
  if (command.role) item.role = command.role;
  else item.commandId = command.id as CommandId;
  if (command.enabledWhen) item.enabled = isCommandEnabled(command, state);
  return item;
}

function withSeparators(commands: CommandDeclaration[], state: CommandState): MenuItemSpec[] {
  const items: MenuItemSpec[] = [];
  for (const command of commands) {
    if (command.separatorBefore && items.length > 0) items.push({ type: 'separator' });
    items.push(itemFor(command, state));
  }
  return items;
}

export function buildMenuTemplate(options: { platform: DesktopPlatform; isDevelopment: boolean; state: CommandState }): MenuItemSpec[] {
  const { platform, isDevelopment, state } = options;
  const mac = platform === 'darwin';
  const shown = COMMANDS.filter((c: CommandDeclaration) => (isDevelopment || !c.developmentOnly) && (mac || !c.macOnly));
  const menuOf = (command: CommandDeclaration): MenuName =>
    mac || command.menu !== 'app' ? command.menu : (APP_ITEMS_ELSEWHERE[command.id as CommandId] ?? 'help');

  const template: MenuItemSpec[] = [];
  if (mac) template.push({ label: 'Letterdesk', submenu: withSeparators(shown.filter((c) => c.menu === 'app'), state) });
  for (const [menu, title] of Object.entries(MENU_TITLES) as Array<[Exclude<MenuName, 'app'>, string]>) {
    const commands = shown.filter((c) => menuOf(c) === menu);
    // Moved app items sit apart from the menu's own, at its end (Quit last in File).
    const own = commands.filter((c) => c.menu === menu);
    const moved = commands.filter((c) => c.menu !== menu).map((c) => ({ ...c, separatorBefore: true }));
    if (own.length + moved.length === 0) continue;
    template.push({ label: title, ...(menu === 'window' && mac ? { role: 'windowMenu' } : {}), submenu: withSeparators([...own, ...moved], state) });
  }
  return template;
}
