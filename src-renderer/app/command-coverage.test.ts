import { describe, expect, it } from 'vitest';
import { COMMANDS, screenCommands, type CommandDeclaration } from '../../shared/commands';
import { COMPOSER_COMMANDS, HISTORY_COMMANDS, SPAM_CHECK_COMMANDS, TEST_SEND_COMMANDS } from '../features/composer/composer-commands';
import { LETTER_LIST_COMMANDS } from '../features/newsletters/letter-list-commands';
import { HELP_COMMANDS, SETTINGS_COMMANDS } from './shell-commands';

// Every command in the registry is in a menu and, where it has one, on the keyboard: each
// must do something. A command with an Electron role is the platform's own and main's own
// commands need no window; every other one must be handled by a screen of the renderer.

const handledByScreens = new Set<string>([...SETTINGS_COMMANDS, ...HELP_COMMANDS, ...LETTER_LIST_COMMANDS, ...COMPOSER_COMMANDS, ...TEST_SEND_COMMANDS, ...SPAM_CHECK_COMMANDS, ...HISTORY_COMMANDS]);

describe('the command registry against the screens', () => {
  it('has a screen that runs every command without a role of its own', () => {
    const unhandled = screenCommands()
      .map((c) => c.id)
      .filter((id) => !handledByScreens.has(id));
    expect(unhandled).toEqual([]);
  });

  it('lists only commands that exist, so a renamed command cannot pass unnoticed', () => {
    const ids = new Set(COMMANDS.map((c) => c.id));
    expect([...handledByScreens].filter((id) => !ids.has(id as never))).toEqual([]);
  });

  it('leaves to the platform only commands that have a role or run in main', () => {
    const others = (COMMANDS as readonly CommandDeclaration[]).filter((c) => !screenCommands().includes(c));
    for (const command of others) expect(Boolean(command.role) || Boolean(command.runsInMain)).toBe(true);
    expect(others.map((c) => c.id)).toContain('app.checkForUpdates');
  });
});
