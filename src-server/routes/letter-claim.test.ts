import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { claimantJson, createLetterAs, injectWriteFault, revisionVersions, snapshot } from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';

const t = useDemoEditor();

const ann = claimantJson('c-ann', 'Ann');
const bob = claimantJson('c-bob', 'Bob');

function claim(letter: Letter, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: platformPaths.claimLetter('weekly', letter.id!), headers: t.editor, payload });
}

function autosave(letter: Letter, claimant: string, baseVersion: number) {
  return t.app.inject({
    method: 'POST',
    url: platformPaths.autosave(t.weekly.channelId, letter.id!),
    headers: t.editor,
    payload: { blocks: '[]', title: letter.title, claimant, uniqueId: letter.uniqueId, publicationStatus: 0, baseVersion },
  });
}

describe('claim', () => {
  it('claims a free letter as a new version, and claiming it again writes nothing', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const first = await claim(letter, { claimant: ann });
    expect(first.statusCode).toBe(200);
    expect(first.json<Letter>().version).toBe(2);
    expect(JSON.parse(first.json<Letter>().claimant!)).toEqual(JSON.parse(ann));
    const again = await claim(letter, { claimant: ann });
    expect(again.statusCode).toBe(200);
    expect(again.json<Letter>().version).toBe(2);
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2]);
  });

  it("refuses someone else with 400 and the holder's name, and changes nothing", async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    await claim(letter, { claimant: ann });
    const before = await snapshot(t.db, letter.id!);
    const refused = await claim(letter, { claimant: bob });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: 'Sorry, Ann is currently working on this letter.' });
    const notForced = await claim(letter, { claimant: bob, force: false });
    expect(notForced.statusCode).toBe(400);
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it("takes the claim over with force, after which the former holder's saves are refused with the new name", async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const annClaim = await claim(letter, { claimant: ann });
    const annVersion = annClaim.json<Letter>().version;
    const takeover = await claim(letter, { claimant: bob, force: true });
    expect(takeover.statusCode).toBe(200);
    expect(JSON.parse(takeover.json<Letter>().claimant!).name).toBe('Bob');
    expect(takeover.json<Letter>().version).toBe(annVersion + 1);

    // Ann's editor still works from her version: this is what drives the "taken over" alert.
    const annSave = await autosave(letter, ann, annVersion);
    expect(annSave.statusCode).toBe(409);
    expect(annSave.json()).toEqual({ message: 'Sorry, Bob is currently working on this letter.' });
    const annClaimAgain = await claim(letter, { claimant: ann });
    expect(annClaimAgain.json()).toEqual({ message: 'Sorry, Bob is currently working on this letter.' });
  });

  it('lets anyone claim a letter whose claimant only saved it and never claimed it', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const saved = await autosave(letter, ann, 1);
    expect(saved.statusCode).toBe(200);
    const response = await claim(letter, { claimant: bob });
    expect(response.statusCode).toBe(200);
    expect(JSON.parse(response.json<Letter>().claimant!).uniqueId).toBe('c-bob');
  });

  it('refuses a claimant that is not the JSON of a person', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    for (const claimant of ['not json', JSON.stringify({ name: 'No id' }), null]) {
      const response = await claim(letter, { claimant });
      expect(response.statusCode).toBe(422);
      const fields = Object.keys(response.json<{ errors: object }>().errors);
      expect(fields.length).toBeGreaterThan(0);
      expect(fields.every((field) => field.startsWith('claimant'))).toBe(true);
    }
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1]);
  });

  it("answers a real fault with 500 'Sorry, we failed to claim your letter.'", async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    await injectWriteFault(t.db, letter.id!);
    const response = await claim(letter, { claimant: ann });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Sorry, we failed to claim your letter.' });
    await sql`DELETE FROM test_faulty_letters`.execute(t.db);
  });
});
