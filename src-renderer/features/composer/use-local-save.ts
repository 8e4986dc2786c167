import { useCallback, useEffect, useRef, useState } from 'react';
import type { LetterChanges } from '../../../shared/contract/bridge';
import { SAVED_INDICATOR_RESET_MS } from '../../../shared/timing';
import { useSaveLocalMutation } from './composer-api';

function wake(waiters: ((saved: boolean) => void)[], saved: boolean) {
  for (const resolve of waiters.splice(0)) resolve(saved);
}

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
  // Callers of settle() waiting for the queue to empty: true when everything was saved.
  const waiters = useRef<((saved: boolean) => void)[]>([]);

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
      wake(waiters.current, false);
      return;
    }
    setError(null);
    setSavedAt(result.data.updatedAt);
    if (pending.current) void flush();
    else {
      setState('saved');
      wake(waiters.current, true);
    }
  }, [saveLocal, uniqueId]);

  /** Saves what is pending and resolves once nothing is left in flight (false if a save failed). */
  const settle = useCallback(async (): Promise<boolean> => {
    void flush();
    if (!inFlight.current && !pending.current) return true;
    return new Promise<boolean>((resolve) => waiters.current.push(resolve));
  }, [flush]);

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

  /** True while an edit is queued or being written: what the cache holds may be older than the screen. */
  const isSaving = useCallback(() => inFlight.current || pending.current !== null, []);

  return { save, state, error, savedAt, flush, settle, isSaving };
}
