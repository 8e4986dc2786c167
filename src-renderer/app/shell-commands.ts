import type { CommandId } from '../../shared/commands';

/** Settings…, run by the shell on every screen (use-desktop-shell). */
export const SETTINGS_COMMANDS = ['app.settings'] as const satisfies readonly CommandId[];

/** Letterdesk Help, run by the header's Help button (features/help/HelpButton). */
export const HELP_COMMANDS = ['help.guide'] as const satisfies readonly CommandId[];
