import { isEditableStatus, PublicationStatus } from '../model/publication';
import type { CommandPlatform } from './accelerator';

// The one registry of the app's commands: the native menu (Electron), the renderer's
// keyboard handling (both hosts), tooltips and buttons all read these declarations, so a
// label or a shortcut is written once.

/** What the focused window shows, as far as commands care. */
export interface CommandState {
  /** A channel's screens are open (New Letter needs one). */
  channelOpen: boolean;
  /** The letter open in the composer, or null. */
  letter: { publicationStatus: number; esp: number; isCompanyLevel: boolean } | null;
}

export type MenuName = 'app' | 'file' | 'edit' | 'view' | 'letter' | 'window' | 'help';

export interface CommandDeclaration {
  id: string;
  label: string;
  /** Electron accelerator syntax; CmdOrCtrl is ⌘ on macOS and Ctrl elsewhere. */
  accelerator?: string;
  menu: MenuName;
  /** An Electron menu role: the item's behaviour is the platform's own (copy, zoom...). */
  role?: string;
  /** Electron's main process runs it itself (it needs no window), so no screen handles it. */
  runsInMain?: boolean;
  /** Only in development builds (reload, devtools). */
  developmentOnly?: boolean;
  /** Only on macOS (the app menu's Hide, for example). */
  macOnly?: boolean;
  /** A separator goes before this item. */
  separatorBefore?: boolean;
  /**
   * In the browser host (a tab, no native menu): 'native' when the browser does it itself
   * with the same keys (copy, zoom); 'unavailable' when it cannot work there (quitting or
   * closing a window is the browser's, and it keeps Ctrl+N for a new window of its own).
   * Unset: the page handles the keys itself.
   */
  browserHost?: 'native' | 'unavailable';
  enabledWhen?: (state: CommandState) => boolean;
}

const ITERABLE_ESP = 1;
const hasLetter = (state: CommandState) => state.letter !== null;
const canPreviewAndSchedule = ({ letter }: CommandState) =>
  letter !== null &&
  !letter.isCompanyLevel &&
  (isEditableStatus(letter.publicationStatus) || letter.publicationStatus === PublicationStatus.review);

