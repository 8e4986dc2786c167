import type { EmitEvent, SyncStatus } from '../../../shared/contract/bridge';
import { claimantJson, parseClaimant, type Letter } from '../../../shared/model/letter';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore, OutboxEntry } from '../store/letters-store';
import type { SyncBatchItem, SyncBatchResult } from '../../../shared/contract/platform-sync-batch';
import { conflictedCopy } from './conflicted-copy';
import { createPayload, updateLetterPayload } from './letter-payloads';

// Pushing outbox entries to the platform, one at a time or several in one batch request,
// and recording the outcome. An entry leaves the outbox only when the platform has accepted it, refused it for good (the local copy stays,
// with the reason), or holds a newer version (the local edits become a conflicted copy).

/** done: the entry is settled; retry: it stays, and the whole push waits and tries again. */
export type PushOutcome = { kind: 'done' } | { kind: 'retry'; state: SyncStatus['state']; message: string };

/** Whether the platform's answer holds what was sent (an empty title becomes 'Draft {id}'). */
function carries(remote: Letter, sent: Letter): boolean {
  return remote.blocks === sent.blocks && (sent.title.trim() === '' || remote.title === sent.title);
}

export function createEntryPusher(deps: {
  store: LettersStore;
  client: PlatformClient;
  session: SessionService;
  emit: EmitEvent;
  log: (message: string, detail?: unknown) => void;
}) {
  const { store, client, session, emit, log } = deps;

  function claimant(): string | null {
    const user = session.current().user;
    return user ? claimantJson(user) : null;
  }

  /**
   * Sends one letter: created when the platform has not seen it, otherwise the whole
   * editable letter (update-letter), so blocks, title and styles travel together.
   */
  async function pushLetter(letter: Letter): Promise<Letter> {
    if (letter.id !== null) return client.updateLetter(letter.channelSlug, letter.id, updateLetterPayload(letter, claimant()));
    const channelId = letter.channelId ?? session.findChannel(letter.brandSlug, letter.channelSlug)?.id;
    if (channelId === undefined || channelId === null) throw new PlatformError('http', 'This channel is not available to you.', 403);
    const remote = await client.createLetter(letter.brandSlug, letter.channelSlug, createPayload(letter, channelId));
    // A retried create answers the letter the platform already made (the first answer was
    // lost), without this copy's later edits: push them on top.
    if (carries(remote, letter) || remote.id === null) return remote;
    return client.updateLetter(remote.channelSlug, remote.id, updateLetterPayload({ ...letter, id: remote.id, version: remote.version }, claimant()));
  }

  /** Someone else saved a newer version: take theirs, keep ours as a conflicted copy. */
  async function divertToCopy(letter: Letter): Promise<void> {
    const remote = await client.getLetter(letter.brandSlug, letter.channelSlug, letter.id!);
    if (!remote) throw new PlatformError('http', 'This letter no longer exists on the platform.', 404);
    const copy = conflictedCopy(letter, new Date().toISOString());
    await store.outbox.divert(letter.uniqueId, remote, copy);
    log(`Letter ${letter.uniqueId} changed elsewhere; local edits kept as ${copy.uniqueId}`);
    emit('letters.changed', { uniqueIds: [letter.uniqueId, copy.uniqueId] });
    const holder = parseClaimant(remote.claimant);
    if (holder && holder.uniqueId !== session.current().user?.uniqueId) {
      emit('letters.takenOver', { uniqueId: letter.uniqueId, name: holder.name });
    }
    emit('letters.conflict', {
      brandSlug: letter.brandSlug,
      channelSlug: letter.channelSlug,
      uniqueId: letter.uniqueId,
      title: remote.title,
      copyUniqueId: copy.uniqueId,
      copyTitle: copy.title,
    });
  }

  /**
   * What a refused push leaves: a conflict becomes a conflicted copy, a permanent refusal
   * keeps the local copy with the reason, anything else waits for a retry.
   */
  async function settleFailure(entry: OutboxEntry, letter: Letter, error: unknown): Promise<PushOutcome> {
    if (!(error instanceof PlatformError)) {
      await store.outbox.markFailed(entry.seq, String(error));
      throw error;
    }
    if (error.status === 409 && letter.id !== null) {
      try {
        await divertToCopy(letter);
        return { kind: 'done' };
      } catch (failure) {
        await store.outbox.markFailed(entry.seq, String(failure));
        return { kind: 'retry', state: 'error', message: 'This letter changed elsewhere; trying again shortly.' };
      }
    }
    if (error.isPermanent) {
      log(`The platform refused letter ${letter.uniqueId}: ${error.message}`);
      await store.outbox.reject(entry.seq, letter.uniqueId, error.message);
      emit('letters.changed', { uniqueIds: [letter.uniqueId] });
      return { kind: 'done' };
    }
    await store.outbox.markFailed(entry.seq, error.message);
    if (error.isUnauthorized) {
      await session.signedOutByPlatform();
      return { kind: 'retry', state: 'signed-out', message: 'Sign in to sync your letters.' };
    }
    return { kind: 'retry', state: error.kind === 'network' ? 'offline' : 'error', message: error.message };
  }

  async function pushEntry(entry: OutboxEntry): Promise<PushOutcome> {
    const letter = await store.getByUniqueId(entry.letter_unique_id);
    if (!letter) {
      await store.outbox.discard(entry.seq);
      return { kind: 'done' };
    }
    try {
      await store.outbox.complete(entry.seq, letter, await pushLetter(letter));
      emit('letters.changed', { uniqueIds: [letter.uniqueId] });
      return { kind: 'done' };
    } catch (error) {
      return settleFailure(entry, letter, error);
    }
  }

  /** The batch item standing for the single push of `letter` (create or update-letter). */
  function batchItem(letter: Letter): SyncBatchItem {
    if (letter.id !== null) return { op: 'update', channelSlug: letter.channelSlug, id: letter.id, letter: updateLetterPayload(letter, claimant()) };
    const channelId = letter.channelId ?? session.findChannel(letter.brandSlug, letter.channelSlug)?.id;
    if (channelId === undefined || channelId === null) throw new PlatformError('http', 'This channel is not available to you.', 403);
    return { op: 'create', brandSlug: letter.brandSlug, channelSlug: letter.channelSlug, letter: createPayload(letter, channelId) };
  }

  /**
   * Pushes several letters (one entry each) in one request, settled as their single pushes
   * would be: the accepted ones complete in one local transaction, each refusal is settled
   * on its own. When the request as a whole fails, every entry waits for a retry — or, if
   * the platform refused the batch itself (a platform without the batch call), they go one
   * by one.
   */
  async function pushBatch(entries: readonly OutboxEntry[]): Promise<PushOutcome> {
    const letters = await store.getManyByUniqueId(entries.map((entry) => entry.letter_unique_id));
    const outcomes: PushOutcome[] = [];
    // A fault settling one entry is thrown only once the accepted ones are recorded.
    const faults: unknown[] = [];
    const settle = async (entry: OutboxEntry, letter: Letter, error: unknown) => {
      try {
        outcomes.push(await settleFailure(entry, letter, error));
      } catch (fault) {
        faults.push(fault);
      }
    };
    const sending: { entry: OutboxEntry; letter: Letter; item: SyncBatchItem }[] = [];
    for (const entry of entries) {
      const letter = letters.get(entry.letter_unique_id);
      if (!letter) {
        await store.outbox.discard(entry.seq);
        continue;
      }
      try {
        sending.push({ entry, letter, item: batchItem(letter) });
      } catch (error) {
        await settle(entry, letter, error);
      }
    }
    let results: SyncBatchResult[] = [];
    if (sending.length > 0) {
      try {
        results = await client.pushLetters(sending.map((sent) => sent.item));
      } catch (error) {
        if (error instanceof PlatformError && error.isPermanent) {
          for (const { entry } of sending) outcomes.push(await pushEntry(entry));
          return firstRetry(outcomes);
        }
        for (const { entry, letter } of sending) await settle(entry, letter, error);
        if (faults.length > 0) throw faults[0];
        return firstRetry(outcomes);
      }
    }
    const accepted: { seq: number; sent: Letter; remote: Letter }[] = [];
    for (const [index, { entry, letter, item }] of sending.entries()) {
      const result = results[index]!;
      if ('error' in result) {
        await settle(entry, letter, new PlatformError('http', result.error.message, result.status, result.error.errors));
        continue;
      }
      let remote = result.letter;
      // As with a single create: a retried create answers the letter made first, without
      // this copy's later edits; those go on top, alone.
      if (item.op === 'create' && !carries(remote, letter) && remote.id !== null) {
        try {
          remote = await client.updateLetter(remote.channelSlug, remote.id, updateLetterPayload({ ...letter, id: remote.id, version: remote.version }, claimant()));
        } catch (error) {
          await settle(entry, letter, error);
          continue;
        }
      }
      accepted.push({ seq: entry.seq, sent: letter, remote });
    }
    await store.outbox.completeMany(accepted);
    if (accepted.length > 0) emit('letters.changed', { uniqueIds: accepted.map((done) => done.sent.uniqueId) });
    if (faults.length > 0) throw faults[0];
    return firstRetry(outcomes);
  }

  return { pushEntry, pushBatch };
}

function firstRetry(outcomes: readonly PushOutcome[]): PushOutcome {
  return outcomes.find((outcome) => outcome.kind === 'retry') ?? { kind: 'done' };
}
