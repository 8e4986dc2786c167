import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newSection, serializeSections } from '../../../shared/model';
import { newDraftLetter } from '../../../shared/model/new-letter';
import { TEST_CHANNEL, createCleanup, tempDir } from '../testing/test-core';
import { createLettersStore, type LettersStore } from './letters-store';
import { LOCAL_VERSIONS_KEPT, createLetterVersionsStore, type LetterVersionsStore } from './letter-versions';
import { openStore, type LocalDb } from './open-store';

// The versions this computer keeps of a letter, over a real SQLite file: one per save that
// changes the blocks or styles (the original too), thinned by the shared rule as days pass,
// and never more than LOCAL_VERSIONS_KEPT.

const cleanup = createCleanup();
let db: LocalDb;
let store: LettersStore;
let versions: LetterVersionsStore;

beforeEach(async () => {
  db = await openStore(tempDir(cleanup));
  cleanup.add(() => db.destroy());
  store = createLettersStore(db);
  versions = createLetterVersionsStore(db);
});
afterEach(() => cleanup.run());

const T0 = Date.parse('2026-11-01T10:00:00.000Z');
const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
const blocks = (words: string) => serializeSections([{ ...newSection('paragraph', 'p1'), delta: { ops: [{ insert: `${words}\n` }] } }]);

async function newLetter() {
  const letter = newDraftLetter({ uniqueId: 'letter-1', channel: TEST_CHANNEL, author: null, now: at(0) });
  await store.insertNew(letter);
  return letter;
}

describe('local versions', () => {
  it('keeps the original and each changed save, not a title edit, and thins old sessions to their last', async () => {
    const letter = await newLetter();
    await store.saveLocal(letter.uniqueId, { blocks: blocks('A') }, at(1));
    await store.saveLocal(letter.uniqueId, { title: 'Only the subject' }, at(2));
    await store.saveLocal(letter.uniqueId, { blocks: blocks('B') }, at(3));
    await store.saveLocal(letter.uniqueId, { blocks: blocks('C') }, at(4));
    expect((await versions.list(letter.uniqueId)).map((v) => v.savedAt)).toEqual([at(4), at(3), at(1), at(0)]);
    const original = (await versions.list(letter.uniqueId)).at(-1)!;
    expect((await versions.content(letter.uniqueId, original.id))?.content.blocks).toBe(letter.blocks);

    // Ten days on, the first session is past the retention period: its last version stays.
    await store.saveLocal(letter.uniqueId, { blocks: blocks('D') }, at(10 * 24 * 60));
    const kept = await versions.list(letter.uniqueId);
    expect(kept.map((v) => v.savedAt)).toEqual([at(10 * 24 * 60), at(4)]);
    expect((await versions.content(letter.uniqueId, kept[1]!.id))?.content.blocks).toBe(blocks('C'));
  });

  it(`keeps at most ${LOCAL_VERSIONS_KEPT} versions of a letter`, async () => {
    const letter = await newLetter();
    for (let i = 1; i <= LOCAL_VERSIONS_KEPT + 5; i += 1) await store.saveLocal(letter.uniqueId, { blocks: blocks(`edit ${i}`) }, at(i));
    const kept = await versions.list(letter.uniqueId);
    expect(kept).toHaveLength(LOCAL_VERSIONS_KEPT);
    expect(kept[0]!.savedAt).toBe(at(LOCAL_VERSIONS_KEPT + 5));
    await store.remove(letter.uniqueId);
    expect(await versions.list(letter.uniqueId)).toEqual([]);
  });
});
