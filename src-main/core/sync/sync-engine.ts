import { randomUUID } from 'node:crypto';
import type { EmitEvent, SyncStatus } from '../../../shared/contract/bridge';
import type { Letter } from '../../../shared/model/letter';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { KvStore } from '../store/kv-store';
import type { LettersStore } from '../store/letters-store';
import { backoffMs } from './backoff';
import { createDeliveryFeed } from './delivery-feed';
import { nextPullDelayMs } from './pull-cadence';
import type { HeldClaims } from './held-claims';
import { createEntryPusher, type PushOutcome } from './push-entry';
import { createSingleFlight } from './single-flight';

// The sync engine: pushes the outbox to the platform (batches of letters in one request
// each, two at once; each letter's entries in order), retries with backoff, pulls the platform's changes into the
// cache, and reports its state. Failures never lose work (see push-entry.ts).

export interface SyncEngineOptions {
  store: LettersStore;
  kv: KvStore;
  client: PlatformClient;
  session: SessionService;
  emit: EmitEvent;
  pushDelayMs: number;
  log: (message: string, detail?: unknown) => void;
  /** The clock the pull cadence and the age of delivery notices follow. */
  now?: () => Date;
  /**
   * Letters per push request (sync/letters/batch); 1 pushes each letter by its own call,
   * the way pushes went before batches (the sync bench's baseline).
   */
  pushBatchSize?: number;
  /** The letters this core holds the claim on: a pull naming someone else tells the editor. */
  claims?: HeldClaims;
}

/** Requests in flight at once; entries of one letter still go one after another, in order. */
const PUSH_CONCURRENCY = 8;
/** Letters taken from the outbox at a time for the workers to share. */
const PUSH_WINDOW = 64;
/**
 * Letters per batch request: one platform transaction (one commit) and one local one per
 * batch. Two batches in flight keep both sides busy: the platform writes one while the
 * core records the other's answer.
 */
export const PUSH_BATCH_SIZE = 50;
const BATCH_CONCURRENCY = 2;

