import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { EMBEDDED_ACCOUNT } from '../../../shared/contract/platform-api';
import type { EventName } from '../../../shared/contract/bridge';
import { conflictedCopyTitle, type Letter } from '../../../shared/model/letter';
import { newDraftLetter } from '../../../shared/model/new-letter';
import { createDb } from '../../../src-server/db/database';
import { createPlatformClient } from '../platform/platform-client';
import { createSession, memoryTokenVault } from '../session';
import { createKvStore } from '../store/kv-store';
import { createLettersStore } from '../store/letters-store';
import { openStore } from '../store/open-store';
import { platformView, useTestPlatform, WEEKLY } from '../testing/test-core';
import { createSyncEngine } from './sync-engine';

// The outbox pushed in batches (sync/letters/batch) against a real platform, with the
// one-by-one push beside it: the same letters end the same way either way — created once,
// edits applied, a conflict kept as a conflicted copy, a refusal kept locally with its
// reason — and a platform without the batch call still gets every letter.

const testPlatform = useTestPlatform({ faultyProxy: true });
const LETTERS = 7;

async function openEngine(pushBatchSize: number) {
  const db = await openStore(testPlatform.tempDir());
  const store = createLettersStore(db);
  const kv = createKvStore(db);
  const url = testPlatform.proxy().url;
  let session: Awaited<ReturnType<typeof createSession>> | null = null;
  const client = createPlatformClient(url, () => session?.getToken() ?? null);
  session = await createSession({ mode: 'embedded', url, account: { ...EMBEDDED_ACCOUNT } }, client, kv, memoryTokenVault());
  const channel = (await session.refresh()).organizations.flatMap((o) => o.channels).find((c) => c.channelSlug === WEEKLY.channelSlug)!;
  const events: Array<{ event: EventName; payload: unknown }> = [];
  const engine = createSyncEngine({
    store,
    kv,
    client,
    session,
    emit: (event, payload) => events.push({ event, payload }),
    pushDelayMs: 3_600_000,
    log: () => {},
    pushBatchSize,
  });
  testPlatform.cleanup.add(() => db.destroy());
  testPlatform.cleanup.add(() => engine.stop());
  const insert = async (prefix: string, count: number, place: Partial<Letter> = {}) => {
    const ids: string[] = [];
    for (let n = 0; n < count; n++) {
      const letter = newDraftLetter({ uniqueId: `${prefix}-${n}-${Math.random().toString(36).slice(2)}`, channel, author: null, now: new Date().toISOString() });
      await store.insertNew({ ...letter, title: `${prefix} ${n}`, ...place });
      ids.push(letter.uniqueId);
    }
    return ids;
  };
  return { store, engine, events, channel, insert };
}

async function onPlatform(uniqueIds: readonly string[]) {
  const listed = await (await platformView(testPlatform.platform().url)).list();
  return uniqueIds.map((uniqueId) => listed.filter((item) => item.uniqueId === uniqueId));
}

describe.each([
  ['in batches of 3', 3],
  ['one by one', 1],
])('pushing the outbox %s', (_, batchSize) => {
  it('creates each letter once, applies edits, and settles a conflict and a refusal each on its own', async () => {
    const { store, engine, events, insert } = await openEngine(batchSize);
    const ids = await insert(`Batch${batchSize}`, LETTERS);
    // A letter for a channel this account cannot reach: refused for good, kept locally.
    await insert('Stray', 1, { brandSlug: 'nowhere', channelSlug: 'gone', channelId: null });

    expect(await engine.pushNow()).toMatchObject({ state: 'synced', pending: 0 });
    expect((await onPlatform(ids)).map((copies) => copies.length)).toEqual(ids.map(() => 1));
    const local = await Promise.all(ids.map((id) => store.getByUniqueId(id)));
    expect(local.every((letter) => letter!.id !== null && letter!.version === 1)).toBe(true);
    const strayNow = (await store.list({ brandSlug: 'nowhere', channelSlug: 'gone' }))[0]!;
    expect(strayNow).toMatchObject({ id: null, syncError: 'This channel is not available to you.' });

    // Someone else saves letter 1 on the platform; then every letter is edited here.
    const contested = local[1]!;
    const db = createDb(testPlatform.platform().connectionString);
    try {
      await sql`update letters set version = version + 1, title = 'Changed elsewhere' where id = ${contested.id}`.execute(db);
    } finally {
      await db.destroy();
    }
    for (const [n, id] of ids.entries()) await store.saveLocal(id, { title: `Edited ${n}` }, new Date().toISOString());
    expect(await engine.pushNow()).toMatchObject({ state: 'synced', pending: 0 });

    const view = await platformView(testPlatform.platform().url);
    for (const [n, letter] of local.entries()) {
      const remote = await view.letter(letter!.id!);
      if (n === 1) expect(remote).toMatchObject({ title: 'Changed elsewhere', version: 2 });
      else expect(remote).toMatchObject({ title: `Edited ${n}`, version: 2 });
      expect(await store.getByUniqueId(letter!.uniqueId)).toMatchObject({ title: remote!.title, version: remote!.version });
    }
    // The losing edit lives on as a conflicted copy, pushed as a new letter, and its editor is told.
    const conflicts = events.filter((e) => e.event === 'letters.conflict').map((e) => e.payload as { copyUniqueId: string });
    expect(conflicts).toEqual([
      expect.objectContaining({ uniqueId: contested.uniqueId, title: 'Changed elsewhere', copyTitle: conflictedCopyTitle('Edited 1') }),
    ]);
    const [copies] = await onPlatform([conflicts[0]!.copyUniqueId]);
    expect(copies!.map((copy) => copy.title)).toEqual([conflictedCopyTitle('Edited 1')]);
  });
});

describe('pushing in batches to a platform without the batch call', () => {
  it('falls back to one push per letter and loses nothing', async () => {
    const { engine, insert } = await openEngine(3);
    testPlatform.proxy().mode = 'no-batch';
    const ids = await insert('Fallback', 5);
    expect(await engine.pushNow()).toMatchObject({ state: 'synced', pending: 0 });
    expect((await onPlatform(ids)).map((copies) => copies.length)).toEqual(ids.map(() => 1));
  });

  it('keeps every letter queued while the batch call faults, then pushes each once', async () => {
    const { engine, insert } = await openEngine(3);
    const ids = await insert('Faulted', 5);
    testPlatform.proxy().mode = 'error500';
    expect(await engine.pushNow()).toMatchObject({ state: 'error', pending: 5, message: 'The platform had a fault.' });
    testPlatform.proxy().mode = 'reset-after-forward';
    expect(await engine.pushNow()).toMatchObject({ state: 'offline', pending: 5 });
    testPlatform.proxy().mode = 'pass';
    expect(await engine.pushNow()).toMatchObject({ state: 'synced', pending: 0 });
    expect((await onPlatform(ids)).map((copies) => copies.length)).toEqual(ids.map(() => 1));
  });
});
