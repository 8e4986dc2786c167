import { describe, expect, it } from 'vitest';
import { acceleratorLabel, matchesAccelerator } from './accelerator';
import { COMMANDS, commandById, hostShortcutCommands, isCommandEnabled, type CommandState } from './commands';
import { buildMenuTemplate, type MenuItemSpec } from './menu-template';

const letterState = (publicationStatus: number, extra: Partial<NonNullable<CommandState['letter']>> = {}): CommandState => ({
  channelOpen: true,
  letter: { publicationStatus, esp: 0, isCompanyLevel: false, ...extra },
});
const noLetter: CommandState = { channelOpen: true, letter: null };

function labels(items: MenuItemSpec[] | undefined): string[] {
  return (items ?? []).map((item) => item.label ?? '—');
}
function find(template: MenuItemSpec[], menu: string, label: string): MenuItemSpec | undefined {
  return template.find((m) => m.label === menu)?.submenu?.find((item) => item.label === label);
}

describe('the command registry', () => {
  it('gives every command a unique id and no two commands the same shortcut', () => {
    expect(new Set(COMMANDS.map((c) => c.id)).size).toBe(COMMANDS.length);
    const accelerators = COMMANDS.flatMap((c) => ('accelerator' in c ? [c.accelerator.toLowerCase()] : []));
    expect(new Set(accelerators).size).toBe(accelerators.length);
  });

  it('keeps the editing shortcuts for editing: preview and test send use their own', () => {
    expect(commandById('view.togglePreview').accelerator).toBe('CmdOrCtrl+Shift+P');
    expect(commandById('letter.sendTestEmail').accelerator).toBe('CmdOrCtrl+Shift+E');
    const editing = ['CmdOrCtrl+Z', 'Shift+CmdOrCtrl+Z', 'CmdOrCtrl+X', 'CmdOrCtrl+C', 'CmdOrCtrl+V', 'CmdOrCtrl+A'];
    const others = COMMANDS.filter((c) => c.menu !== 'edit' && 'accelerator' in c).map((c) => ('accelerator' in c ? c.accelerator : ''));
    for (const shortcut of editing) expect(others).not.toContain(shortcut);
  });

  it('enables letter commands by the letter state', () => {
    const schedule = commandById('letter.previewAndSchedule');
    const testSend = commandById('letter.sendTestEmail');
    const saveAsDraft = commandById('letter.saveAsDraft');
    expect(isCommandEnabled(schedule, letterState(0))).toBe(true);
    expect(isCommandEnabled(schedule, letterState(2))).toBe(false);
    expect(isCommandEnabled(schedule, letterState(0, { isCompanyLevel: true }))).toBe(false);
    expect(isCommandEnabled(schedule, noLetter)).toBe(false);
    expect(isCommandEnabled(testSend, letterState(0))).toBe(true);
    expect(isCommandEnabled(testSend, letterState(0, { esp: 1 }))).toBe(false);
    expect(isCommandEnabled(saveAsDraft, letterState(0))).toBe(false);
    expect(isCommandEnabled(saveAsDraft, letterState(7))).toBe(true);
    const history = commandById('letter.history');
    expect(isCommandEnabled(history, letterState(0))).toBe(true);
    expect(isCommandEnabled(history, letterState(7))).toBe(false);
    expect(isCommandEnabled(history, noLetter)).toBe(false);
  });
});

describe('accelerators', () => {
  const key = (k: string, mods: Partial<{ meta: boolean; ctrl: boolean; shift: boolean; alt: boolean }> = {}, code?: string) => ({
    key: k,
    metaKey: Boolean(mods.meta),
    ctrlKey: Boolean(mods.ctrl),
    shiftKey: Boolean(mods.shift),
    altKey: Boolean(mods.alt),
    ...(code ? { code } : {}),
  });

  it('matches CmdOrCtrl as Command on macOS and Control elsewhere, with exact modifiers', () => {
    expect(matchesAccelerator('CmdOrCtrl+Shift+P', key('P', { meta: true, shift: true }, 'KeyP'), 'mac')).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+Shift+P', key('P', { ctrl: true, shift: true }, 'KeyP'), 'mac')).toBe(false);
    expect(matchesAccelerator('CmdOrCtrl+Shift+P', key('P', { ctrl: true, shift: true }, 'KeyP'), 'other')).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+Shift+P', key('p', { ctrl: true }, 'KeyP'), 'other')).toBe(false);
    expect(matchesAccelerator('CmdOrCtrl+Alt+1', key('¡', { meta: true, alt: true }, 'Digit1'), 'mac')).toBe(true);
    expect(matchesAccelerator('CmdOrCtrl+Enter', key('Enter', { ctrl: true }), 'other')).toBe(true);
  });

  it('reads as each platform writes shortcuts', () => {
    expect(acceleratorLabel('CmdOrCtrl+Shift+P', 'mac')).toBe('⇧⌘P');
    expect(acceleratorLabel('CmdOrCtrl+Shift+P', 'other')).toBe('Ctrl+Shift+P');
    expect(acceleratorLabel('CmdOrCtrl+Enter', 'mac')).toBe('⌘↩');
    expect(acceleratorLabel('Alt+Up', 'mac')).toBe('⌥↑');
    expect(acceleratorLabel('Alt+Down', 'other')).toBe('Alt+↓');
    expect(acceleratorLabel('Delete', 'other')).toBe('Delete');
  });

  it("matches Electron's arrow key names against the keys pressed", () => {
    expect(matchesAccelerator('Alt+Up', key('ArrowUp', { alt: true }, 'ArrowUp'), 'other')).toBe(true);
    expect(matchesAccelerator('Alt+Up', key('ArrowDown', { alt: true }, 'ArrowDown'), 'other')).toBe(false);
    expect(matchesAccelerator('Delete', key('Delete', {}, 'Delete'), 'mac')).toBe(true);
  });
});

