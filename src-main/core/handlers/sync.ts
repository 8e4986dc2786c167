import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { SyncEngine } from '../sync/sync-engine';

export function syncHandlers(sync: SyncEngine): Pick<BridgeHandlers, 'sync.status' | 'sync.now'> {
  return {
    'sync.status': async () => sync.status(),
    'sync.now': () => sync.syncNow(),
  };
}
