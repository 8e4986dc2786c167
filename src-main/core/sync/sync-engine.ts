import type { EmitEvent, SyncStatus } from '../../../shared/contract/bridge';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import { createEntryPusher, type PushOutcome } from './push-entry';

// The sync engine: pushes the outbox to the platform (several letters at once, each
// letter's entries in order), retries with backoff, pulls a channel's letters into the
// cache, and reports its state. Failures never lose work (see push-entry.ts).

const MAX_BACKOFF_MS = 60_000;

export interface SyncEngineOptions {
  store: LettersStore;
  client: PlatformClient;
  session: SessionService;
  emit: EmitEvent;
  pushDelayMs: number;
  log: (message: string, detail?: unknown) => void;
}

/** Letters pushed at once; entries of one letter still go one after another, in order. */
const PUSH_CONCURRENCY = 8;

export function createSyncEngine({ store, client, session, emit, pushDelayMs, log }: SyncEngineOptions) {
  const pushEntry = createEntryPusher({ store, client, session, emit, log });
  let status: SyncStatus = { state: 'synced', pending: 0, message: null };
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let failures = 0;
  let stopped = false;
  /** Pulls under way; closing waits for them so none writes to a closed store. */
  const pulls = new Set<Promise<void>>();

  function setStatus(next: SyncStatus) {
    status = next;
    emit('sync.status', next);
  }

  function schedule(delayMs: number) {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      void pushAll();
    }, delayMs);
  }

  function retryLater(state: SyncStatus['state'], message: string, pending: number) {
    failures += 1;
    const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(failures, 6));
    setStatus({ state, pending, message });
    schedule(backoff / 2 + Math.random() * (backoff / 2));
  }

  async function pushOnce(): Promise<void> {
    try {
      if (!(await session.ensureSignedIn())) {
        setStatus({ state: 'signed-out', pending: await store.outbox.count(), message: 'Sign in to sync your letters.' });
        return;
      }
    } catch (error) {
      if (error instanceof PlatformError) return retryLater('offline', error.message, await store.outbox.count());
      throw error;
    }
    for (;;) {
      const batch = await store.outbox.nextPerLetter(PUSH_CONCURRENCY);
      if (batch.length === 0) break;
      setStatus({ state: 'syncing', pending: await store.outbox.count(), message: null });
      // Settle every push of the batch before deciding, so none is still writing afterwards.
      const settled = await Promise.allSettled(batch.map(pushEntry));
      const fault = settled.find((result) => result.status === 'rejected');
      if (fault) throw fault.reason;
      const outcomes = settled.map((result) => (result as PromiseFulfilledResult<PushOutcome>).value);
      const retry = outcomes.find((outcome) => outcome.kind === 'retry');
      if (retry) return retryLater(retry.state, retry.message, await store.outbox.count());
      failures = 0;
    }
    setStatus({ state: 'synced', pending: 0, message: null });
  }

  /** Single flight: a push asked for while one runs makes it go round once more. */
  function pushAll(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      try {
        do {
          again = false;
          await pushOnce();
        } while (again && !stopped);
      } catch (error) {
        log('Sync failed', error);
        retryLater('error', 'Sync failed. Your work is saved on this computer.', await store.outbox.count());
      } finally {
        running = null;
      }
    })();
    return running;
  }

  /** Brings the channel's letters from the platform into the cache; offline it does nothing. */
  async function pullOnce(brandSlug: string, channelSlug: string): Promise<void> {
    try {
      if (!(await session.ensureSignedIn())) return;
      const { items } = await client.listLetters(brandSlug, channelSlug);
      const changed: string[] = [];
      for (const summary of await store.staleOf(items)) {
        if (summary.id === null || stopped) continue;
        const letter = await client.getLetter(brandSlug, channelSlug, summary.id);
        if (letter && (await store.applyRemote(letter))) changed.push(letter.uniqueId);
      }
      if (changed.length > 0) emit('letters.changed', { uniqueIds: changed });
    } catch (error) {
      // A pull runs in the background of a list: its failure is logged, never thrown.
      log(`Could not pull ${brandSlug}/${channelSlug}`, error instanceof PlatformError ? error.message : error);
    }
  }

  return {
    status: () => status,
    /** A local edit was saved: push it after the autosave debounce. */
    async localChange() {
      setStatus({ ...status, state: status.state === 'synced' ? 'syncing' : status.state, pending: await store.outbox.count() });
      schedule(pushDelayMs);
    },
    pushNow: async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await pushAll();
      return status;
    },
    pullChannel(brandSlug: string, channelSlug: string): Promise<void> {
      if (stopped) return Promise.resolve();
      const pull = pullOnce(brandSlug, channelSlug).finally(() => pulls.delete(pull));
      pulls.add(pull);
      return pull;
    },
    start() {
      schedule(0);
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
      await Promise.allSettled([...pulls]);
    },
  };
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
