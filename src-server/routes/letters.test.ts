import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LetterListResponseSchema, LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import type { CreateLetterRequest } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { createAccount } from '../db/accounts';
import type { AccountFixture } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createBody, specCreatePayload } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
let editor: { authorization: string };
let weeklyId: number;
let other: AccountFixture;
let outsider: { authorization: string };

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = (await t.db.selectFrom('channels').select('id').where('slug', '=', 'weekly').executeTakeFirstOrThrow()).id;
  other = await createAccount(t.db, {
    tenantName: 'Rival',
    brandSlug: 'rival',
    channelSlug: 'daily',
    email: 'owner@rival.test',
    password: 'rival-password',
  });
  outsider = await signIn(t.app, 'owner@rival.test', 'rival-password');
});
afterAll(async () => {
  await t.close();
});

const lettersUrl = platformPaths.letters('demo', 'weekly');

async function create(overrides: Partial<CreateLetterRequest> = {}) {
  return t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload: createBody(weeklyId, overrides) });
}

async function createLetter(overrides: Partial<CreateLetterRequest> = {}): Promise<Letter> {
  const response = await create(overrides);
  expect(response.statusCode).toBe(201);
  return LetterResponseSchema.parse(response.json());
}

const claimant = (uniqueId: string, name: string) => JSON.stringify({ uniqueId, name, surname: 'X', email: `${name}@example.com` });

function autosave(letter: Letter, body: Record<string, unknown>, headers = editor, channelId = weeklyId) {
  return t.app.inject({
    method: 'POST',
    url: platformPaths.autosave(channelId, letter.id!),
    headers,
    payload: { blocks: '[]', title: letter.title, claimant: null, uniqueId: letter.uniqueId, publicationStatus: 0, ...body },
  });
}

const countLetters = async () =>
  Number((await t.db.selectFrom('letters').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

describe('creating letters', () => {
  it("saves a draft with no title as 'Draft {id}', at version 1 with its first revision", async () => {
    const letter = await createLetter({ title: '   ' });
    expect(letter.id).toBeGreaterThan(0);
    expect(letter.title).toBe(`Draft ${letter.id}`);
    expect(letter).toMatchObject({ version: 1, channelId: weeklyId, channelSlug: 'weekly', brandSlug: 'demo', esp: 0 });
    expect(letter.settings).toEqual(defaultLetterSettings());
    const revisions = await t.db.selectFrom('letterRevisions').selectAll().where('letterId', '=', letter.id!).execute();
    expect(revisions.map((r) => r.version)).toEqual([1]);
    expect(revisions[0]!.body).toEqual(letter);
  });

  it('keeps a given title, and the wall-clock publication date in the channel timezone', async () => {
    const letter = await createLetter({ title: 'Hello', publicationDate: '2031-07-04 09:30:00' });
    expect(letter.title).toBe('Hello');
    expect(letter.publicationDate).toBe('2031-07-04 09:30:00');
    expect(letter.publicationDateTzCode).toBe('America/New_York');
    const row = await t.db.selectFrom('letters').select('publicationAt').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    // 09:30 in New York in July (EDT, UTC-4) is 13:30 UTC.
    expect(row.publicationAt?.toISOString()).toBe('2031-07-04T13:30:00.000Z');
  });

  it('answers the existing letter to a retry with the same uniqueId', async () => {
    const body = createBody(weeklyId, { title: 'Once' });
    const first = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload: body });
    const before = await countLetters();
    const again = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload: body });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json<Letter>().id).toBe(first.json<Letter>().id);
    expect(await countLetters()).toBe(before);
  });

  it('refuses a bad payload with field errors and stores nothing', async () => {
    const before = await countLetters();
    const missing = await t.app.inject({
      method: 'POST',
      url: lettersUrl,
      headers: editor,
      payload: { ...createBody(weeklyId), title: 42, uniqueId: undefined },
    });
    expect(missing.statusCode).toBe(422);
    const errors = missing.json<{ errors: Record<string, string[]> }>().errors;
    expect(Object.keys(errors).sort()).toEqual(['title']);

    const badSettings = await create({ settings: '{"maxWidthDesktop": "wide"' });
    expect(badSettings.statusCode).toBe(422);
    expect(badSettings.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { settings: ['Settings must be a JSON string.'] },
    });

    const wrongShape = await create({
      settings: JSON.stringify({ ...defaultLetterSettings(), maxWidthDesktop: 'wide' }),
      publicationDate: '2031-02-30 10:00:00',
      channelId: other.channelId,
      segmentId: 123456,
    });
    expect(wrongShape.statusCode).toBe(422);
    expect(Object.keys(wrongShape.json<{ errors: object }>().errors).sort()).toEqual([
      'channelId',
      'publicationDate',
      'segmentId',
      'settings.maxWidthDesktop',
    ]);
    expect(await countLetters()).toBe(before);
  });
});

