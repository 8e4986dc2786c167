import { useEffect, useRef, useState } from 'react';
import { useDispatch, useStore } from 'react-redux';
import type { LetterChanges } from '../../../shared/contract/bridge';
import type { Letter } from '../../../shared/model';
import { parseSections, serializeSections } from '../../../shared/model';
import { sameValue } from '../../../shared/model/same-value';
import { getBridge } from '../../app/bridge';
import type { RootState } from '../../app/store';
import { letterOpened } from '../../block-kit/composer-slice';
import { flushPendingTextEdits } from '../../ui/rich-text';

/** Saves wait for a pause in editing this long, so a burst of edits is one local save. */
export const BLOCKS_SAVE_DEBOUNCE_MS = 500;

/**
 * Keeps the composer slice and the stored letter in step: loads the sections and styles when a letter
 * opens (or after a conflict replaced it), and saves both 500 ms after the last edit, at
 * once when the window loses focus or unloads, and when the composer closes.
 */
export function useComposerDocument(
  letter: Letter | null | undefined,
  save: (changes: LetterChanges) => void,
  refetch: () => Promise<{ data?: Letter | null }>,
  /** Whether a local save is still on its way to the cache (a letter read meanwhile may predate it). */
  isSaving: () => boolean = () => false,
) {
  const dispatch = useDispatch();
  const store = useStore<RootState>();
  const [loadError, setLoadError] = useState<string | null>(null);
  const uniqueId = letter?.uniqueId;
  const savedRevision = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const open = (fresh: Letter) => {
    try {
      dispatch(letterOpened({ letterUniqueId: fresh.uniqueId, sections: parseSections(fresh.blocks), settings: fresh.settings }));
      setLoadError(null);
    } catch {
      dispatch(letterOpened({ letterUniqueId: fresh.uniqueId, sections: [], settings: fresh.settings }));
      setLoadError('The blocks of this letter could not be read.');
    }
    savedRevision.current = 0;
  };
  const openRef = useRef(open);
  openRef.current = open;

  // Only a different letter reloads the canvas: refetches after our own saves must not.
  useEffect(() => {
    if (letter) openRef.current(letter);
  }, [uniqueId]); // eslint-disable-line react-hooks/exhaustive-deps

  const flushRef = useRef(() => {});
  flushRef.current = () => {
    // Text typed in the last frame is still in its editor: take it first.
    flushPendingTextEdits();
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const composer = store.getState().composer;
    if (!uniqueId || composer.letterUniqueId !== uniqueId || composer.revision === savedRevision.current) return;
    savedRevision.current = composer.revision;
    save({ blocks: serializeSections(composer.present), settings: composer.settings });
  };

  // Each edit restarts the 500 ms wait. A store subscription, not a selector: the page that
  // uses this hook must not render again for every keystroke.
  useEffect(() => {
    let seen = store.getState().composer.revision;
    return store.subscribe(() => {
      const composer = store.getState().composer;
      if (composer.letterUniqueId !== uniqueId || composer.revision === seen) return;
      seen = composer.revision;
      if (composer.revision === 0 || composer.revision === savedRevision.current) return;
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => flushRef.current(), BLOCKS_SAVE_DEBOUNCE_MS);
    });
  }, [store, uniqueId]);

  useEffect(() => {
    const flush = () => flushRef.current();
    window.addEventListener('blur', flush);
    window.addEventListener('beforeunload', flush);
    return () => {
      window.removeEventListener('blur', flush);
      window.removeEventListener('beforeunload', flush);
      flush();
    };
  }, [uniqueId]);

  // Changes made elsewhere (another editor, another window) arrive through sync and
  // refetch the letter: the canvas follows them unless this editor has edits not yet saved,
  // which always win (a conflict, if any, is settled by sync with a conflicted copy).
  useEffect(() => {
    const composer = store.getState().composer;
    if (!letter || composer.revision !== savedRevision.current || timer.current || isSaving()) return;
    if (composer.letterUniqueId !== letter.uniqueId) return;
    let sections;
    try {
      sections = parseSections(letter.blocks);
    } catch {
      return;
    }
    if (sameValue(sections, composer.present) && sameValue(letter.settings, composer.settings)) return;
    openRef.current(letter);
  }, [letter]); // eslint-disable-line react-hooks/exhaustive-deps

  // After a conflict the letter holds the platform's version: the canvas shows it.
  useEffect(
    () =>
      getBridge().on('letters.conflict', (event) => {
        if (event.uniqueId !== uniqueId) return;
        void refetch().then((fresh) => fresh.data && openRef.current(fresh.data));
      }),
    [uniqueId, refetch],
  );

  return { loadError, flush: () => flushRef.current() };
}
