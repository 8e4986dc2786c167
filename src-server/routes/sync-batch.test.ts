import { describe, expect, it } from 'vitest';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { SYNC_BATCH_MAX_ITEMS, SyncBatchResponseSchema, type SyncBatchItem } from '../../shared/contract/platform-sync-batch';
import type { Letter } from '../../shared/model/letter';
import { tableChecksums } from '../testing/hostile-input';
import { FUTURE_DATE, claimantJson, createBody, createLetterAs, injectWriteFault, revisionVersions, setStatus, snapshot } from '../testing/letter-fixtures';
import { createOutsiders, useDemoEditor } from '../testing/route-suite';

// The sync batch against a real PostgreSQL: each item answered as its single call would
// be (statuses, messages, versions, revisions), a refused item changing nothing while the
// others are written, a fault rolling the whole batch back, and tenancy per item.

const t = useDemoEditor();
const ann = claimantJson('c-ann', 'Ann');
const bob = claimantJson('c-bob', 'Bob');

async function batch(items: unknown[], headers = t.editor) {
  const response = await t.app.inject({ method: 'POST', url: platformPaths.syncLettersBatch(), headers, payload: { items } });
  return response;
}

async function results(items: unknown[], headers = t.editor) {
  const response = await batch(items, headers);
  expect(response.statusCode, response.body).toBe(200);
  return SyncBatchResponseSchema.parse(response.json()).results;
}

const create = (overrides: Parameters<typeof createBody>[1] = {}): SyncBatchItem => ({
  op: 'create',
  brandSlug: 'demo',
  channelSlug: 'weekly',
  letter: createBody(t.weekly.channelId, overrides),
});
const update = (letter: Letter, changes: Record<string, unknown> = {}, claimant = ann): SyncBatchItem => ({
  op: 'update',
  channelSlug: letter.channelSlug,
  id: letter.id!,
  letter: { ...letter, baseVersion: letter.version, claimant, ...changes },
});
const letterOf = (result: { status: number } & ({ letter: Letter } | { error: unknown })) => {
  if (!('letter' in result)) throw new Error(`expected a letter, got ${JSON.stringify(result)}`);
  return result.letter;
};

