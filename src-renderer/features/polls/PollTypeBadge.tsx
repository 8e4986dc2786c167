import { Badge } from '@mantine/core';
import type { PollType } from '../../../shared/model/enums';
import { POLL_TYPE_COLORS, POLL_TYPE_LABELS } from './poll-labels';

export function PollTypeBadge({ type }: { type: PollType }) {
  return (
    <Badge color={POLL_TYPE_COLORS[type]} variant="filled">
      {POLL_TYPE_LABELS[type]}
    </Badge>
  );
}