describe('the native menu', () => {
  it('has the macOS app menu and the menus in order', () => {
    const template = buildMenuTemplate({ platform: 'darwin', isDevelopment: false, state: letterState(0) });
    expect(labels(template)).toEqual(['Letterdesk', 'File', 'Edit', 'View', 'Letter', 'Window', 'Help']);
    expect(labels(template[0]?.submenu).filter((l) => l !== '—')).toEqual([
      'About Letterdesk',
      'Settings…',
      'Check for Updates…',
      'Hide Letterdesk',
      'Quit Letterdesk',
    ]);
    expect(labels(template.find((m) => m.label === 'Letter')?.submenu).filter((l) => l !== '—')).toEqual([
      'Preview and schedule',
      'Send Test Email…',
      'Save as draft',
      'Check Spam Score',
      'Clone',
      'Version History…',
    ]);
  });

  it('has File → Import…, enabled only while a channel is open', () => {
    const importItem = (channelOpen: boolean) =>
      buildMenuTemplate({ platform: 'linux', isDevelopment: false, state: { channelOpen, letter: null } })[0]?.submenu?.find((item) => item.label === 'Import…');
    expect(importItem(true)).toMatchObject({ commandId: 'file.import', accelerator: 'CmdOrCtrl+O', enabled: true });
    expect(importItem(false)).toMatchObject({ enabled: false });
  });

  it('moves the app items into File and Help on Windows and Linux, without macOS-only items', () => {
    for (const platform of ['win32', 'linux'] as const) {
      const template = buildMenuTemplate({ platform, isDevelopment: false, state: noLetter });
      expect(labels(template)).toEqual(['File', 'Edit', 'View', 'Letter', 'Window', 'Help']);
      const file = labels(template[0]?.submenu);
      expect(file).toContain('Settings…');
      expect(file.at(-1)).toBe('Quit Letterdesk');
      expect(labels(template.at(-1)?.submenu)).toEqual(expect.arrayContaining(['About Letterdesk', 'Check for Updates…']));
      expect(JSON.stringify(template)).not.toContain('Hide Letterdesk');
    }
  });

  it('shows reload and developer tools only in development', () => {
    const production = JSON.stringify(buildMenuTemplate({ platform: 'linux', isDevelopment: false, state: noLetter }));
    const development = JSON.stringify(buildMenuTemplate({ platform: 'linux', isDevelopment: true, state: noLetter }));
    expect(production).not.toContain('Toggle Developer Tools');
    expect(development).toContain('Toggle Developer Tools');
  });

  it('disables letter items when the letter does not allow them and routes them as commands', () => {
    const scheduled = buildMenuTemplate({ platform: 'darwin', isDevelopment: false, state: letterState(2) });
    expect(find(scheduled, 'Letter', 'Preview and schedule')).toMatchObject({ enabled: false, commandId: 'letter.previewAndSchedule' });
    expect(find(scheduled, 'Letter', 'Send Test Email…')).toMatchObject({ enabled: true, accelerator: 'CmdOrCtrl+Shift+E' });
    expect(find(scheduled, 'View', 'Toggle Preview')).toMatchObject({ enabled: true, accelerator: 'CmdOrCtrl+Shift+P' });
    const empty = buildMenuTemplate({ platform: 'darwin', isDevelopment: false, state: noLetter });
    expect(find(empty, 'View', 'Toggle Preview')).toMatchObject({ enabled: false });
    expect(find(empty, 'Edit', 'Copy')).toMatchObject({ role: 'copy' });
  });
});

describe('the shortcuts of each host (Help)', () => {
  const labels = (host: 'desktop' | 'browser', platform: 'mac' | 'other') => hostShortcutCommands(host, platform).map((c) => c.label);

  it('lists the native menu’s shortcuts in the desktop app, Hide on macOS only, nothing for development', () => {
    expect(labels('desktop', 'other')).toEqual(expect.arrayContaining(['Quit Letterdesk', 'Close Window', 'New Letter', 'Minimize', 'Copy', 'Preview and schedule']));
    expect(labels('desktop', 'other')).not.toContain('Hide Letterdesk');
    expect(labels('desktop', 'mac')).toContain('Hide Letterdesk');
    expect(labels('desktop', 'mac')).not.toContain('Reload');
  });

  it('lists only what works in a browser tab: never Quit, Close Window, Hide, Minimize or Ctrl+N', () => {
    for (const platform of ['mac', 'other'] as const) {
      const browser = labels('browser', platform);
      for (const missing of ['Quit Letterdesk', 'Close Window', 'Hide Letterdesk', 'Minimize', 'New Letter']) expect(browser).not.toContain(missing);
      expect(browser).toEqual(expect.arrayContaining(['Save', 'Preview and schedule', 'Send Test Email…', 'Undo', 'Copy', 'Zoom In', 'Settings…']));
    }
  });
});
