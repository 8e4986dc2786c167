import { useEffect, useMemo, useRef } from 'react';
import type { Section } from '../../../shared/model';
import { parseSections } from '../../../shared/model/section';
import { toastError } from '../../ui/toasts';
import { useGetEvvntIntegrationQuery } from './link-content-api';

// spec 1 §8: opening a letter with an Events block reads the channel's Evvnt integration; a
// failure other than 404 (no integration is fine) says so once. Offline is not a failure
// here: the composer works offline and the block keeps the events it loaded.

export const EVVNT_INTEGRATION_FAILED_MESSAGE = 'Sorry, we failed to get your Evvnt integration';

function hasEventsBlock(sections: readonly Section[]): boolean {
  return sections.some((section) => section.type === 'evvnt' || hasEventsBlock(section.blocks));
}

function lettersEventsBlock(blocks: string | undefined): boolean {
  try {
    return blocks !== undefined && hasEventsBlock(parseSections(blocks));
  } catch {
    return false;
  }
}

export function useEvvntIntegrationToast(letter: { uniqueId: string; brandSlug: string; blocks: string } | null | undefined) {
  const needed = useMemo(() => lettersEventsBlock(letter?.blocks), [letter?.uniqueId]); // eslint-disable-line react-hooks/exhaustive-deps -- once per letter opened, not per edit
  const { error } = useGetEvvntIntegrationQuery({ brandSlug: letter?.brandSlug ?? '' }, { skip: !needed || !letter?.brandSlug });
  const told = useRef<string | null>(null);
  useEffect(() => {
    const code = (error as { code?: string } | undefined)?.code;
    if (!error || code === 'not_found' || code === 'offline' || !letter || told.current === letter.uniqueId) return;
    told.current = letter.uniqueId;
    toastError(EVVNT_INTEGRATION_FAILED_MESSAGE);
  }, [error, letter]);
}
