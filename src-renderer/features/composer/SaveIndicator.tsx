import { Badge } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useEffect, useState } from 'react';
import { SAVING_LABEL_REFRESH_MS } from '../../../shared/timing';
import type { SaveState } from './use-local-save';

dayjs.extend(relativeTime);

/** The spec's save indicator: 'Saving', then 'Last updated: {relative time}'. */
export function SaveIndicator({ state, updatedAt }: { state: SaveState; updatedAt: string | null }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), SAVING_LABEL_REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

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
    <Badge role="status" aria-label={label} color={state === 'error' ? 'red' : state === 'saved' ? 'teal' : 'gray'} variant="light">
      {label}
    </Badge>
  );
}
