import { useCallback, useEffect, useState } from 'react';
import type { Letter } from '../../../shared/model/letter';
import { isEditableStatus } from '../../../shared/model/publication';
import { getBridge } from '../../app/bridge';

/**
 * Exclusive editing for the open letter: claims it when it opens (a draft that has reached
 * the platform), answers the refusal message when someone else holds it, and who took over
 * when someone else takes it while it is open.
 */
export function useClaim(letter: Letter | null | undefined) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const [takenOverBy, setTakenOverBy] = useState<string | null>(null);
  const uniqueId = letter?.uniqueId;
  const claimable = Boolean(letter && letter.id !== null && isEditableStatus(letter.publicationStatus));

  const claim = useCallback(
    async (force: boolean) => {
      if (!uniqueId) return;
      const result = await getBridge().invoke('letters.claim', { uniqueId, ...(force ? { force } : {}) });
      setRefusal(result.ok && result.data.state === 'refused' ? result.data.message : null);
      if (result.ok && result.data.state === 'claimed') setTakenOverBy(null);
    },
    [uniqueId],
  );

  useEffect(() => {
    setRefusal(null);
    setTakenOverBy(null);
    if (claimable) void claim(false);
  }, [claimable, claim]);

  useEffect(
    () =>
      getBridge().on('letters.takenOver', (event) => {
        if (event.uniqueId === uniqueId) setTakenOverBy(event.name);
      }),
    [uniqueId],
  );

  return { refusal, takenOverBy, takeOver: () => claim(true) };
}
