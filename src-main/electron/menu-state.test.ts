import { describe, expect, it } from 'vitest';
import { buildMenuTemplate } from '../../shared/commands';
import { PublicationStatus } from '../../shared/model/publication';
import { toElectronTemplate } from './menu-template';
import { CommandStateSchema, NOTHING_OPEN, applyCommandState, commandEnabledStates, type MenuLike } from './menu-state';

const draft = { channelOpen: true, letter: { publicationStatus: PublicationStatus.draft, esp: 0, isCompanyLevel: false } };
const scheduled = { channelOpen: true, letter: { publicationStatus: PublicationStatus.scheduled, esp: 0, isCompanyLevel: false } };

/** A menu like Electron's: items found by id, each with a mutable `enabled`. */
function fakeMenu(): MenuLike & { items: Map<string, { enabled: boolean }> } {
  const items = new Map<string, { enabled: boolean }>();
  const walk = (template: ReturnType<typeof toElectronTemplate>) => {
    for (const item of template) {
      if (item.id) items.set(item.id, { enabled: item.enabled ?? true });
      if (Array.isArray(item.submenu)) walk(item.submenu);
    }
  };
  walk(toElectronTemplate(buildMenuTemplate({ platform: 'darwin', isDevelopment: false, state: NOTHING_OPEN }), () => undefined));
  return { items, getMenuItemById: (id) => items.get(id) ?? null };
}

describe('commandEnabledStates', () => {
  it('enables the letter commands a draft allows', () => {
    const states = commandEnabledStates(draft);
    expect(states.get('letter.previewAndSchedule')).toBe(true);
    expect(states.get('letter.sendTestEmail')).toBe(true);
    expect(states.get('letter.saveAsDraft')).toBe(false);
    expect(states.get('view.togglePreview')).toBe(true);
    expect(states.get('file.newLetter')).toBe(true);
  });

  it('disables what a scheduled letter or an empty window does not allow', () => {
    expect(commandEnabledStates(scheduled).get('letter.previewAndSchedule')).toBe(false);
    const nothing = commandEnabledStates(NOTHING_OPEN);
    for (const id of ['file.newLetter', 'file.save', 'letter.sendTestEmail', 'letter.clone', 'view.togglePreview'] as const) expect(nothing.get(id), id).toBe(false);
  });

  it('leaves commands that are always available out', () => {
    const states = commandEnabledStates(NOTHING_OPEN);
    expect(states.has('app.settings')).toBe(false);
    expect(states.has('edit.copy')).toBe(false);
  });
});

describe('applyCommandState', () => {
  it('greys the menu out as the focused window changes, touching only what changed', () => {
    const menu = fakeMenu();
    expect(menu.items.get('letter.sendTestEmail')?.enabled).toBe(false);
    expect(applyCommandState(menu, draft)).toEqual(expect.arrayContaining(['letter.sendTestEmail', 'letter.previewAndSchedule', 'file.save']));
    expect(menu.items.get('letter.sendTestEmail')?.enabled).toBe(true);
    expect(applyCommandState(menu, scheduled)).toEqual(['letter.previewAndSchedule', 'letter.history']);
    expect(menu.items.get('letter.previewAndSchedule')?.enabled).toBe(false);
    expect(applyCommandState(menu, scheduled)).toEqual([]);
  });
});

describe('CommandStateSchema', () => {
  it('accepts what the renderer sends and refuses anything else', () => {
    expect(CommandStateSchema.safeParse(draft).success).toBe(true);
    expect(CommandStateSchema.safeParse(NOTHING_OPEN).success).toBe(true);
    for (const bad of [null, {}, { channelOpen: 'yes', letter: null }, { channelOpen: true, letter: { publicationStatus: 'draft', esp: 0, isCompanyLevel: false } }, { ...draft, extra: 1 }]) {
      expect(CommandStateSchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});
