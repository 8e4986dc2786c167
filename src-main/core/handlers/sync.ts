import type { BridgeHandlers } from '../../../shared/contract/bridge';
import type { SyncEngine } from '../sync/sync-engine';

export function syncHandlers(sync: SyncEngine): Pick<BridgeHandlers, 'sync.status' | 'sync.now'> {
  return {
    'sync.status': async () => sync.status(),
    // Sync now: send what is waiting, then bring in what changed on the platform.
    'sync.now': async () => {
      await sync.pushNow();
      await sync.pull();
      return sync.status();
    },
  };
}
