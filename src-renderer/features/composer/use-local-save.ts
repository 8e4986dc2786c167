import { useCallback, useEffect, useRef, useState } from 'react';
import type { LetterChanges } from '../../../shared/contract/bridge';
import { SAVED_INDICATOR_RESET_MS } from '../../../shared/timing';
import { useSaveLocalMutation } from './composer-api';

export type SaveState = 'idle' | 'saving' | 'saved' | 'error';

/**
 * Saves every edit to the local cache at once. One save is in flight at a time; edits
 * made meanwhile are merged and sent right after, so the cache always ends on the latest
 * text without a request per keystroke piling up.
 */
export function useLocalSave(uniqueId: string | undefined) {
  const [saveLocal] = useSaveLocalMutation();
  const pending = useRef<LetterChanges | null>(null);
  const inFlight = useRef(false);
  const [state, setState] = useState<SaveState>('idle');
  const [error, setError] = useState<string | null>(null);
  const [savedAt, setSavedAt] = useState<string | null>(null);

  const flush = useCallback(async () => {
    if (!uniqueId || inFlight.current || !pending.current) return;
    const changes = pending.current;
    pending.current = null;
    inFlight.current = true;
    setState('saving');
    const result = await saveLocal({ uniqueId, changes });
    inFlight.current = false;
    if ('error' in result) {
      // Keep the unsaved edit so the next change (or retry) carries it.
      pending.current = { ...changes, ...(pending.current ?? {}) };
      const failure = result.error as { message?: string };
      setError(failure.message ?? 'Your change could not be saved.');
      setState('error');
      return;
    }
    setError(null);
    setSavedAt(result.data.updatedAt);
    if (pending.current) void flush();
    else setState('saved');
  }, [saveLocal, uniqueId]);

  const save = useCallback(
    (changes: LetterChanges) => {
      pending.current = { ...pending.current, ...changes };
      void flush();
    },
    [flush],
  );

  useEffect(() => {
    if (state !== 'saved') return;
    const timer = setTimeout(() => setState('idle'), SAVED_INDICATOR_RESET_MS);
    return () => clearTimeout(timer);
  }, [state, savedAt]);

  return { save, state, error, savedAt, flush };
}