describe("creating with exactly the spec's payload (spec 1 §7)", () => {
  it('accepts it without a uniqueId and fills one in', async () => {
    // The spec's field list, as another client would send it: no uniqueId, no version.
    const payload = { ...specCreatePayload(weeklyId), title: 'From the spec' };
    const first = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload });
    expect(first.statusCode, first.body).toBe(201);
    const letter = LetterResponseSchema.parse(first.json());
    expect(letter.title).toBe('From the spec');
    expect(letter.uniqueId).toMatch(/^[0-9a-f-]{36}$/);
    // Each such create is a new letter: without the client's id there is nothing to match a retry to.
    const second = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload });
    expect(second.statusCode).toBe(201);
    expect(second.json<Letter>().uniqueId).not.toBe(letter.uniqueId);
  });
});

describe("creating with the spec's example payload (settings with some fields, delta empty)", () => {
  /** Spec 1 §7's create, as its client sends it: settings a JSON string of what it sets, delta empty. */
  const specExample = () => ({
    ...specCreatePayload(weeklyId),
    delta: '',
    settings: JSON.stringify({ maxWidthDesktop: 700, backgroundColorBody: '#F4F4F4', buttons: { color: '#000000' } }),
    title: 'Spec example',
  });

  it("creates the letter, with a new letter's settings where the payload names none", async () => {
    const response = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload: specExample() });
    expect(response.statusCode, response.body).toBe(201);
    const letter = LetterResponseSchema.parse(response.json());
    const defaults = defaultLetterSettings();
    expect(letter.settings).toEqual({
      ...defaults,
      maxWidthDesktop: 700,
      backgroundColorBody: '#F4F4F4',
      buttons: { ...defaults.buttons, color: '#000000' },
    });
    expect(letter.delta).toEqual({ ops: [] });
    expect(letter.title).toBe('Spec example');
  });

  it('takes every empty delta the same way', async () => {
    for (const delta of ['', null, [], {}, { ops: [] }]) {
      const response = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload: { ...specExample(), delta } });
      expect(response.statusCode, `${JSON.stringify(delta)}: ${response.body}`).toBe(201);
      expect(response.json<Letter>().delta).toEqual({ ops: [] });
    }
  });

  it("fills whatever the payload leaves out as a new draft has it: the creator as author, the footer, the channel's id", async () => {
    const response = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload: {} });
    expect(response.statusCode, response.body).toBe(201);
    const letter = LetterResponseSchema.parse(response.json());
    expect(letter.title).toBe(`Draft ${letter.id}`);
    expect(letter.authors).toEqual([expect.objectContaining({ email: DEMO_EMAIL })]);
    expect(JSON.parse(letter.blocks).map((section: { type: string }) => section.type)).toEqual(['footer']);
    expect(letter.settings).toEqual(defaultLetterSettings());
    expect(letter).toMatchObject({ channelId: weeklyId, publicationStatus: 0, publicationDate: null, segmentId: null, private: false });
  });

  it('still refuses what is really wrong, naming the field, and stores nothing', async () => {
    const before = await countLetters();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ settings: JSON.stringify({ maxWidthDesktop: 'wide' }) }, 'settings.maxWidthDesktop'],
      [{ settings: '[1, 2]' }, 'settings'],
      [{ delta: 'some text' }, 'delta'],
      [{ publicationStatus: 2_147_483_648 }, 'publicationStatus'],
      [{ channelId: 2_147_483_648 }, 'channelId'],
    ];
    for (const [override, field] of cases) {
      const response = await t.app.inject({ method: 'POST', url: lettersUrl, headers: editor, payload: { ...specExample(), ...override } });
      expect(response.statusCode, JSON.stringify(override)).toBe(422);
      expect(Object.keys(response.json<{ errors: object }>().errors), JSON.stringify(override)).toEqual([field]);
    }
    expect(await countLetters()).toBe(before);
  });
});

