import { describe, expect, it } from 'vitest';
import { call, platformView, useTestPlatform, WEEKLY } from '../testing/test-core';

// Pulling the platform's changes: letters made elsewhere arrive, deletions leave, and a
// letter deleted on the platform while it has local edits keeps them.

type LetterOut = { id: number | null; uniqueId: string; title: string };
type Listed = { uniqueId: string; title: string; unsynced: boolean; id: number | null };

const testPlatform = useTestPlatform();
const { platform } = testPlatform;

async function openCore() {
  const opened = await testPlatform.openCore();
  await call(opened.core, 'app.session', {});
  return opened.core;
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
});
