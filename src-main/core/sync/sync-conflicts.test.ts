import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDED_ACCOUNT } from '../../../shared/contract/platform-api';
import { addMembership, createUser } from '../../../src-server/db/accounts';
import { createDb } from '../../../src-server/db/database';
import { startTestPlatform } from '../../../src-server/testing/test-platform';
import { call, createCleanup, openTestCore, platformView, tempDir, WEEKLY } from '../testing/test-core';

// Two editors, two desktop cores, one letter: the edit that loses the race is never
// overwritten silently — it lives on in a conflicted copy, and its editor is told.

type LetterOut = { id: number; uniqueId: string; title: string; version: number };
const SECOND = { email: 'second@example.com', password: 'second-password' };

let platform: Awaited<ReturnType<typeof startTestPlatform>>;
const cleanup = createCleanup();

beforeAll(async () => {
  platform = await startTestPlatform();
  const db = createDb(platform.connectionString);
  try {
    const user = await createUser(db, { ...SECOND, name: 'Sam', surname: 'Second' });
    const demo = await db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    await addMembership(db, { userId: user.id, organizationId: demo.id, role: 'editor' });
  } finally {
    await db.destroy();
  }
});
afterAll(async () => {
  await platform?.close();
});
afterEach(() => cleanup.run());

async function coreFor(account: { email: string; password: string }) {
  const opened = await openTestCore(cleanup, tempDir(cleanup), { mode: 'embedded', url: platform.url, account });
  await call(opened.core, 'app.session', {});
  return opened;
}

describe('two editors on one letter', () => {
  it('keeps the losing edit as a conflicted copy on both sides and tells its editor', async () => {
    const first = await coreFor(EMBEDDED_ACCOUNT);
    const second = await coreFor(SECOND);
    const created = await call<LetterOut>(first.core, 'letters.create', WEEKLY);
    const opened = await call<LetterOut>(second.core, 'letters.get', { ...WEEKLY, id: String(created.id) });
    expect(opened.uniqueId).toBe(created.uniqueId);

    await call(first.core, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'First words' } });
    expect(await call(first.core, 'sync.now', {})).toMatchObject({ state: 'synced' });

    await call(second.core, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Second words' } });
    expect(await call(second.core, 'sync.now', {})).toMatchObject({ state: 'synced', pending: 0 });

    const secondList = await call<Array<{ uniqueId: string; title: string; unsynced: boolean }>>(second.core, 'letters.list', WEEKLY);
    expect(secondList.find((l) => l.uniqueId === created.uniqueId)).toMatchObject({ title: 'First words', unsynced: false });
    const copy = secondList.find((l) => l.title === 'Conflicted copy of Second words');
    expect(copy).toMatchObject({ unsynced: false });

    const conflict = second.events.find((e) => e.event === 'letters.conflict');
    expect(conflict?.payload).toMatchObject({ uniqueId: created.uniqueId, title: 'First words', copyUniqueId: copy?.uniqueId, copyTitle: 'Conflicted copy of Second words' });

    const onPlatform = await (await platformView(platform.url)).list();
    expect(onPlatform.find((l) => l.uniqueId === created.uniqueId)?.title).toBe('First words');
    expect(onPlatform.filter((l) => l.title === 'Conflicted copy of Second words')).toHaveLength(1);
  });

  it('claims a letter for one editor, refuses the other with the spec message, and hands over on force', async () => {
    const first = await coreFor(EMBEDDED_ACCOUNT);
    const second = await coreFor(SECOND);
    const created = await call<LetterOut>(first.core, 'letters.create', WEEKLY);
    await call(second.core, 'letters.get', { ...WEEKLY, id: String(created.id) });

    expect(await call(first.core, 'letters.claim', { uniqueId: created.uniqueId })).toEqual({ state: 'claimed', message: null });
    expect(await call(second.core, 'letters.claim', { uniqueId: created.uniqueId })).toEqual({
      state: 'refused',
      message: 'Sorry, Demo is currently working on this letter.',
    });
    expect(await call(second.core, 'letters.claim', { uniqueId: created.uniqueId, force: true })).toEqual({ state: 'claimed', message: null });

    // The first editor's next save loses to the takeover: kept as a copy, and they are told who.
    await call(first.core, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Typed before the takeover' } });
    await call(first.core, 'sync.now', {});
    expect(first.events.find((e) => e.event === 'letters.takenOver')?.payload).toEqual({ uniqueId: created.uniqueId, name: 'Sam' });
    const list = await call<Array<{ title: string }>>(first.core, 'letters.list', WEEKLY);
    expect(list.map((l) => l.title)).toContain('Conflicted copy of Typed before the takeover');
  });

  it('tells the editor who held the letter when a pull brings in the takeover, before they type again', async () => {
    const first = await coreFor(EMBEDDED_ACCOUNT);
    const second = await coreFor(SECOND);
    const created = await call<LetterOut>(first.core, 'letters.create', WEEKLY);
    await call(second.core, 'letters.get', { ...WEEKLY, id: String(created.id) });
    expect(await call(first.core, 'letters.claim', { uniqueId: created.uniqueId })).toEqual({ state: 'claimed', message: null });
    expect(await call(second.core, 'letters.claim', { uniqueId: created.uniqueId, force: true })).toEqual({ state: 'claimed', message: null });

    // The first editor's background pull brings in the platform's copy, Sam's claim with it:
    // their next save would start from that version and quietly take the letter back, so
    // they are told now.
    await call(first.core, 'sync.now', {});
    expect(first.events.filter((e) => e.event === 'letters.takenOver').map((e) => e.payload)).toEqual([{ uniqueId: created.uniqueId, name: 'Sam' }]);
    // Sam, who holds it, is told nothing by his own pull.
    await call(second.core, 'sync.now', {});
    expect(second.events.filter((e) => e.event === 'letters.takenOver')).toEqual([]);

    // Once told, the next pull says nothing more about it.
    await call(second.core, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Sam at work' } });
    await call(second.core, 'sync.now', {});
    await call(first.core, 'sync.now', {});
    expect(first.events.filter((e) => e.event === 'letters.takenOver')).toHaveLength(1);
  });
});
