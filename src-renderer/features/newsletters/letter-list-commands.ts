import type { CommandId } from '../../../shared/commands';

/** The registry commands a letter list (Newsletters, Templates) runs: New Letter makes what it lists; Import… makes a draft from a file. */
export const LETTER_LIST_COMMANDS = ['file.newLetter', 'file.import'] as const satisfies readonly CommandId[];
