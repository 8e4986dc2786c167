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
  const color = status.state === 'synced' ? 'teal' : status.state === 'syncing' ? 'blue' : status.state === 'offline' ? 'gray' : 'red';
  return (
    <Badge role="status" aria-label={`Sync: ${label}`} color={color} variant="light">
      {label}
    </Badge>
  );
}
