import type { EmitEvent, SyncStatus } from '../../../shared/contract/bridge';
import { claimantJson, type Letter } from '../../../shared/model/letter';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore } from '../store/letters-store';
import { conflictedCopy } from './conflicted-copy';
import { autosavePayload, createPayload } from './letter-payloads';

// The first sync step: push the outbox to the platform in order, one entry at a time, and
// bring the platform's letters of a channel into the cache. Failures never lose work: an
// entry leaves the outbox only when the platform has accepted it or refused it for good.

const MAX_BACKOFF_MS = 60_000;

export interface SyncEngineOptions {
  store: LettersStore;
  client: PlatformClient;
  session: SessionService;
  emit: EmitEvent;
  pushDelayMs: number;
  log: (message: string, detail?: unknown) => void;
}

/** Whether the platform's answer holds what was sent (an empty title becomes 'Draft {id}'). */
function carries(remote: Letter, sent: Letter): boolean {
  return remote.blocks === sent.blocks && (sent.title.trim() === '' || remote.title === sent.title);
}

export function createSyncEngine({ store, client, session, emit, pushDelayMs, log }: SyncEngineOptions) {
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

  function claimant(): string | null {
    const user = session.current().user;
    return user ? claimantJson(user) : null;
  }

  /** Sends one letter: created when the platform has not seen it, autosaved otherwise. */
  async function pushLetter(letter: Letter): Promise<Letter> {
    if (letter.id !== null) {
      if (letter.channelId === null) throw new PlatformError('http', 'This letter has no channel.', 422);
      return client.autosave(letter.channelId, letter.id, autosavePayload(letter, claimant()));
    }
    const channelId = letter.channelId ?? session.findChannel(letter.brandSlug, letter.channelSlug)?.id;
    if (channelId === undefined || channelId === null) throw new PlatformError('http', 'This channel is not available to you.', 403);
    const remote = await client.createLetter(letter.brandSlug, letter.channelSlug, createPayload(letter, channelId));
    // A retried create answers the letter the platform already made (the first answer was
    // lost), without this copy's later edits: push them on top.
    if (carries(remote, letter) || remote.id === null || remote.channelId === null) return remote;
    return client.autosave(remote.channelId, remote.id, autosavePayload({ ...letter, version: remote.version }, claimant()));
  }

  /** Someone else saved a newer version: take theirs, keep ours as a conflicted copy. */
  async function divertToCopy(letter: Letter): Promise<void> {
    const remote = await client.getLetter(letter.brandSlug, letter.channelSlug, letter.id!);
    if (!remote) throw new PlatformError('http', 'This letter no longer exists on the platform.', 404);
    const copy = conflictedCopy(letter, new Date().toISOString());
    await store.outbox.divert(letter.uniqueId, remote, copy);
    log(`Letter ${letter.uniqueId} changed elsewhere; local edits kept as ${copy.uniqueId}`);
    emit('letters.changed', { uniqueIds: [letter.uniqueId, copy.uniqueId] });
    emit('letters.conflict', {
      brandSlug: letter.brandSlug,
      channelSlug: letter.channelSlug,
      uniqueId: letter.uniqueId,
      title: remote.title,
      copyUniqueId: copy.uniqueId,
      copyTitle: copy.title,
    });
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
      const entry = await store.outbox.next();
      if (!entry) break;
      const letter = await store.getByUniqueId(entry.letter_unique_id);
      if (!letter) continue;
      setStatus({ state: 'syncing', pending: await store.outbox.count(), message: null });
      await store.outbox.markStarted(entry.seq, new Date().toISOString());
      try {
        const remote = await pushLetter(letter);
        await store.outbox.complete(entry.seq, letter, remote);
        failures = 0;
        emit('letters.changed', { uniqueIds: [letter.uniqueId] });
      } catch (error) {
        if (!(error instanceof PlatformError)) {
          await store.outbox.markFailed(entry.seq, String(error));
          throw error;
        }
        if (error.status === 409 && letter.id !== null) {
          const diverted = await divertToCopy(letter).then(
            () => true,
            async (failure: unknown) => {
              await store.outbox.markFailed(entry.seq, String(failure));
              return false;
            },
          );
          if (diverted) continue;
          return retryLater('error', 'This letter changed elsewhere; trying again shortly.', await store.outbox.count());
        }
        if (error.isPermanent) {
          log(`The platform refused letter ${letter.uniqueId}: ${error.message}`);
          await store.outbox.reject(entry.seq, letter.uniqueId, error.message);
          emit('letters.changed', { uniqueIds: [letter.uniqueId] });
          continue;
        }
        await store.outbox.markFailed(entry.seq, error.message);
        const pending = await store.outbox.count();
        if (error.isUnauthorized) {
          await session.signedOutByPlatform();
          return retryLater('signed-out', 'Sign in to sync your letters.', pending);
        }
        return retryLater(error.kind === 'network' ? 'offline' : 'error', error.message, pending);
      }
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
