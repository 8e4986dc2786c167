import { AppError } from '../../../shared/contract/errors';
import type { Letter } from '../../../shared/model/letter';
import type { LettersStore } from '../store/letters-store';

/** The spec's words for a letter that is not (or no longer) on this computer. */
export const LETTER_NOT_FOUND_MESSAGE = 'Eep. It doesn’t look like this letter exists.';

/** The letter kept on this computer, or the spec's not-found error. */
export async function existingLetter(store: LettersStore, uniqueId: string): Promise<Letter> {
  const letter = await store.getByUniqueId(uniqueId);
  if (!letter) throw new AppError('not_found', LETTER_NOT_FOUND_MESSAGE);
  return letter;
}
