import { describe, expect, it } from 'vitest';
import { contentFingerprint, groupEditingSessions, restoredFrom, versionsToThin, type VersionStamp } from './letter-history';
import { diffSections } from './section-diff';
import { newSection } from './section-factory';

const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 9, 0) + minutes * 60_000).toISOString();
const v = (key: string, minutes: number, author: string | null = 'ann', fingerprint = key): VersionStamp => ({ key, savedAt: at(minutes), author, fingerprint });

describe('groupEditingSessions', () => {
  it('groups consecutive versions by one person under 30 minutes apart, newest session and version first', () => {
    const sessions = groupEditingSessions([v('a', 0), v('b', 10), v('c', 39), v('d', 69), v('e', 70, 'bob'), v('f', 71)]);
    expect(sessions.map((s) => s.versions.map((x) => x.key))).toEqual([['f'], ['e'], ['d'], ['c', 'b', 'a']]);
    expect(sessions[3]).toMatchObject({ author: 'ann', startedAt: at(0), endedAt: at(39) });
  });

  it('starts a new session at exactly 30 minutes of quiet', () => {
    expect(groupEditingSessions([v('a', 0), v('b', 30)])).toHaveLength(2);
  });
});

describe('restoredFrom', () => {
  it('names the latest older version whose content a later one brought back, never its neighbour', () => {
    const versions = [v('a', 0, 'ann', 'x'), v('b', 1, 'ann', 'y'), v('c', 2, 'ann', 'y'), v('d', 3, 'ann', 'x'), v('e', 4, 'ann', 'y'), v('f', 5, 'ann', 'x')];
    const found = restoredFrom(versions);
    expect(found.get('d')?.key).toBe('a');
    expect(found.get('e')?.key).toBe('c');
    expect(found.get('f')?.key).toBe('d');
    expect(found.has('c')).toBe(false);
    expect(found.has('b')).toBe(false);
  });
});

describe('versionsToThin', () => {
  const now = new Date(at(10 * 24 * 60));
  it('keeps every version of the last days and the last of each older session', () => {
    const old = [v('a', 0), v('b', 5), v('c', 100), v('d', 101, 'bob')];
    const recent = [v('e', 9 * 24 * 60), v('f', 9 * 24 * 60 + 1)];
    expect(versionsToThin([...old, ...recent], now, 7).map((x) => x.key)).toEqual(['a']);
  });

  it('keeps the last version of a session that straddles the retention line, and younger ones', () => {
    const line = 3 * 24 * 60;
    const thinned = versionsToThin([v('a', line - 20), v('b', line - 10), v('c', line + 5)], now, 7);
    expect(thinned.map((x) => x.key)).toEqual(['b', 'a']);
    expect(versionsToThin([v('a', line - 20), v('b', line - 10), v('c', line + 5)], now, 8)).toEqual([]);
  });
});

describe('contentFingerprint', () => {
  it('is the same whatever order the styles come in, and differs when the content does', () => {
    const one = contentFingerprint({ blocks: '[]', settings: { a: 1, b: { c: 2, d: 3 } } });
    expect(contentFingerprint({ blocks: '[]', settings: { b: { d: 3, c: 2 }, a: 1 } })).toBe(one);
    expect(contentFingerprint({ blocks: '[ ]', settings: { a: 1, b: { c: 2, d: 3 } } })).not.toBe(one);
    expect(contentFingerprint({ blocks: '[]', settings: { a: 1, b: { c: 2, d: 4 } } })).not.toBe(one);
  });
});

describe('diffSections', () => {
  it('marks sections added, removed and changed, by unique id', () => {
    const kept = newSection('divider', 'kept');
    const edited = newSection('paragraph', 'edited');
    const gone = newSection('heading', 'gone');
    const fresh = newSection('button', 'fresh');
    const editedNow = { ...edited, paddingTop: 40 };
    expect(diffSections([kept, edited, gone], [kept, editedNow, fresh])).toEqual([
      { uniqueId: 'edited', type: 'paragraph', change: 'changed', index: 1 },
      { uniqueId: 'fresh', type: 'button', change: 'added', index: 2 },
      { uniqueId: 'gone', type: 'heading', change: 'removed', index: 2 },
    ]);
    expect(diffSections([kept, edited], [kept, edited])).toEqual([]);
  });
});
