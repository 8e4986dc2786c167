import { describe, expect, it } from 'vitest';
import { buildMenuTemplate } from '../../shared/commands';
import { toElectronTemplate } from './menu-template';

describe("the native menu's Electron template", () => {
  it('keeps labels, shortcuts, roles and separators, and sends commands when clicked', () => {
    const sent: string[] = [];
    const spec = buildMenuTemplate({ platform: 'darwin', isDevelopment: false, state: { channelOpen: true, letter: { publicationStatus: 0, esp: 0, isCompanyLevel: false } } });
    const template = toElectronTemplate(spec, (id) => sent.push(id));

    const view = template.find((m) => m.label === 'View');
    const submenu = view?.submenu as Array<{ label?: string; accelerator?: string; click?: () => void; type?: string }>;
    const toggle = submenu.find((item) => item.label === 'Toggle Preview');
    expect(toggle?.accelerator).toBe('CmdOrCtrl+Shift+P');
    toggle?.click?.();
    expect(sent).toEqual(['view.togglePreview']);
    expect(submenu.some((item) => item.type === 'separator')).toBe(true);

    const edit = template.find((m) => m.label === 'Edit')?.submenu as Array<{ label?: string; role?: string; click?: unknown }>;
    const copy = edit.find((item) => item.label === 'Copy');
    expect(copy).toMatchObject({ role: 'copy' });
    expect(copy?.click).toBeUndefined();
  });
});
