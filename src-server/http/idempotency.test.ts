import { describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { createLetterAs, revisionVersions } from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';

// A POST sent again with the same Idempotency-Key is applied once and answered the same.

const t = useDemoEditor();

async function autosave(letter: { id: number | null; uniqueId: string }, title: string, key?: string) {
  return t.app.inject({
    method: 'POST',
    url: platformPaths.autosave(t.weekly.channelId, letter.id!),
    headers: { ...t.editor, ...(key ? { 'idempotency-key': key } : {}) },
    payload: { blocks: '[]', title, claimant: null, uniqueId: letter.uniqueId, publicationStatus: 0, baseVersion: 1 },
  });
}

describe('idempotency keys', () => {
  it('applies a repeated request once and answers it the same way', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Keyed' });
    const first = await autosave(letter, 'Once', 'key-1');
    const again = await autosave(letter, 'Once', 'key-1');
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2]);
  });

  it('applies requests without a key each time', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Unkeyed' });
    await autosave(letter, 'Twice');
    await autosave(letter, 'Twice');
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2, 3]);
  });

  it('refuses a key used for another request, and changes nothing', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Reused' });
    const other = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Other' });
    await autosave(letter, 'First use', 'key-2');
    const reused = await autosave(other, 'Second use', 'key-2');
    expect(reused.statusCode).toBe(422);
    expect(reused.json().errors['idempotency-key']).toEqual(['This Idempotency-Key was used for another request.']);
    expect(await revisionVersions(t.db, other.id!)).toEqual([1]);
  });
});
