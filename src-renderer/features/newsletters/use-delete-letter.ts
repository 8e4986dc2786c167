import { useState } from 'react';
import type { LetterListItem } from '../../../shared/contract/bridge';
import { PublicationStatus } from '../../../shared/model/publication';
import { useDeleteLetterMutation } from './newsletters-api';

/**
 * A list's Delete action: the letter waiting for confirmation, the confirm-delete dialog's
 * state, and the delete itself. A failure (offline, refused) stays in the dialog.
 */
export function useDeleteLetter() {
  const [deleteLetter, deletion] = useDeleteLetterMutation();
  const [pending, setPending] = useState<LetterListItem | null>(null);
  const [error, setError] = useState<string | null>(null);

  return {
    pending,
    loading: deletion.isLoading,
    error,
    /** Drafts go with one click; anything scheduled, sent or an active template asks for REMOVE. */
    requireTyping: pending !== null && !DRAFT_STATUSES.includes(pending.publicationStatus),
    ask: (letter: LetterListItem) => {
      setError(null);
      setPending(letter);
    },
    cancel: () => setPending(null),
    async confirm() {
      if (!pending) return;
      const result = await deleteLetter({ uniqueId: pending.uniqueId });
      if ('error' in result) {
        setError(result.error && typeof result.error === 'object' && 'message' in result.error ? String(result.error.message) : 'The letter was not deleted.');
        return;
      }
      setPending(null);
    },
  };
}

const DRAFT_STATUSES: readonly number[] = [PublicationStatus.draft, PublicationStatus.review, PublicationStatus.schedule, PublicationStatus.template, PublicationStatus.templateDraft];
