import { describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../shared/contract/bridge';
import type { Letter } from '../../shared/model/letter';
import { serializeSections } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { HISTORY_OFFLINE_MESSAGE } from './handlers/letter-history';
import { call, useTestPlatform, WEEKLY } from './testing/test-core';

// The composer's History through the core's bridge, against a real platform: the versions
// this computer saved (the original included), the platform's once the edits reached it,
// listed once; offline only the local ones, still readable for a restore.

const UNREACHABLE = 'http://127.0.0.1:9';
const testPlatform = useTestPlatform();
const { tempDir } = testPlatform;

type History = ChannelOutput<'letters.history'>;
type Version = ChannelOutput<'letters.version'>;
const paragraph = (id: string, text: string) => serializeSections([{ ...newSection('paragraph', id), delta: { ops: [{ insert: `${text}\n` }] } }]);

describe('version history through the core', () => {
  it('keeps each local save as a version, then lists the platform’s revisions in their place', async () => {
    const dataDir = tempDir();
    const { core } = await testPlatform.openCore({}, dataDir);
    await call(core, 'app.session', {});
    const letter = await call<Letter>(core, 'letters.create', WEEKLY);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { blocks: paragraph('p1', 'First draft') } });
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { blocks: paragraph('p1', 'Second draft') } });
    // A title edit changes no blocks or styles: no version of its own.
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'Harbour news' } });

    await call(core, 'sync.now', {});
    const history = await call<History>(core, 'letters.history', { uniqueId: letter.uniqueId });
    expect(history).toMatchObject({ platformReached: true, platformMessage: null });
    const blocksOf = async (key: string) => (await call<Version>(core, 'letters.version', { uniqueId: letter.uniqueId, key })).content.blocks;
    const contents = await Promise.all(history.versions.map((v) => blocksOf(v.key)));
    // Newest first, the original kept too, and each content once: a local save the
    // platform took is listed as its revision.
    expect(contents[0]).toBe(paragraph('p1', 'Second draft'));
    expect(contents).toContain(paragraph('p1', 'First draft'));
    expect(contents.at(-1)).toBe(letter.blocks);
    expect(history.versions[0]).toMatchObject({ source: 'platform', mine: true, authorName: expect.stringMatching(/\S/) });
    const latest = history.versions[0]!.fingerprint;
    expect(history.versions.filter((v) => v.fingerprint === latest)).toHaveLength(1);
  });

  it('lists and reads the local versions when the platform cannot be reached', async () => {
    const dataDir = tempDir();
    const online = await testPlatform.openCore({}, dataDir);
    await call(online.core, 'app.session', {});
    const letter = await call<Letter>(online.core, 'letters.create', WEEKLY);
    await call(online.core, 'sync.now', {});
    await online.close();

    const { core } = await testPlatform.openCore({ url: UNREACHABLE }, dataDir);
    await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { blocks: paragraph('p9', 'Written offline') } });
    const history = await call<History>(core, 'letters.history', { uniqueId: letter.uniqueId });
    expect(history).toMatchObject({ platformReached: false, platformMessage: HISTORY_OFFLINE_MESSAGE });
    expect(history.versions.map((v) => v.source)).toEqual(['local', 'local']);
    const offline = await call<Version>(core, 'letters.version', { uniqueId: letter.uniqueId, key: history.versions[0]!.key });
    expect(offline.content.blocks).toBe(paragraph('p9', 'Written offline'));
    const gone = await core.dispatch('letters.version', { uniqueId: letter.uniqueId, key: 'p:1' });
    expect(gone).toMatchObject({ ok: false, error: { code: 'offline' } });
  });
});
