import { describe, expect, it } from 'vitest';
import { call, platformView, useTestPlatform, WEEKLY } from '../testing/test-core';

// Faults lose nothing: with the platform down, failing, slow, or dropping connections after
// it applied a request, the local copy stays and, once the platform is back, the platform
// holds exactly the local content — no duplicate letters, no lost edits.

type Status = { state: string; pending: number; message: string | null };
type LetterOut = { id: number | null; uniqueId: string; title: string };

const testPlatform = useTestPlatform({ faultyProxy: true });
const { platform, proxy } = testPlatform;

async function onlineCore() {
  const opened = await testPlatform.openCore();
  await call(opened.core, 'app.session', {});
  return opened.core;
}

describe('sync under faults', () => {
  it('keeps every edit through down, 500, dropped answers and slowness, and ends with the latest text once', async () => {
    const core = await onlineCore();
    const created = await call<LetterOut>(core, 'letters.create', WEEKLY);
    expect(created.id).toBeGreaterThan(0);
    const save = (title: string) => call(core, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title } });

    proxy().mode = 'reset-after-forward';
    await save('Applied but never answered');
    expect(await call<Status>(core, 'sync.now', {})).toMatchObject({ state: 'offline', pending: 1 });
    // The platform applied it; only the answer was lost.
    expect((await (await platformView(platform().url)).letter(created.id!))?.title).toBe('Applied but never answered');

    proxy().mode = 'error500';
    await save('Refused by a fault');
    expect(await call<Status>(core, 'sync.now', {})).toMatchObject({ state: 'error', pending: 1, message: 'The platform had a fault.' });

    proxy().mode = 'down';
    await save('Written while down');
    expect(await call<Status>(core, 'sync.now', {})).toMatchObject({ state: 'offline', pending: 1 });
    const [listedWhileDown] = await call<Array<{ title: string; unsynced: boolean }>>(core, 'letters.list', WEEKLY);
    expect(listedWhileDown).toMatchObject({ title: 'Written while down', unsynced: true });

    proxy().mode = 'slow';
    proxy().delayMs = 300;
    await save('The latest words');
    expect(await call<Status>(core, 'sync.now', {})).toMatchObject({ state: 'synced', pending: 0 });

    const view = await platformView(platform().url);
    expect((await view.letter(created.id!))?.title).toBe('The latest words');
    expect((await view.list()).filter((item) => item.uniqueId === created.uniqueId)).toHaveLength(1);
  });

  it('applies a retried push once when only its answer was lost', async () => {
    const core = await onlineCore();
    const created = await call<LetterOut>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: created.uniqueId, changes: { title: 'Sent once' } });
    proxy().mode = 'reset-after-forward';
    expect(await call<Status>(core, 'sync.now', {})).toMatchObject({ state: 'offline', pending: 1 });

    proxy().mode = 'pass';
    expect(await call<Status>(core, 'sync.now', {})).toMatchObject({ state: 'synced', pending: 0 });
    const onPlatform = await (await platformView(platform().url)).letter(created.id!);
    // Version 1 on create, 2 for the one save: the retry carried the same key and was not applied again.
    expect(onPlatform).toMatchObject({ title: 'Sent once', version: 2 });
  });

  it('creates a letter once when the platform applied the create but the answer was lost', async () => {
    const core = await onlineCore();
    proxy().mode = 'reset-after-forward';
    const draft = await call<LetterOut>(core, 'letters.create', WEEKLY);
    expect(draft.id).toBeNull();
    await call(core, 'letters.saveLocal', { uniqueId: draft.uniqueId, changes: { title: 'Created in a storm' } });

    proxy().mode = 'pass';
    expect(await call<Status>(core, 'sync.now', {})).toMatchObject({ state: 'synced', pending: 0 });
    const synced = await call<LetterOut>(core, 'letters.get', { ...WEEKLY, id: draft.uniqueId });
    expect(synced.id).toBeGreaterThan(0);

    const view = await platformView(platform().url);
    const copies = (await view.list()).filter((item) => item.uniqueId === draft.uniqueId);
    expect(copies).toHaveLength(1);
    expect(copies[0]?.title).toBe('Created in a storm');
  });
});
