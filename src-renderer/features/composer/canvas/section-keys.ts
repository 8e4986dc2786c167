import { acceleratorLabel, matchesAccelerator, type KeyLike } from '../../../../shared/commands/accelerator';
import { currentPlatform } from '../../../app/command-bus';

// The canvas's keys for the selected section, in Electron's accelerator syntax so they read
// and match as the app's other shortcuts do. They act when the focus is on the canvas, not
// in a text: there the keys are the text's own (Alt+↑ moves the caret's paragraph in some
// editors, Delete deletes a character).

export const SECTION_KEYS = {
  settings: 'Enter',
  moveUp: 'Alt+Up',
  moveDown: 'Alt+Down',
  clone: 'CmdOrCtrl+D',
  delete: 'Delete',
} as const;

export type SectionKeyAction = keyof typeof SECTION_KEYS;

/** The action a key press asks of the selected section, or null. Backspace deletes too (the Mac's delete key). */
export function sectionKeyAction(event: KeyLike & { code?: string }): SectionKeyAction | null {
  const platform = currentPlatform();
  for (const [action, accelerator] of Object.entries(SECTION_KEYS) as [SectionKeyAction, string][]) {
    if (matchesAccelerator(accelerator, event, platform)) return action;
  }
  return matchesAccelerator('Backspace', event, platform) ? 'delete' : null;
}

export function sectionKeyLabel(accelerator: string): string {
  return acceleratorLabel(accelerator, currentPlatform());
}
