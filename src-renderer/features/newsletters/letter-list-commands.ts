import type { CommandId } from '../../../shared/commands';

/** The registry commands a letter list (Newsletters, Templates) runs: New Letter makes what it lists. */
export const LETTER_LIST_COMMANDS = ['file.newLetter'] as const satisfies readonly CommandId[];