describe('reading letters', () => {
  it('lists summaries newest updated first, and gets one by id', async () => {
    const older = await createLetter({ title: 'Older' });
    const newer = await createLetter({ title: 'Newer' });
    const list = await t.app.inject({ method: 'GET', url: lettersUrl, headers: editor });
    expect(list.statusCode).toBe(200);
    const items = LetterListResponseSchema.parse(list.json()).items;
    const ids = items.map((item) => item.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));
    expect(items.find((item) => item.id === newer.id)).toMatchObject({ title: 'Newer', version: 1, brandSlug: 'demo' });

    const one = await t.app.inject({ method: 'GET', url: platformPaths.letter('demo', 'weekly', older.id!), headers: editor });
    expect(one.statusCode).toBe(200);
    expect(LetterResponseSchema.parse(one.json())).toEqual(older);
  });

  it('lists each letter with the very fields, audience name and times a read of it gives', async () => {
    const segment = await t.db.selectFrom('segments').select(['id']).where('channelId', '=', weeklyId).executeTakeFirstOrThrow();
    const made = [
      await createLetter({ title: 'No audience' }),
      await createLetter({ title: 'Everyone', segmentId: 0, publicationDate: '2099-06-01 09:00:00' }),
      await createLetter({ title: 'Some emails', segmentId: 99991 }),
      await createLetter({ title: 'A segment', segmentId: segment.id }),
    ];
    const list = await t.app.inject({ method: 'GET', url: lettersUrl, headers: editor });
    const items = LetterListResponseSchema.parse(list.json()).items;
    for (const letter of made) {
      const { id, uniqueId, version, title, publicationStatus, publicationDate, channelSlug, brandSlug, segmentName, updatedAt } = letter;
      expect(items.find((item) => item.id === id)).toEqual({ id, uniqueId, version, title, publicationStatus, publicationDate, channelSlug, brandSlug, segmentName, private: letter.private, updatedAt });
    }
    expect(made.map((letter) => letter.segmentName)).toEqual([null, 'All active subscribers', 'Specific emails', expect.any(String)]);
    // Newest first, ties by id: the order the keyset pages use.
    const listed = items.map((item) => [item.updatedAt, item.id] as const);
    expect(listed).toEqual([...listed].sort((a, b) => (a[0] === b[0] ? (b[1] ?? 0) - (a[1] ?? 0) : a[0] < b[0] ? 1 : -1)));
  });

  it('answers 404 with the spec message for a missing letter', async () => {
    for (const url of [platformPaths.letter('demo', 'weekly', 999999), `${lettersUrl}/not-a-number`]) {
      const response = await t.app.inject({ method: 'GET', url, headers: editor });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Eep. It doesn’t look like this letter exists.' });
    }
  });

  it('answers 401 without a token', async () => {
    const response = await t.app.inject({ method: 'GET', url: lettersUrl });
    expect(response.statusCode).toBe(401);
  });

  it("answers 403 to another tenant's user and never shows them the letters", async () => {
    const letter = await createLetter({ title: 'Private to demo' });
    const calls = [
      t.app.inject({ method: 'GET', url: lettersUrl, headers: outsider }),
      t.app.inject({ method: 'GET', url: platformPaths.letter('demo', 'weekly', letter.id!), headers: outsider }),
      t.app.inject({ method: 'POST', url: lettersUrl, headers: outsider, payload: createBody(weeklyId) }),
      autosave(letter, { baseVersion: 1, title: 'Hijacked' }, outsider),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Private to demo');
    }
    // Their own channel works, and the demo letter is not reachable through it.
    const own = await t.app.inject({ method: 'GET', url: platformPaths.letters('rival', 'daily'), headers: outsider });
    expect(own.json()).toEqual({ items: [] });
    const through = await t.app.inject({ method: 'GET', url: platformPaths.letter('rival', 'daily', letter.id!), headers: outsider });
    expect(through.statusCode).toBe(404);
    const stored = await t.db.selectFrom('letters').select('title').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    expect(stored.title).toBe('Private to demo');
  });
});

