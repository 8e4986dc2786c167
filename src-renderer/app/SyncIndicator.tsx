import { Badge } from '@mantine/core';
import { useGetSyncStatusQuery } from '../features/session/session-api';

/** Where local work stands against the platform. */
export function SyncIndicator() {
  const { data: status } = useGetSyncStatusQuery();
  if (!status) return null;
  const label =
    status.state === 'synced'
      ? 'Synced'
      : status.state === 'syncing'
        ? `Syncing ${status.pending} changes`
        : status.state === 'offline'
          ? `Offline — ${status.pending} changes waiting`
          : (status.message ?? 'Sync failed');
  // Shade 9 text on the light tint keeps the badge's small bold text above 4.5:1.
  const color = status.state === 'synced' ? 'teal.9' : status.state === 'syncing' ? 'blue.9' : status.state === 'offline' ? 'gray.8' : 'red.9';
  return (
    <Badge role="status" aria-label={`Sync: ${label}`} color={color} variant="light">
      {label}
    </Badge>
  );
}
