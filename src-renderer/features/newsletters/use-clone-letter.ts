import { useState } from 'react';
import type { LetterListItem } from '../../../shared/contract/bridge';
import type { PublicationStatus } from '../../../shared/model/publication';
import { useCloneLetterMutation } from '../../app/letter-clone-api';

export const CLONE_MISSING_DATA_MESSAGE = 'Missing expected response data';

/**
 * A list's Clone action: the copy ('Copy of {title}') is made on this computer and shows up
 * in the list when it refreshes. `status` is what the copy starts as (a template list makes
 * templates). `error` is the reason of the last failure ('' when there is none to give),
 * shown under the spec's 'Failed to clone letter'; null when the last clone worked.
 */
export function useCloneLetter(status?: PublicationStatus) {
  const [cloneLetter] = useCloneLetterMutation();
  const [cloningId, setCloningId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function clone(letter: LetterListItem) {
    setCloningId(letter.uniqueId);
    setError(null);
    try {
      const result = await cloneLetter(status === undefined ? { uniqueId: letter.uniqueId } : { uniqueId: letter.uniqueId, status });
      if ('error' in result) {
        const reason = result.error && typeof result.error === 'object' && 'message' in result.error ? String(result.error.message) : '';
        setError(reason);
      } else if (!result.data) {
        setError(CLONE_MISSING_DATA_MESSAGE);
      }
    } finally {
      setCloningId(null);
    }
  }

  return { clone, cloningId, error, dismissError: () => setError(null) };
}
