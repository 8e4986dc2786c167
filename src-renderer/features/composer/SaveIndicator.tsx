import { Badge, Tooltip } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { SAVING_LABEL_REFRESH_MS } from '../../../shared/timing';
import type { SaveState } from './use-local-save';

dayjs.extend(relativeTime);

export const UNSAVED_CHANGES_LABEL = 'Unsaved changes';
const UNSAVED_CHANGES_HINT = 'Kept on this computer. The platform gets these changes when you schedule.';

/**
 * The spec's save indicator: 'Saving', then 'Last updated: {relative time}'. One badge says
 * one thing: schedule-step edits the platform has not taken yet read 'Unsaved changes'
 * instead of 'Saved', even though this computer has them.
 */
export function SaveIndicator({ state, updatedAt, unsaved = false }: { state: SaveState; updatedAt: string | null; unsaved?: boolean }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), SAVING_LABEL_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  if (unsaved && state !== 'saving' && state !== 'error') {
    return (
      <Tooltip label={UNSAVED_CHANGES_HINT}>
        <Badge role="status" aria-label={UNSAVED_CHANGES_LABEL} variant="light" color="yellow" tt="none">
          {UNSAVED_CHANGES_LABEL}
        </Badge>
      </Tooltip>
    );
  }
  const label =
    state === 'saving'
      ? 'Saving'
      : state === 'saved'
        ? 'Saved'
        : state === 'error'
          ? 'Not saved'
          : updatedAt
            ? `Last updated: ${dayjs(updatedAt).fromNow()}`
            : '';
  if (!label) return null;
  return (
    <Badge role="status" aria-label={label} color={state === 'error' ? 'red' : state === 'saved' ? 'teal' : 'gray'} variant="light" tt="none">
      {label}
    </Badge>
  );
}
