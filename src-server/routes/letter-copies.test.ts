import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { LetterListResponseSchema, LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import {
  FUTURE_DATE,
  claimantJson,
  createBody,
  createLetterAs,
  revisionVersions,
  setStatus,
  snapshot,
} from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';

const t = useDemoEditor();
let engagedSegmentId: number;

beforeAll(async () => {
  engagedSegmentId = (await t.db.selectFrom('segments').select('id').executeTakeFirstOrThrow()).id;
});

function clone(letter: Letter, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: platformPaths.cloneLetter(letter.id!), headers: t.editor, payload });
}

describe('clone', () => {
  it("copies the letter as 'Copy of {title}' with the chosen status, no date, a new identity and version 1", async () => {
    const source = await createLetterAs(t.app, t.editor, t.weekly, {
      title: 'Weekly news',
      subtitle: 'Preview',
      blocks: '[{"type":"text","id":"b1"}]',
      publicationDate: FUTURE_DATE,
      segmentId: engagedSegmentId,
    });
    await t.db.updateTable('letters').set({ claimant: claimantJson('c-ann', 'Ann'), publicationStatus: 2 }).where('id', '=', source.id!).execute();
    const response = await clone(source, { channelId: t.weekly.channelId, status: 0 });
    expect(response.statusCode, response.body).toBe(201);
    const copy = LetterResponseSchema.parse(response.json());
    expect(copy).toMatchObject({
      title: 'Copy of Weekly news',
      subtitle: 'Preview',
      blocks: '[{"type":"text","id":"b1"}]',
      publicationStatus: 0,
      publicationDate: null,
      version: 1,
      claimant: null,
      segmentId: engagedSegmentId,
      channelSlug: 'weekly',
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.uniqueId).not.toBe(source.uniqueId);
    expect(await revisionVersions(t.db, copy.id!)).toEqual([1]);
    const row = await t.db.selectFrom('letters').select('publicationAt').where('id', '=', copy.id!).executeTakeFirstOrThrow();
    expect(row.publicationAt).toBeNull();
    // The source is untouched.
    expect((await snapshot(t.db, source.id!)).row.publicationStatus).toBe(2);
  });

  it("copies into another channel as a template, dropping an audience that channel doesn't have", async () => {
    const source = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Template me', segmentId: engagedSegmentId });
    const response = await clone(source, { channelId: t.company.channelId, status: 3 });
    expect(response.statusCode).toBe(201);
    expect(response.json<Letter>()).toMatchObject({
      title: 'Copy of Template me',
      publicationStatus: 3,
      channelSlug: 'company',
      channelId: t.company.channelId,
      segmentId: null,
    });
  });

  it('refuses a status a new letter cannot have, and a missing or deleted source', async () => {
    const source = await createLetterAs(t.app, t.editor, t.weekly);
    const scheduled = await clone(source, { channelId: t.weekly.channelId, status: 2 });
    expect(scheduled.statusCode).toBe(422);
    expect(scheduled.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { status: ['A copy starts as a draft or a template.'] },
    });
    const missing = await t.app.inject({
      method: 'POST',
      url: platformPaths.cloneLetter(999999),
      headers: t.editor,
      payload: { channelId: t.weekly.channelId, status: 0 },
    });
    expect(missing.statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: platformPaths.letter('demo', 'weekly', source.id!), headers: t.editor });
    const deleted = await clone(source, { channelId: t.weekly.channelId, status: 0 });
    expect(deleted.statusCode).toBe(404);
  });

  it("answers a real fault with 500 'Failed to clone letter' and leaves no copy", async () => {
    const source = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Doomed' });
    await sql`CREATE FUNCTION test_fail_copy() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'injected fault'; END $$`.execute(t.db);
    await sql`CREATE TRIGGER test_fail_copy BEFORE INSERT ON letter_revisions FOR EACH ROW
      WHEN (NEW.body->>'title' = 'Copy of Doomed') EXECUTE FUNCTION test_fail_copy()`.execute(t.db);
    try {
      const response = await clone(source, { channelId: t.weekly.channelId, status: 0 });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ message: 'Failed to clone letter' });
      const copies = await t.db.selectFrom('letters').select('id').where('title', '=', 'Copy of Doomed').execute();
      expect(copies).toEqual([]);
    } finally {
      await sql`DROP TRIGGER test_fail_copy ON letter_revisions`.execute(t.db);
    }
  });
});

describe('delete', () => {
  const del = (id: number) => t.app.inject({ method: 'DELETE', url: platformPaths.letter('demo', 'weekly', id), headers: t.editor });

  it('makes the letter vanish from lists, reads and writes, keeping its history', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Going away' });
    const response = await del(letter.id!);
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    const get = await t.app.inject({ method: 'GET', url: platformPaths.letter('demo', 'weekly', letter.id!), headers: t.editor });
    expect(get.statusCode).toBe(404);
    const list = await t.app.inject({ method: 'GET', url: platformPaths.letters('demo', 'weekly'), headers: t.editor });
    expect(LetterListResponseSchema.parse(list.json()).items.map((item) => item.id)).not.toContain(letter.id);
    const filtered = await t.app.inject({ method: 'GET', url: platformPaths.channelLetters('weekly'), headers: t.editor });
    expect(filtered.json<{ items: { id: number }[] }>().items.map((item) => item.id)).not.toContain(letter.id);
    const resolved = await t.app.inject({ method: 'GET', url: platformPaths.resolveLetterId('weekly', letter.uniqueId), headers: t.editor });
    expect(resolved.statusCode).toBe(404);
    const autosave = await t.app.inject({
      method: 'POST',
      url: platformPaths.autosave(t.weekly.channelId, letter.id!),
      headers: t.editor,
      payload: { blocks: '[]', title: 'Back?', claimant: null, uniqueId: letter.uniqueId, publicationStatus: 0, baseVersion: 1 },
    });
    expect(autosave.statusCode).toBe(404);
    const claim = await t.app.inject({
      method: 'POST',
      url: platformPaths.claimLetter('weekly', letter.id!),
      headers: t.editor,
      payload: { claimant: claimantJson('c-ann', 'Ann') },
    });
    expect(claim.statusCode).toBe(404);
    expect((await del(letter.id!)).statusCode).toBe(404);

    // The row and every revision stay; the deletion is a version of its own.
    const { row } = await snapshot(t.db, letter.id!);
    expect(row.deletedAt).not.toBeNull();
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2]);

    // Its uniqueId is not handed out again, nor the letter back to a repeated create.
    const again = await t.app.inject({
      method: 'POST',
      url: platformPaths.letters('demo', 'weekly'),
      headers: t.editor,
      payload: createBody(t.weekly.channelId, { uniqueId: letter.uniqueId }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'This letter has been deleted.' });
  });

  it('refuses to delete a letter being delivered, and one of another channel', async () => {
    const sending = await createLetterAs(t.app, t.editor, t.weekly);
    await setStatus(t.db, sending.id!, 12);
    const before = await snapshot(t.db, sending.id!);
    const refused = await del(sending.id!);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: "This letter can't be deleted while its status is Sending." });
    expect(await snapshot(t.db, sending.id!)).toEqual(before);

    const inCompany = await createLetterAs(t.app, t.editor, t.company);
    expect((await del(inCompany.id!)).statusCode).toBe(404);
    expect((await snapshot(t.db, inCompany.id!)).row.deletedAt).toBeNull();
  });
});
