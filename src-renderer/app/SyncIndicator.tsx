import { Badge } from '@mantine/core';
import { useGetSyncStatusQuery } from './session-api';
import { syncLabel } from './sync-label';

/** Where local work stands against the platform. */
export function SyncIndicator() {
  const { data: status } = useGetSyncStatusQuery();
  if (!status) return null;
  const label = syncLabel(status);
  const color = status.state === 'synced' ? 'teal' : status.state === 'syncing' ? 'blue' : status.state === 'offline' ? 'gray' : 'red';
  return (
    <Badge role="status" aria-label={`Sync: ${label}`} color={color} variant="light" tt="none">
      {label}
    </Badge>
  );
}
