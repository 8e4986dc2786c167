import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { EMBEDDED_ACCOUNT } from '../../../shared/contract/platform-api';
import { SYNC_PAGE_SIZE_MAX } from '../../../shared/contract/platform-letters';
import { createDb } from '../../../src-server/db/database';
import { createPlatformClient } from '../platform/platform-client';
import { createSession, memoryTokenVault } from '../session';
import { createKvStore } from '../store/kv-store';
import { createLettersStore } from '../store/letters-store';
import { openStore } from '../store/open-store';
import { call, platformView, useTestPlatform, WEEKLY } from '../testing/test-core';
import { createSyncEngine } from './sync-engine';

// Pulling the platform's changes: letters made elsewhere arrive, deletions leave, a
// letter deleted on the platform while it has local edits keeps them, and a long feed
// arrives whole with its cursor kept page by page.

type LetterOut = { id: number | null; uniqueId: string; title: string };
type Listed = { uniqueId: string; title: string; unsynced: boolean; id: number | null };

const testPlatform = useTestPlatform();
const { platform } = testPlatform;

async function openCore() {
  const opened = await testPlatform.openCore();
  await call(opened.core, 'app.session', {});
  return opened.core;
}

/** Copies one platform letter `count` times in SQL, as `{prefix}-1` … `{prefix}-{count}`. */
async function copyOnPlatform(letterId: number, prefix: string, count: number) {
  const db = createDb(platform().connectionString);
  try {
    const { rows } = await sql<{ name: string }>`select column_name as name from information_schema.columns
      where table_name = 'letters' and column_name not in ('id', 'unique_id') and is_generated = 'NEVER'`.execute(db);
    const columns = sql.join(rows.map((r) => sql.ref(r.name)));
    await sql`insert into letters (unique_id, ${columns})
      select ${prefix} || '-' || g, ${columns} from (select * from letters where id = ${letterId}) one, generate_series(1, ${count}) g`.execute(db);
  } finally {
    await db.destroy();
  }
}

/** A sync engine of its own over a new cache, signed in to the test platform. */
async function openEngine() {
  const db = await openStore(testPlatform.tempDir());
  testPlatform.cleanup.add(() => db.destroy());
  const store = createLettersStore(db);
  const kv = createKvStore(db);
  let session: Awaited<ReturnType<typeof createSession>> | null = null;
  const client = createPlatformClient(platform().url, () => session?.getToken() ?? null);
  session = await createSession({ mode: 'embedded', url: platform().url, account: { ...EMBEDDED_ACCOUNT } }, client, kv, memoryTokenVault());
  await session.refresh();
  const changed: string[][] = [];
  const engine = createSyncEngine({
    store,
    kv,
    client,
    session,
    emit: (event, payload) => {
      if (event === 'letters.changed') changed.push((payload as { uniqueIds: string[] }).uniqueIds);
    },
    pushDelayMs: 3_600_000,
    log: () => {},
  });
  testPlatform.cleanup.add(() => engine.stop());
  return { engine, store, kv, changed, account: session.current().user!.uniqueId };
}

describe('pulling changes', () => {
  it('brings letters written elsewhere, follows their edits, and drops the ones deleted on the platform', async () => {
    const writer = await openCore();
    const reader = await openCore();
    const created = await call<LetterOut>(writer, 'letters.create', WEEKLY);
    await call(writer, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Written elsewhere' } });
    await call(writer, 'sync.now', {});

    await call(reader, 'sync.now', {});
    const arrived = await call<LetterOut>(reader, 'letters.get', { ...WEEKLY, id: created.uniqueId });
    expect(arrived).toMatchObject({ id: created.id, title: 'Written elsewhere' });

    await call(writer, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Edited elsewhere' } });
    await call(writer, 'sync.now', {});
    await call(reader, 'sync.now', {});
    expect((await call<LetterOut>(reader, 'letters.get', { ...WEEKLY, id: created.uniqueId })).title).toBe('Edited elsewhere');

    await (await platformView(platform().url)).remove(created.id!);
    await call(reader, 'sync.now', {});
    expect(await call(reader, 'letters.get', { ...WEEKLY, id: created.uniqueId })).toBeNull();
    const listed = await call<Listed[]>(reader, 'letters.list', WEEKLY);
    expect(listed.find((l) => l.uniqueId === created.uniqueId)).toBeUndefined();
  });

  it('brings every page of a long feed', async () => {
    const writer = await openCore();
    const made = await call<LetterOut>(writer, 'letters.create', WEEKLY);
    await call(writer, 'letters.saveLocal', { uniqueId: made.uniqueId, changes: { title: 'Paged' } });
    await call(writer, 'sync.now', {});
    // More than two pages of the feed (SYNC_PAGE_SIZE_MAX each), copied in SQL.
    const copies = SYNC_PAGE_SIZE_MAX * 2 + 7;
    await copyOnPlatform(made.id!, 'paged', copies);
    const reader = await openCore();
    await call(reader, 'sync.now', {});
    for (const n of [1, SYNC_PAGE_SIZE_MAX, SYNC_PAGE_SIZE_MAX + 1, copies]) {
      expect(await call<LetterOut | null>(reader, 'letters.get', { ...WEEKLY, id: `paged-${n}` }), `paged-${n}`).toMatchObject({ title: 'Paged' });
    }
  });

  it('keeps local edits to a letter deleted on the platform by creating it again', async () => {
    const editor = await openCore();
    const created = await call<LetterOut>(editor, 'letters.create', WEEKLY);
    await (await platformView(platform().url)).remove(created.id!);
    await call(editor, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Still writing' } });

    // The push is refused (the letter is gone) and the pull moves the edits to a new letter,
    // which the next push creates: the platform never reuses a deleted letter's uniqueId.
    await call(editor, 'sync.now', {});
    await call(editor, 'sync.now', {});
    expect(await call(editor, 'letters.get', { ...WEEKLY, id: created.uniqueId })).toBeNull();
    const [kept] = (await call<Listed[]>(editor, 'letters.list', WEEKLY)).filter((l) => l.title === 'Still writing');
    expect(kept).toMatchObject({ unsynced: false });
    expect(kept?.id).not.toBe(created.id);
    const onPlatform = await (await platformView(platform().url)).list();
    expect(onPlatform.filter((l) => l.title === 'Still writing')).toHaveLength(1);
  });

  it('keeps the cursor with each page of a long feed, so pulling again brings nothing', async () => {
    const writer = await openCore();
    const made = await call<LetterOut>(writer, 'letters.create', WEEKLY);
    await call(writer, 'letters.saveLocal', { uniqueId: made.uniqueId, changes: { title: 'Cursor' } });
    await call(writer, 'sync.now', {});
    await copyOnPlatform(made.id!, 'cursor', SYNC_PAGE_SIZE_MAX + 3);
    const { engine, store, kv, changed, account } = await openEngine();
    await engine.pull();
    const listed = await store.list({ ...WEEKLY, limit: 100_000 });
    expect(listed.filter((l) => l.uniqueId.startsWith('cursor-'))).toHaveLength(SYNC_PAGE_SIZE_MAX + 3);
    // Two pages or more, each letter announced once; the cursor kept is the end of the feed.
    expect(changed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(changed.flat()).size).toBe(changed.flat().length);
    expect(await kv.get<string>(`sync.cursor.${account}`)).toMatch(/^\d+\.\d+$/);
    changed.length = 0;
    await engine.pull();
    expect(changed).toEqual([]);
  });
});
