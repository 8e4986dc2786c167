import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { RevisionListSchema, RevisionSchema } from '../../shared/contract/platform-revisions';
import type { Letter } from '../../shared/model/letter';
import { contentFingerprint } from '../../shared/model/letter-history';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { revisionSettingsFromEnv, thinRevisions } from '../letters/revision-retention';
import { createRival, type Rival } from '../testing/audience-fixtures';
import { channelId, claimantJson, createLetterAs, revisionVersions, type Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

// A letter's version history on the platform against a real database: the list newest
// first with who and a content fingerprint, one revision's content, another organization
// refused; and thinning of old revisions, the rows backdated as days of editing would leave them.

let t: TestApp;
let editor: Headers;
let rival: Rival;
let weekly: { brand: string; channel: string; channelId: number };

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
});
afterAll(async () => {
  await t?.close();
});

async function update(letter: Letter, title: string, blocks = letter.blocks): Promise<Letter> {
  const response = await t.app.inject({
    method: 'POST',
    url: platformPaths.updateLetter('weekly', letter.id!),
    headers: editor,
    payload: { ...letter, baseVersion: letter.version, claimant: claimantJson('c-history', 'Ann'), title, blocks },
  });
  expect(response.statusCode, response.body).toBe(200);
  return LetterResponseSchema.parse(response.json());
}

describe('the revisions of a letter', () => {
  it('lists every kept revision newest first and answers one with its content', async () => {
    const created = await createLetterAs(t.app, editor, weekly, { title: 'First words' });
    const second = await update(created, 'Second words', '[{"type":"text","uniqueId":"t1"}]');
    const latest = await update(second, 'Third words', JSON.stringify([{ type: 'divider', uniqueId: 'd1' }]));
    const list = await t.app.inject({ method: 'GET', url: platformPaths.letterRevisions(weekly.channelId, created.id!), headers: editor });
    expect(list.statusCode, list.body).toBe(200);
    const { revisions } = RevisionListSchema.parse(list.json());
    expect(revisions.map((r) => r.version)).toEqual([3, 2, 1]);
    expect(revisions[0]).toMatchObject({ userUniqueId: expect.any(String), userName: expect.stringMatching(/\S/) });
    expect(revisions[0]!.fingerprint).toBe(contentFingerprint(latest));
    expect(new Set(revisions.map((r) => r.fingerprint)).size).toBe(3);

    const oldest = revisions[2]!;
    const one = await t.app.inject({ method: 'GET', url: platformPaths.letterRevision(weekly.channelId, created.id!, oldest.id), headers: editor });
    expect(one.statusCode, one.body).toBe(200);
    const revision = RevisionSchema.parse(one.json());
    expect(revision.content).toMatchObject({ title: 'First words', blocks: created.blocks });
    expect(revision.fingerprint).toBe(oldest.fingerprint);
  });

  it("refuses another organization's editor and a revision of another letter", async () => {
    const letter = await createLetterAs(t.app, editor, weekly, { title: 'Private thoughts' });
    const other = await createLetterAs(t.app, editor, weekly, { title: 'Another letter' });
    const foreign = await t.app.inject({ method: 'GET', url: platformPaths.letterRevisions(weekly.channelId, letter.id!), headers: rival.headers });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Private thoughts');
    const { revisions } = RevisionListSchema.parse(
      (await t.app.inject({ method: 'GET', url: platformPaths.letterRevisions(weekly.channelId, other.id!), headers: editor })).json(),
    );
    const crossed = await t.app.inject({ method: 'GET', url: platformPaths.letterRevision(weekly.channelId, letter.id!, revisions[0]!.id), headers: editor });
    expect(crossed.statusCode).toBe(404);
  });
});

describe('thinning old revisions', () => {
  const DAY = 24 * 60 * 60 * 1000;
  const now = new Date('2026-11-20T12:00:00Z');

  async function backdate(letterId: number, ages: number[]) {
    const rows = await t.db.selectFrom('letterRevisions').select('id').where('letterId', '=', letterId).orderBy('version').execute();
    expect(rows).toHaveLength(ages.length);
    for (const [i, row] of rows.entries()) {
      await t.db.updateTable('letterRevisions').set({ createdAt: new Date(now.getTime() - ages[i]!) }).where('id', '=', row.id).execute();
    }
  }

  it('keeps every revision of the retention period and the last of each older editing session', async () => {
    let letter = await createLetterAs(t.app, editor, weekly, { title: 'v1' });
    for (const title of ['v2', 'v3', 'v4', 'v5', 'v6']) letter = await update(letter, title);
    const minute = 60_000;
    // Versions 1–3: one session ten days ago; 4–5: another, nine days ago; 6: yesterday.
    await backdate(letter.id!, [10 * DAY, 10 * DAY - 10 * minute, 10 * DAY - 20 * minute, 9 * DAY, 9 * DAY - 5 * minute, DAY]);
    expect(await thinRevisions(t.db, now, 7)).toBeGreaterThanOrEqual(3);
    expect(await revisionVersions(t.db, letter.id!)).toEqual([3, 5, 6]);
    // Nothing more to thin: a second run removes nothing of this letter.
    await thinRevisions(t.db, now, 7);
    expect(await revisionVersions(t.db, letter.id!)).toEqual([3, 5, 6]);
  });

  it('keeps them all with a longer retention, and reads REVISION_RETENTION_DAYS', async () => {
    let letter = await createLetterAs(t.app, editor, weekly, { title: 'w1' });
    letter = await update(letter, 'w2');
    await backdate(letter.id!, [10 * DAY, 10 * DAY - 60_000]);
    const { revisionRetentionDays } = revisionSettingsFromEnv({ REVISION_RETENTION_DAYS: '30' });
    expect(revisionRetentionDays).toBe(30);
    await thinRevisions(t.db, now, revisionRetentionDays);
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2]);
    expect(() => revisionSettingsFromEnv({ REVISION_RETENTION_DAYS: '0' })).toThrow(/REVISION_RETENTION_DAYS/);
  });
});