describe('autosave', () => {
  it('increments the version and keeps every version as a revision', async () => {
    const letter = await createLetter({ title: 'Draft me' });
    const first = await autosave(letter, { blocks: '[{"a":1}]', title: 'Edited', baseVersion: 1, claimant: claimant('c-1', 'Ann') });
    expect(first.statusCode).toBe(200);
    const saved = LetterResponseSchema.parse(first.json());
    expect(saved).toMatchObject({ version: 2, title: 'Edited', blocks: '[{"a":1}]' });
    expect(JSON.parse(saved.claimant!)).toMatchObject({ uniqueId: 'c-1', name: 'Ann' });

    const second = await autosave(letter, { blocks: '[{"a":2}]', title: '', baseVersion: 2, claimant: claimant('c-1', 'Ann') });
    expect(second.json<Letter>()).toMatchObject({ version: 3, title: `Draft ${letter.id}` });
    const revisions = await t.db
      .selectFrom('letterRevisions')
      .select(['version', 'body'])
      .where('letterId', '=', letter.id!)
      .orderBy('version')
      .execute();
    expect(revisions.map((r) => r.version)).toEqual([1, 2, 3]);
    expect((revisions[1]!.body as Letter).blocks).toBe('[{"a":1}]');
  });

  it('refuses a stale version from another claimant with 409 and changes nothing', async () => {
    const letter = await createLetter({ title: 'Contested' });
    await autosave(letter, { blocks: '["ann"]', baseVersion: 1, claimant: claimant('c-ann', 'Ann') });
    const before = await t.db.selectFrom('letters').selectAll().where('id', '=', letter.id!).executeTakeFirstOrThrow();

    const stale = await autosave(letter, { blocks: '["bob"]', baseVersion: 1, claimant: claimant('c-bob', 'Bob') });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'Sorry, Ann is currently working on this letter.' });
    const after = await t.db.selectFrom('letters').selectAll().where('id', '=', letter.id!).executeTakeFirstOrThrow();
    expect(after).toEqual(before);
    const versions = await t.db.selectFrom('letterRevisions').select('version').where('letterId', '=', letter.id!).execute();
    expect(versions).toHaveLength(2);

    // The same claimant re-sending from a stale base (a retry) is accepted.
    const retry = await autosave(letter, { blocks: '["ann again"]', baseVersion: 1, claimant: claimant('c-ann', 'Ann') });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Letter>().version).toBe(3);
  });

  it('answers 404 when the letter is not in that channel, and 422 for a bad claimant', async () => {
    const letter = await createLetter();
    const company = await t.db.selectFrom('channels').select('id').where('slug', '=', 'company').executeTakeFirstOrThrow();
    const elsewhere = await autosave(letter, { baseVersion: 1 }, editor, company.id);
    expect(elsewhere.statusCode).toBe(404);
    const badClaimant = await autosave(letter, { baseVersion: 1, claimant: 'not json' });
    expect(badClaimant.statusCode).toBe(422);
    expect(badClaimant.json<{ errors: object }>().errors).toHaveProperty('claimant');
    const row = await t.db.selectFrom('letters').select('version').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    expect(row.version).toBe(1);
  });

  it("takes the spec's payload, which names no base version, unless someone else holds the letter", async () => {
    const letter = await createLetter({ title: 'Spec autosave' });
    const payload = (blocks: string, who: string, name: string) => ({
      blocks,
      title: 'Spec autosave',
      claimant: claimant(who, name),
      uniqueId: letter.uniqueId,
      publicationStatus: 0,
    });
    const url = platformPaths.autosave(weeklyId, letter.id!);
    const first = await t.app.inject({ method: 'POST', url, headers: editor, payload: payload('["ann"]', 'c-ann', 'Ann') });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<Letter>()).toMatchObject({ version: 2, blocks: '["ann"]' });
    const again = await t.app.inject({ method: 'POST', url, headers: editor, payload: payload('["ann 2"]', 'c-ann', 'Ann') });
    expect(again.json<Letter>().version).toBe(3);
    const other = await t.app.inject({ method: 'POST', url, headers: editor, payload: payload('["bob"]', 'c-bob', 'Bob') });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: 'Sorry, Ann is currently working on this letter.' });
  });

  it('refuses to autosave a letter that is not in an editable state', async () => {
    const letter = await createLetter();
    await t.db.updateTable('letters').set({ publicationStatus: 2 }).where('id', '=', letter.id!).execute();
    const response = await autosave(letter, { baseVersion: 1 });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toContain('scheduled');
  });
});
