// Accelerators in Electron's syntax ('CmdOrCtrl+Shift+P'), matched against key events in
// the renderer and shown in menus and tooltips the way each platform writes them.

export type CommandPlatform = 'mac' | 'other';

export interface KeyLike {
  key: string;
  metaKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

interface Chord {
  meta: boolean;
  ctrl: boolean;
  shift: boolean;
  alt: boolean;
  key: string;
}

const KEY_NAMES: Record<string, string> = {
  Enter: 'enter',
  Return: 'enter',
  Plus: '+',
  Space: ' ',
  Esc: 'escape',
  Escape: 'escape',
  Up: 'arrowup',
  Down: 'arrowdown',
  Left: 'arrowleft',
  Right: 'arrowright',
};

/** How a named key reads in a tooltip, on macOS and elsewhere. */
const KEY_LABELS: Record<string, { mac: string; other: string }> = {
  enter: { mac: '↩', other: 'Enter' },
  arrowup: { mac: '↑', other: '↑' },
  arrowdown: { mac: '↓', other: '↓' },
  arrowleft: { mac: '←', other: '←' },
  arrowright: { mac: '→', other: '→' },
  delete: { mac: '⌦', other: 'Delete' },
  backspace: { mac: '⌫', other: 'Backspace' },
};

function parse(accelerator: string, platform: CommandPlatform): Chord {
  const chord: Chord = { meta: false, ctrl: false, shift: false, alt: false, key: '' };
  for (const part of accelerator.split('+').map((p) => p.trim())) {
    if (part === '') {
      chord.key = '+';
      continue;
    }
    switch (part) {
      case 'CmdOrCtrl':
      case 'CommandOrControl':
        if (platform === 'mac') chord.meta = true;
        else chord.ctrl = true;
        break;
      case 'Cmd':
      case 'Command':
        chord.meta = true;
        break;
      case 'Ctrl':
      case 'Control':
        chord.ctrl = true;
        break;
      case 'Shift':
        chord.shift = true;
        break;
      case 'Alt':
      case 'Option':
        chord.alt = true;
        break;
      default:
        chord.key = (KEY_NAMES[part] ?? part).toLowerCase();
    }
  }
  return chord;
}

/** With Alt or Shift held, `key` is the shifted character; digits and letters are read from the code instead. */
function pressedKey(event: KeyLike & { code?: string }): string {
  const code = event.code ?? '';
  if (/^Key[A-Z]$/.test(code)) return code.slice(3).toLowerCase();
  if (/^Digit\d$/.test(code)) return code.slice(5);
  return event.key.toLowerCase();
}

export function matchesAccelerator(accelerator: string, event: KeyLike & { code?: string }, platform: CommandPlatform): boolean {
  const chord = parse(accelerator, platform);
  return (
    chord.meta === event.metaKey &&
    chord.ctrl === event.ctrlKey &&
    chord.shift === event.shiftKey &&
    chord.alt === event.altKey &&
    chord.key === pressedKey(event)
  );
}

/** How a shortcut reads in a tooltip: '⇧⌘P' on macOS, 'Ctrl+Shift+P' elsewhere. */
export function acceleratorLabel(accelerator: string, platform: CommandPlatform): string {
  const chord = parse(accelerator, platform);
  const named = KEY_LABELS[chord.key];
  const key = named ? named[platform] : chord.key.length === 1 ? chord.key.toUpperCase() : chord.key;
  if (platform === 'mac') {
    return `${chord.ctrl ? '⌃' : ''}${chord.alt ? '⌥' : ''}${chord.shift ? '⇧' : ''}${chord.meta ? '⌘' : ''}${key}`;
  }
  return [chord.ctrl && 'Ctrl', chord.alt && 'Alt', chord.shift && 'Shift', chord.meta && 'Meta', key].filter(Boolean).join('+');
}
