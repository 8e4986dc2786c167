import type { CommandId } from '../../shared/commands';

/** The registry commands the app shell runs on every screen (use-desktop-shell, ShellLayout). */
export const SHELL_COMMANDS = ['app.settings', 'help.guide'] as const satisfies readonly CommandId[];
