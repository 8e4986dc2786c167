import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { SyncChangesResponseSchema } from '../../shared/contract/platform-letters';
import type { SyncChangesResponse } from '../../shared/contract/platform-letters';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { createAccount } from '../db/accounts';
import { createLetterAs } from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';
import { signIn } from '../testing/test-app';

const t = useDemoEditor();

type Item = SyncChangesResponse['items'][number];

async function sync(since: string, limit?: number, headers = t.editor): Promise<SyncChangesResponse> {
  const query = `?since=${since}${limit === undefined ? '' : `&limit=${limit}`}`;
  const response = await t.app.inject({ method: 'GET', url: `${platformPaths.syncChanges()}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return SyncChangesResponseSchema.parse(response.json());
}

/**
 * Follows the feed page by page until `done` holds. The feed holds changes back while any
 * older transaction in the cluster is still running (other test files share it), so a
 * change may take a moment to appear; it must never appear twice.
 */
async function follow(since: string, done: (items: Item[]) => boolean, limit?: number, headers = t.editor) {
  const items: Item[] = [];
  let cursor = since;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await sync(cursor, limit, headers);
    items.push(...page.items);
    cursor = page.cursor;
    if (page.hasMore) continue;
    if (done(items) || Date.now() > deadline) return { items, cursor };
    await sleep(25);
  }
}

const drain = async (headers = t.editor) => (await follow('0', () => true, undefined, headers)).cursor;
const ids = (items: Item[]) => items.map((item) => item.id);
const includesAll = (wanted: (number | null)[]) => (items: Item[]) => wanted.every((id) => ids(items).includes(id!));

describe('GET /api/sync/changes', () => {
  it('hands out each change once across pages, in write order, with tombstones for deletions', async () => {
    const start = await drain();
    const first = await createLetterAs(t.app, t.editor, t.weekly, { title: 'First' });
    const second = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Second' });
    const third = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Third' });
    await t.app.inject({ method: 'POST', url: platformPaths.updatePrivate('weekly', first.id!), headers: t.editor, payload: { private: true } });
    await t.app.inject({ method: 'DELETE', url: platformPaths.letter('demo', 'weekly', second.id!), headers: t.editor });

    const { items } = await follow(start, includesAll([first.id, second.id, third.id]), 2);
    // A letter written twice is handed out once, at its latest write.
    expect(ids(items)).toEqual([third.id, first.id, second.id]);
    expect(items[0]).toMatchObject({ title: 'Third', version: 1 });
    expect(items[1]).toMatchObject({ title: 'First', version: 2, private: true });
    expect(items[2]).toEqual({ id: second.id, uniqueId: second.uniqueId, deleted: true });
  });

  it('hands a letter out again when it changes after the cursor passed it', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Once' });
    const { cursor } = await follow(await drain(), includesAll([letter.id]));
    const quiet = await sync(cursor);
    expect(quiet.items).toEqual([]);
    expect(quiet.cursor).toBe(cursor);
    await t.app.inject({ method: 'POST', url: platformPaths.updatePrivate('weekly', letter.id!), headers: t.editor, payload: { private: true } });
    const { items } = await follow(cursor, includesAll([letter.id]));
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: letter.id, version: 2 });
  });

  it('misses nothing when transactions commit out of order', async () => {
    const slow = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Slow' });
    const fast = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Fast' });
    const start = (await follow(await drain(), includesAll([slow.id, fast.id]))).cursor;

    // The slow write starts first and commits last.
    const held = await t.db.startTransaction().execute();
    try {
      await held.updateTable('letters').set({ title: 'Slow, committed late' }).where('id', '=', slow.id!).execute();
      const answered = await t.app.inject({
        method: 'POST',
        url: platformPaths.updatePrivate('weekly', fast.id!),
        headers: t.editor,
        payload: { private: true },
      });
      expect(answered.statusCode).toBe(200);
      // The fast change is committed, but handing it out now would move the cursor past
      // the slow one, which could then never be seen.
      const early = await sync(start);
      expect(ids(early.items)).not.toContain(fast.id);
      await held.commit().execute();
    } catch (error) {
      await held.rollback().execute();
      throw error;
    }
    const { items } = await follow(start, includesAll([slow.id, fast.id]));
    expect(ids(items).sort()).toEqual([slow.id, fast.id].sort());
    expect(items.find((item) => item.id === slow.id)).toMatchObject({ title: 'Slow, committed late' });
  });

  it('pages at most 500 changes at a time', async () => {
    const start = await drain();
    const settings = JSON.stringify(defaultLetterSettings());
    await sql`INSERT INTO letters (unique_id, channel_id, version, title, settings)
      SELECT 'bulk-' || g, ${t.weekly.channelId}, 1, 'Bulk ' || g, ${settings}::jsonb FROM generate_series(1, 501) g`.execute(t.db);
    const { items, cursor } = await follow(start, (seen) => seen.length >= 501);
    expect(items).toHaveLength(501);
    expect(new Set(ids(items)).size).toBe(501);
    const firstPage = await sync(start);
    expect(firstPage.items).toHaveLength(500);
    expect(firstPage.hasMore).toBe(true);
    expect((await sync(cursor)).items).toEqual([]);
  });

  it("shows only the letters of the caller's channels", async () => {
    await createAccount(t.db, {
      tenantName: 'Rival',
      brandSlug: 'rival',
      channelSlug: 'daily',
      email: 'owner@rival.test',
      password: 'rival-password',
    });
    const rival = await signIn(t.app, 'owner@rival.test', 'rival-password');
    const rivalStart = await drain(rival);
    const ours = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Demo only' });
    const daily = (await t.db.selectFrom('channels').select('id').where('slug', '=', 'daily').executeTakeFirstOrThrow()).id;
    const theirs: Letter = await createLetterAs(t.app, rival, { brand: 'rival', channel: 'daily', channelId: daily }, { title: 'Rival only' });

    const seenByRival = await follow(rivalStart, includesAll([theirs.id]), undefined, rival);
    expect(ids(seenByRival.items)).toEqual([theirs.id]);
    const seenByDemo = await follow('0', includesAll([ours.id]));
    expect(ids(seenByDemo.items)).toContain(ours.id);
    expect(ids(seenByDemo.items)).not.toContain(theirs.id);
  });

  it('refuses a cursor it did not make, and a page larger than 500', async () => {
    for (const query of ['?since=yesterday', '?since=1.2.3', '?limit=501', '?limit=0']) {
      const response = await t.app.inject({ method: 'GET', url: `${platformPaths.syncChanges()}${query}`, headers: t.editor });
      expect(response.statusCode, query).toBe(422);
    }
    const unauthenticated = await t.app.inject({ method: 'GET', url: platformPaths.syncChanges() });
    expect(unauthenticated.statusCode).toBe(401);
  });
});
