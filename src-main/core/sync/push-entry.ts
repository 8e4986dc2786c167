import type { EmitEvent, SyncStatus } from '../../../shared/contract/bridge';
import { claimantJson, parseClaimant, type Letter } from '../../../shared/model/letter';
import { PlatformError, type PlatformClient } from '../platform/platform-client';
import type { SessionService } from '../session';
import type { LettersStore, OutboxEntry } from '../store/letters-store';
import { conflictedCopy } from './conflicted-copy';
import { createPayload, updateLetterPayload } from './letter-payloads';

// Pushing one outbox entry to the platform and recording the outcome. An entry leaves the
// outbox only when the platform has accepted it, refused it for good (the local copy stays,
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

  return async function pushEntry(entry: OutboxEntry): Promise<PushOutcome> {
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
  };
}