export function createSyncEngine({
  store,
  kv,
  client,
  session,
  emit,
  pushDelayMs,
  log,
  now = () => new Date(),
  pushBatchSize = PUSH_BATCH_SIZE,
  claims,
}: SyncEngineOptions) {
  const { pushEntry, pushBatch } = createEntryPusher({ store, client, session, emit, log });
  const batched = pushBatchSize > 1;
  // A unit of work for one worker: one entry alone, or a batch of them.
  const unitSize = batched ? pushBatchSize : 1;
  const concurrency = batched ? BATCH_CONCURRENCY : PUSH_CONCURRENCY;
  const windowSize = batched ? pushBatchSize * BATCH_CONCURRENCY * 2 : PUSH_WINDOW;
  const deliveries = createDeliveryFeed({ client, kv, emit, log });
  let status: SyncStatus = { state: 'synced', pending: 0, message: null };
  let timer: NodeJS.Timeout | null = null;
  let failures = 0;
  let stopped = false;
  /** The pull under way; closing waits for it so it never writes to a closed store. */
  let pulling: Promise<void> | null = null;
  let pullTimer: NodeJS.Timeout | null = null;

  /** Set by start(): from then on every pull, asked for or timed, sets the next one. */
  let pullsTimed = false;

  /**
   * The next background pull, sooner while a send is due or under way (pull-cadence.ts).
   * Set again after every pull, so a letter learned of just now (scheduled elsewhere) is
   * followed closely at once.
   */
  async function schedulePull(): Promise<void> {
    const delay = nextPullDelayMs(await store.watchedForDelivery().catch(() => []), now());
    if (stopped || !pullsTimed) return;
    if (pullTimer) clearTimeout(pullTimer);
    pullTimer = setTimeout(() => {
      pullTimer = null;
      void engine.pull();
    }, delay);
  }

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
    setStatus({ state, pending, message });
    schedule(backoffMs(failures));
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
      // A window of letters (one entry each, so they may go side by side) shared by the
      // workers, a batch or a letter at a time: a slow push holds up one worker, not all.
      const window = await store.outbox.nextPerLetter(windowSize);
      if (window.length === 0) break;
      setStatus({ state: 'syncing', pending: await store.outbox.count(), message: null });
      // One write for the window: every commit syncs to disk, and the core's thread waits for it.
      await store.outbox.markStarted(
        window.map((entry) => entry.seq),
        new Date().toISOString(),
      );
      let next = 0;
      // The first retry or fault ends the window: no worker starts another push after it.
      const halt: { retry?: Extract<PushOutcome, { kind: 'retry' }>; fault?: { error: unknown } } = {};
      const worker = async () => {
        while (next < window.length && !halt.retry && !halt.fault && !stopped) {
          const unit = window.slice(next, next + unitSize);
          next += unit.length;
          try {
            const outcome = batched ? await pushBatch(unit) : await pushEntry(unit[0]!);
            if (outcome.kind === 'retry') halt.retry ??= outcome;
          } catch (error) {
            halt.fault ??= { error };
          }
        }
      };
      // Every started push settles before deciding, so none is still writing afterwards.
      await Promise.all(Array.from({ length: Math.min(concurrency, Math.ceil(window.length / unitSize)) }, worker));
      // Entries the workers never reached wait as they were, so later edits still join them.
      await store.outbox.release(window.slice(next).map((entry) => entry.seq));
      if (halt.fault) throw halt.fault.error;
      if (halt.retry) return retryLater(halt.retry.state, halt.retry.message, await store.outbox.count());
      if (stopped) return;
      failures = 0;
    }
    setStatus({ state: 'synced', pending: 0, message: null });
  }

  // A push asked for while one runs makes it go round once more.
  const pushes = createSingleFlight({
    round: pushOnce,
    stopped: () => stopped,
    onError: async (error) => {
      log('Sync failed', error);
      retryLater('error', 'Sync failed. Your work is saved on this computer.', await store.outbox.count());
    },
  });
  const pushAll = () => pushes.run();

  /**
   * Brings every change the platform has made since the last pull into the cache, then the
   * news of scheduled sends.
   */
  async function pullOnce(): Promise<void> {
    try {
      if (!(await session.ensureSignedIn())) return;
      // The embedded account signs in before anyone has asked who it is: a pull then must
      // learn the user first, or its cursors would be kept under no one's name and the
      // next pull would start the delivery feed again from later, passing over a send.
      const user = session.current().user ?? (await session.refresh()).user;
      if (!user) return;
      const account = user.uniqueId;
      const cursorKey = `sync.cursor.${account}`;
      // Each page is asked for once the last is written: asking ahead measured slower (the
      // cache's writes hold this thread, and the two sides then compete for the cores).
      let cursor = (await kv.get<string>(cursorKey)) ?? '0';
      let more = true;
      while (more && !stopped) {
        const page = await client.changes(cursor);
        // The page and the cursor after it in one transaction: one sync to disk per page.
        const changed = await store.applyChanges(page.items, new Date().toISOString(), randomUUID, { key: cursorKey, value: page.cursor });
        if (changed.length > 0) emit('letters.changed', { uniqueIds: changed });
        // After the change, so a composer told of the takeover reads the new holder's copy.
        for (const taken of claims?.takenOver(page.items.filter((item): item is Letter => !('deleted' in item))) ?? []) {
          emit('letters.takenOver', taken);
        }
        cursor = page.cursor;
        more = page.hasMore;
      }
      await deliveries.pull(account, now, () => stopped);
    } catch (error) {
      // A pull runs in the background: its failure is logged, never thrown; the next one resumes.
      log('Could not pull changes', error instanceof PlatformError ? error.message : error);
    }
  }

  const engine = {
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
    /**
     * Someone signed in: 'Sign in to sync your letters.' goes now, not when the first push
     * ends. What waits shows as syncing (the push follows at once, see syncNow); an empty
     * outbox is already synced. Any other state (offline, a failure) is the push's to change.
     */
    async signedIn(): Promise<void> {
      if (status.state !== 'signed-out') return;
      const pending = await store.outbox.count();
      setStatus(pending > 0 ? { state: 'syncing', pending, message: null } : { state: 'synced', pending: 0, message: null });
    },
    /**
     * Sends what is waiting, then brings in what changed on the platform: 'Sync now', and
     * a sign-in, after which the outbox would otherwise wait for the next edit (a push
     * that found no one signed in sets no timer).
     */
    async syncNow(): Promise<SyncStatus> {
      await engine.pushNow();
      await engine.pull();
      return status;
    },
    /** Single flight: a pull asked for while one runs joins it. */
    pull(): Promise<void> {
      if (stopped) return Promise.resolve();
      pulling ??= pullOnce().finally(() => {
        pulling = null;
        void schedulePull();
      });
      return pulling;
    },
    start() {
      schedule(0);
      pullsTimed = true;
      void engine.pull();
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (pullTimer) clearTimeout(pullTimer);
      timer = null;
      await pushes.current();
      await pulling;
    },
  };
  return engine;
}

export type SyncEngine = ReturnType<typeof createSyncEngine>;
