import type { SyncStatus } from '../../shared/contract/bridge';

/** '1 change', '3 changes': the count the way people say it. */
export function changesCount(count: number): string {
  return `${count} ${count === 1 ? 'change' : 'changes'}`;
}

/** The sync chip's words: a count only when there is something to count. */
export function syncLabel(status: SyncStatus): string {
  switch (status.state) {
    case 'synced':
      return 'Synced';
    case 'syncing':
      return status.pending > 0 ? `Syncing ${changesCount(status.pending)}` : 'Syncing';
    case 'offline':
      return status.pending > 0 ? `Offline — ${changesCount(status.pending)} waiting` : 'Offline';
    case 'signed-out':
      return status.message ?? 'Signed out';
    case 'error':
      return status.message ?? 'Sync failed';
  }
}