export const COMMANDS = [
  { id: 'app.about', label: 'About Letterdesk', menu: 'app', role: 'about' },
  { id: 'app.settings', label: 'Settings…', accelerator: 'CmdOrCtrl+,', menu: 'app', separatorBefore: true },
  { id: 'app.checkForUpdates', label: 'Check for Updates…', menu: 'app', runsInMain: true },
  { id: 'app.hide', label: 'Hide Letterdesk', accelerator: 'Command+H', menu: 'app', role: 'hide', macOnly: true, separatorBefore: true, browserHost: 'unavailable' },
  { id: 'app.quit', label: 'Quit Letterdesk', accelerator: 'CmdOrCtrl+Q', menu: 'app', role: 'quit', separatorBefore: true, browserHost: 'unavailable' },

  { id: 'file.newLetter', label: 'New Letter', accelerator: 'CmdOrCtrl+N', menu: 'file', enabledWhen: (s) => s.channelOpen, browserHost: 'unavailable' },
  // Opens a file picker: an email from another tool, an MJML file or a letter JSON becomes a new draft.
  { id: 'file.import', label: 'Import…', accelerator: 'CmdOrCtrl+O', menu: 'file', enabledWhen: (s) => s.channelOpen },
  { id: 'file.save', label: 'Save', accelerator: 'CmdOrCtrl+S', menu: 'file', enabledWhen: hasLetter },
  { id: 'file.closeWindow', label: 'Close Window', accelerator: 'CmdOrCtrl+W', menu: 'file', role: 'close', separatorBefore: true, browserHost: 'unavailable' },

  { id: 'edit.undo', label: 'Undo', accelerator: 'CmdOrCtrl+Z', menu: 'edit', role: 'undo' , browserHost: 'native' },
  { id: 'edit.redo', label: 'Redo', accelerator: 'Shift+CmdOrCtrl+Z', menu: 'edit', role: 'redo' , browserHost: 'native' },
  { id: 'edit.cut', label: 'Cut', accelerator: 'CmdOrCtrl+X', menu: 'edit', role: 'cut', separatorBefore: true , browserHost: 'native' },
  { id: 'edit.copy', label: 'Copy', accelerator: 'CmdOrCtrl+C', menu: 'edit', role: 'copy' , browserHost: 'native' },
  { id: 'edit.paste', label: 'Paste', accelerator: 'CmdOrCtrl+V', menu: 'edit', role: 'paste' , browserHost: 'native' },
  { id: 'edit.selectAll', label: 'Select All', accelerator: 'CmdOrCtrl+A', menu: 'edit', role: 'selectAll' , browserHost: 'native' },

  { id: 'view.desktopPreview', label: 'Desktop Preview', accelerator: 'CmdOrCtrl+Alt+1', menu: 'view', enabledWhen: hasLetter },
  { id: 'view.mobilePreview', label: 'Mobile Preview', accelerator: 'CmdOrCtrl+Alt+2', menu: 'view', enabledWhen: hasLetter },
  { id: 'view.togglePreview', label: 'Toggle Preview', accelerator: 'CmdOrCtrl+Shift+P', menu: 'view', enabledWhen: hasLetter },
  { id: 'view.previewAs', label: 'Preview As…', accelerator: 'CmdOrCtrl+Alt+P', menu: 'view', enabledWhen: hasLetter },
  { id: 'view.reload', label: 'Reload', accelerator: 'CmdOrCtrl+R', menu: 'view', role: 'reload', developmentOnly: true, separatorBefore: true },
  { id: 'view.toggleDevTools', label: 'Toggle Developer Tools', accelerator: 'Alt+CmdOrCtrl+I', menu: 'view', role: 'toggleDevTools', developmentOnly: true },
  { id: 'view.resetZoom', label: 'Actual Size', accelerator: 'CmdOrCtrl+0', menu: 'view', role: 'resetZoom', separatorBefore: true , browserHost: 'native' },
  { id: 'view.zoomIn', label: 'Zoom In', accelerator: 'CmdOrCtrl+=', menu: 'view', role: 'zoomIn' , browserHost: 'native' },
  { id: 'view.zoomOut', label: 'Zoom Out', accelerator: 'CmdOrCtrl+-', menu: 'view', role: 'zoomOut' , browserHost: 'native' },

  { id: 'letter.previewAndSchedule', label: 'Preview and schedule', accelerator: 'CmdOrCtrl+Enter', menu: 'letter', enabledWhen: canPreviewAndSchedule },
  {
    id: 'letter.sendTestEmail',
    label: 'Send Test Email…',
    accelerator: 'CmdOrCtrl+Shift+E',
    menu: 'letter',
    // Hidden in the composer for the special provider and for company letters (spec 1 §2).
    enabledWhen: ({ letter }) => letter !== null && !letter.isCompanyLevel && letter.esp !== ITERABLE_ESP,
  },
  {
    id: 'letter.saveAsDraft',
    label: 'Save as draft',
    accelerator: 'CmdOrCtrl+Shift+D',
    menu: 'letter',
    // Disabled when the letter is already a draft (spec 1 §2); in schedule it returns it to draft.
    enabledWhen: ({ letter }) => letter !== null && letter.publicationStatus === PublicationStatus.schedule,
  },
  {
    id: 'letter.checkSpamScore',
    label: 'Check Spam Score',
    accelerator: 'CmdOrCtrl+Alt+S',
    menu: 'letter',
    // The content check is part of the schedule step (and a template's configure step).
    enabledWhen: ({ letter }) =>
      letter !== null && (letter.publicationStatus === PublicationStatus.schedule || letter.publicationStatus === PublicationStatus.templateConfigure),
  },
  { id: 'letter.clone', label: 'Clone', menu: 'letter', separatorBefore: true, enabledWhen: hasLetter },
  {
    id: 'letter.history',
    label: 'Version History…',
    accelerator: 'CmdOrCtrl+Shift+H',
    menu: 'letter',
    // While composing: a restore changes the canvas, which only an editable letter shows.
    enabledWhen: ({ letter }) => letter !== null && isEditableStatus(letter.publicationStatus),
  },

  { id: 'window.minimize', label: 'Minimize', accelerator: 'CmdOrCtrl+M', menu: 'window', role: 'minimize', browserHost: 'unavailable' },
  { id: 'window.zoom', label: 'Zoom', menu: 'window', role: 'zoom', macOnly: true },
  { id: 'window.front', label: 'Bring All to Front', menu: 'window', role: 'front', macOnly: true, separatorBefore: true },

  { id: 'help.guide', label: 'Letterdesk Help', menu: 'help' },
] as const satisfies readonly CommandDeclaration[];

export type CommandId = (typeof COMMANDS)[number]['id'];

export function commandById(id: CommandId): CommandDeclaration {
  const command = COMMANDS.find((c) => c.id === id);
  if (!command) throw new Error(`Unknown command ${id}`);
  return command;
}

/** Commands that a screen of the renderer must run: no platform role, not main's own. */
export function screenCommands(): CommandDeclaration[] {
  return (COMMANDS as readonly CommandDeclaration[]).filter((c) => !c.role && !c.runsInMain);
}

/** Where the app runs: the Electron window with its native menu, or a browser tab (the browser host). */
export type CommandHost = 'desktop' | 'browser';

/**
 * The shortcuts an editor can press in this host, in menu order (Help lists them): the
 * desktop app's are its native menu's (macOS-only items on macOS only); a browser tab's are
 * those the page handles and those the browser does the same way, never quitting, closing
 * the window or New Letter's Ctrl+N, which the browser keeps. Development-only ones are left out.
 */
export function hostShortcutCommands(host: CommandHost, platform: CommandPlatform): CommandDeclaration[] {
  return (COMMANDS as readonly CommandDeclaration[]).filter(
    (c) => c.accelerator && !c.developmentOnly && (!c.macOnly || platform === 'mac') && (host === 'desktop' || c.browserHost !== 'unavailable'),
  );
}

export function isCommandEnabled(command: CommandDeclaration, state: CommandState): boolean {
  return command.enabledWhen ? command.enabledWhen(state) : true;
}