describe('POST sync/letters/batch', () => {
  it('creates and updates in one call, answering each as its single call would, in the order sent', async () => {
    const [a, b] = [await createLetterAs(t.app, t.editor, t.weekly), await createLetterAs(t.app, t.editor, t.weekly)];
    const fresh = create({ title: 'Made in a batch' });
    // b before a: the platform locks in id order, the answers keep the order sent.
    const answered = await results([update(b, { title: 'B two' }), fresh, update(a, { title: '', blocks: '[{"type":"text"}]' })]);
    expect(answered.map((r) => r.status)).toEqual([200, 201, 200]);
    expect(letterOf(answered[0]!)).toMatchObject({ id: b.id, version: 2, title: 'B two' });
    expect(letterOf(answered[1]!)).toMatchObject({ title: 'Made in a batch', version: 1, uniqueId: (fresh.letter as { uniqueId: string }).uniqueId });
    // An empty title is named as the single update names it.
    expect(letterOf(answered[2]!)).toMatchObject({ id: a.id, version: 2, title: `Draft ${a.id}`, blocks: '[{"type":"text"}]' });
    expect(await revisionVersions(t.db, a.id!)).toEqual([1, 2]);
    expect(await revisionVersions(t.db, letterOf(answered[1]!).id!)).toEqual([1]);
    // What the batch answered is what a read gives.
    const read = await t.app.inject({ method: 'GET', url: platformPaths.letter('demo', 'weekly', b.id!), headers: t.editor });
    expect(LetterResponseSchema.parse(read.json())).toEqual(letterOf(answered[0]!));

    // The same create again (its first answer lost) answers the stored letter: 200, no duplicate.
    const again = await results([fresh]);
    expect(again[0]!.status).toBe(200);
    expect(letterOf(again[0]!).id).toBe(letterOf(answered[1]!).id);
  });

  it('writes many updates together exactly as one update-letter call each would', async () => {
    const segment = await t.db.selectFrom('segments').select(['id', 'name']).where('channelId', '=', t.weekly.channelId).executeTakeFirstOrThrow();
    const edit = {
      title: 'Same words',
      subtitle: 'A preview',
      segmentId: segment.id,
      publicationDate: FUTURE_DATE,
      publicationDateTzCode: 'Europe/Paris',
      delta: { ops: [{ insert: 'Hello\n' }] },
      authors: [{ uniqueId: 'u-2', name: 'Ann', surname: 'X', email: 'ann@example.com' }],
      private: true,
      openGraphHeadline: 'Headline',
    };
    const single = await createLetterAs(t.app, t.editor, t.weekly);
    const twins = [await createLetterAs(t.app, t.editor, t.weekly), await createLetterAs(t.app, t.editor, t.weekly)];
    const response = await t.app.inject({
      method: 'POST',
      url: platformPaths.updateLetter('weekly', single.id!),
      headers: t.editor,
      payload: { ...single, baseVersion: single.version, claimant: ann, ...edit },
    });
    expect(response.statusCode, response.body).toBe(200);
    const alone = LetterResponseSchema.parse(response.json());
    const answered = (await results(twins.map((twin) => update(twin, edit)))).map(letterOf);
    const placeless = ({ id: _id, uniqueId: _uniqueId, updatedAt: _updatedAt, ...rest }: Letter) => rest;
    expect(alone).toMatchObject({ segmentName: segment.name, publicationDate: FUTURE_DATE, publicationDateTzCode: 'Europe/Paris', version: 2 });
    for (const [index, letter] of answered.entries()) {
      expect(placeless(letter)).toEqual(placeless(alone));
      expect(letter.id).toBe(twins[index]!.id);
      // What the batch answered is what a read gives, and what its revision keeps.
      const read = await t.app.inject({ method: 'GET', url: platformPaths.letter('demo', 'weekly', letter.id!), headers: t.editor });
      expect(LetterResponseSchema.parse(read.json())).toEqual(letter);
      const revision = await t.db.selectFrom('letterRevisions').select('body').where('letterId', '=', letter.id!).where('version', '=', 2).executeTakeFirstOrThrow();
      expect(revision.body).toEqual(letter);
    }
    const stored = await t.db.selectFrom('letters').select(['publicationAt']).where('id', 'in', [single.id!, twins[0]!.id!]).execute();
    expect(stored[0]!.publicationAt).toEqual(stored[1]!.publicationAt);
  });

  it('writes a letter named three times in one batch three times, each item seeing the one before', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const answered = await results([
      update(letter, { title: 'One' }),
      // No claimant: the claim stays Ann's, as the single call leaves it.
      update({ ...letter, version: 2 }, { title: 'Two' }, null as unknown as string),
      update({ ...letter, version: 3 }, { title: 'Three' }),
    ]);
    expect(answered.map((r) => r.status)).toEqual([200, 200, 200]);
    const holder = JSON.parse(ann) as unknown;
    expect(answered.map((r) => letterOf(r)).map(({ title, version, claimant }) => ({ title, version, claimant: JSON.parse(claimant!) as unknown }))).toEqual([
      { title: 'One', version: 2, claimant: holder },
      { title: 'Two', version: 3, claimant: holder },
      { title: 'Three', version: 4, claimant: holder },
    ]);
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2, 3, 4]);
  });

  it('refuses a conflict, a locked letter and bad data item by item, writing the others', async () => {
    const contested = await createLetterAs(t.app, t.editor, t.weekly);
    const annSaved = letterOf((await results([update(contested, { title: 'Ann was here' })]))[0]!);
    const locked = await createLetterAs(t.app, t.editor, t.weekly);
    await setStatus(t.db, locked.id!, 7);
    const fine = await createLetterAs(t.app, t.editor, t.weekly);
    const before = { contested: await snapshot(t.db, contested.id!), locked: await snapshot(t.db, locked.id!) };

    const answered = await results([
      update(contested, { title: 'Bob overwrites' }, bob),
      update(locked, { title: 'x' }),
      update(fine, { title: 'Fine' }),
      update(fine, { segmentId: 424242 }),
      { op: 'update', channelSlug: 'weekly', id: fine.id, letter: { title: 'no base, no uniqueId' } },
      { op: 'rename', channelSlug: 'weekly' },
      create({ publicationStatus: 7 }),
    ]);
    expect(answered[0]).toEqual({ status: 409, error: { message: 'Sorry, Ann is currently working on this letter.' } });
    expect(answered[1]).toEqual({ status: 409, error: { message: "This letter can't be edited while its status is Schedule." } });
    expect(answered[2]!.status).toBe(200);
    expect(letterOf(answered[2]!)).toMatchObject({ title: 'Fine', version: 2 });
    // The same letter again in the same batch: the second item saw the first (version 2, same claimant).
    expect(answered[3]).toEqual({ status: 422, error: { message: 'The given data was invalid.', errors: { segmentId: ['Choose an audience from this channel.'] } } });
    expect(answered[4]!.status).toBe(422);
    expect('error' in answered[4]! && answered[4].error.errors).toHaveProperty('uniqueId');
    expect(answered[5]!.status).toBe(422);
    expect(answered[6]).toMatchObject({ status: 422, error: { errors: { publicationStatus: ['A new letter starts as a draft or a template.'] } } });

    expect(await snapshot(t.db, contested.id!)).toEqual(before.contested);
    expect(await snapshot(t.db, locked.id!)).toEqual(before.locked);
    expect(await revisionVersions(t.db, fine.id!)).toEqual([1, 2]);
    // Ann's retry from her stale base is still hers to make, as with the single call.
    const retry = await results([update({ ...contested, version: 1 }, { title: 'Ann again' })]);
    expect(letterOf(retry[0]!)).toMatchObject({ version: annSaved.version + 1, title: 'Ann again' });
  });

  it('rolls the whole batch back when one write faults, so a retry finds nothing applied', async () => {
    const ok = await createLetterAs(t.app, t.editor, t.weekly);
    const faulty = await createLetterAs(t.app, t.editor, t.weekly);
    await injectWriteFault(t.db, faulty.id!);
    const before = await tableChecksums(t.db);
    const fresh = create();
    const response = await batch([update(ok, { title: 'Would be written' }), fresh, update(faulty, { title: 'Faults' })]);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Something went wrong on the platform.' });
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it('refuses a body that is not a batch, or too large a batch, and changes nothing', async () => {
    const before = await tableChecksums(t.db);
    const tooMany = Array.from({ length: SYNC_BATCH_MAX_ITEMS + 1 }, () => create());
    const large = await batch(tooMany);
    expect(large.statusCode).toBe(422);
    expect(large.json()).toEqual({ message: 'The given data was invalid.', errors: { items: [`A batch holds at most ${SYNC_BATCH_MAX_ITEMS} letters.`] } });
    expect((await batch([])).statusCode).toBe(422);
    const notArray = await t.app.inject({ method: 'POST', url: platformPaths.syncLettersBatch(), headers: t.editor, payload: { items: 'x' } });
    expect(notArray.statusCode).toBe(422);
    const signedOut = await t.app.inject({ method: 'POST', url: platformPaths.syncLettersBatch(), payload: { items: [create()] } });
    expect(signedOut.statusCode).toBe(401);
    expect(await tableChecksums(t.db)).toEqual(before);
  });

  it("answers another tenant's items 403 or 404, each as its single call would, and changes nothing", async () => {
    const { rival } = await createOutsiders(t);
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Demo only' });
    const before = await tableChecksums(t.db);
    const answered = await results(
      [
        // The rival has a channel called weekly too: the demo letter is not in it.
        update(letter, { title: 'Hijacked' }, claimantJson('rival', 'Rival')),
        create({ title: 'Planted' }),
        { ...create(), brandSlug: 'rival', channelSlug: 'weekly' },
      ],
      rival,
    );
    expect(answered[0]!.status).toBe(404);
    expect([403, 404]).toContain(answered[1]!.status);
    // Into their own channel, but naming the demo channel's id: refused as the single create is.
    expect(answered[2]).toMatchObject({ status: 422, error: { errors: { channelId: ['The channel does not match the address.'] } } });
    expect(JSON.stringify(answered)).not.toContain('Demo only');
    expect(await tableChecksums(t.db)).toEqual(before);
  });
});
