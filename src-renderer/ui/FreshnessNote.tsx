import { Badge, Text } from '@mantine/core';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { formatDateTime } from '../../shared/rules/display-dates';

dayjs.extend(relativeTime);

/** How old the figures shown are: 'Updated 3 hours ago', or offline 'Offline — showing the report from {date}'. */
export function freshnessText(fetchedAt: string | null, offline: boolean, now: Date = new Date()): string {
  if (!offline) return fetchedAt ? `Updated ${dayjs(fetchedAt).from(now)}` : '';
  return fetchedAt ? `Offline — showing the report from ${formatDateTime(fetchedAt)}` : 'Offline — this report has not been opened on this computer yet';
}

export function FreshnessNote({ fetchedAt, offline }: { fetchedAt: string | null; offline: boolean }) {
  const text = freshnessText(fetchedAt, offline);
  if (!text) return null;
  return offline ? (
    <Badge color="yellow" variant="light" size="lg" tt="none" role="status">
      {text}
    </Badge>
  ) : (
    <Text size="sm" c="dimmed" role="status">
      {text}
    </Text>
  );
}
