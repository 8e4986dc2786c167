import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import { claimantJson, createLetterAs, injectWriteFault, revisionVersions, setStatus, snapshot } from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';

const t = useDemoEditor();

const post = (url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: t.editor, payload: payload as object });

describe('resolveId', () => {
  it('maps a numeric id or a uniqueId to both, within the channel', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const digits = await createLetterAs(t.app, t.editor, t.weekly, { uniqueId: '777000111' });
    const expected = { items: { id: letter.id, uniqueId: letter.uniqueId } };
    for (const ref of [letter.id!, letter.uniqueId]) {
      const response = await t.app.inject({ method: 'GET', url: platformPaths.resolveLetterId('weekly', ref), headers: t.editor });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(expected);
    }
    // Digits that are no letter's id are tried as a uniqueId.
    const byDigits = await t.app.inject({ method: 'GET', url: platformPaths.resolveLetterId('weekly', '777000111'), headers: t.editor });
    expect(byDigits.json()).toEqual({ items: { id: digits.id, uniqueId: '777000111' } });
  });

  it('answers 404 for a missing letter or one of another channel', async () => {
    const inCompany = await createLetterAs(t.app, t.editor, t.company);
    for (const ref of ['no-such-letter', 999999, inCompany.id!, inCompany.uniqueId]) {
      const response = await t.app.inject({ method: 'GET', url: platformPaths.resolveLetterId('weekly', ref), headers: t.editor });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Eep. It doesn’t look like this letter exists.' });
    }
    const noChannel = await t.app.inject({ method: 'GET', url: platformPaths.resolveLetterId('nope', 1), headers: t.editor });
    expect(noChannel.statusCode).toBe(404);
  });
});

describe('update-letter', () => {
  it('writes the whole letter from a Letter object, ignoring fields the server owns', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Before' });
    const settings = { ...defaultLetterSettings(), maxWidthDesktop: 700, utmEnabled: true, utm: [{ key: 'utm_source', value: 'news' }] };
    const segment = await t.db.selectFrom('segments').select('id').executeTakeFirstOrThrow();
    const response = await post(platformPaths.updateLetter('weekly', letter.id!), {
      ...letter,
      baseVersion: letter.version,
      claimant: claimantJson('c-ann', 'Ann'),
      title: 'After',
      subtitle: 'Preview',
      blocks: '[{"type":"text"}]',
      delta: { ops: [{ insert: 'Hi\n' }] },
      settings,
      segmentId: segment.id,
      publicationDate: '2099-01-02 03:04:05',
      publicationDateTzCode: 'Europe/Paris',
      private: true,
      // Owned by the server: these must not change.
      esp: 7,
      version: 99,
      publicationStatus: 1,
      channelSlug: 'elsewhere',
    });
    expect(response.statusCode, response.body).toBe(200);
    const saved = LetterResponseSchema.parse(response.json());
    expect(saved).toMatchObject({
      version: 2,
      title: 'After',
      subtitle: 'Preview',
      blocks: '[{"type":"text"}]',
      delta: { ops: [{ insert: 'Hi\n' }] },
      segmentId: segment.id,
      segmentName: 'Engaged readers',
      publicationDate: '2099-01-02 03:04:05',
      publicationDateTzCode: 'Europe/Paris',
      private: true,
      esp: 0,
      publicationStatus: 0,
      channelSlug: 'weekly',
      utmEnabled: true,
      utms: [{ key: 'utm_source', value: 'news' }],
    });
    expect(saved.settings.maxWidthDesktop).toBe(700);
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2]);
    const row = await t.db.selectFrom('letters').select('publicationAt').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    // 03:04:05 in Paris in January (UTC+1).
    expect(row.publicationAt?.toISOString()).toBe('2099-01-02T02:04:05.000Z');
  });

  it("refuses a stale version from someone else with the holder's name, and changes nothing", async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const first = await post(platformPaths.updateLetter('weekly', letter.id!), {
      ...letter,
      baseVersion: 1,
      claimant: claimantJson('c-ann', 'Ann'),
      title: 'Ann was here',
    });
    expect(first.statusCode).toBe(200);
    const before = await snapshot(t.db, letter.id!);
    const bob = await post(platformPaths.updateLetter('weekly', letter.id!), {
      ...letter,
      baseVersion: 1,
      claimant: claimantJson('c-bob', 'Bob'),
      title: 'Bob overwrites',
    });
    expect(bob.statusCode).toBe(409);
    expect(bob.json()).toEqual({ message: 'Sorry, Ann is currently working on this letter.' });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
    // Ann's retry from the same stale base is hers to make.
    const retry = await post(platformPaths.updateLetter('weekly', letter.id!), {
      ...letter,
      baseVersion: 1,
      claimant: claimantJson('c-ann', 'Ann'),
      title: '',
    });
    expect(retry.statusCode).toBe(200);
    expect(retry.json<Letter>()).toMatchObject({ version: 3, title: `Draft ${letter.id}` });
  });

  it('refuses letters that are not editable, a foreign audience, and a letter of another channel', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    await setStatus(t.db, letter.id!, 7);
    const before = await snapshot(t.db, letter.id!);
    const locked = await post(platformPaths.updateLetter('weekly', letter.id!), { ...letter, baseVersion: 1, title: 'x' });
    expect(locked.statusCode).toBe(409);
    expect(locked.json()).toEqual({ message: "This letter can't be edited while its status is Schedule." });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);

    const draft = await createLetterAs(t.app, t.editor, t.weekly);
    const foreign = await post(platformPaths.updateLetter('weekly', draft.id!), { ...draft, baseVersion: 1, segmentId: 424242 });
    expect(foreign.statusCode).toBe(422);
    expect(foreign.json<{ errors: object }>().errors).toEqual({ segmentId: ['Choose an audience from this channel.'] });

    const elsewhere = await post(platformPaths.updateLetter('company', draft.id!), { ...draft, baseVersion: 1 });
    expect(elsewhere.statusCode).toBe(404);

    const { version: _version, ...versionless } = draft;
    const missingBase = await post(platformPaths.updateLetter('weekly', draft.id!), versionless);
    expect(missingBase.statusCode).toBe(422);
    expect(missingBase.json<{ errors: object }>().errors).toHaveProperty('baseVersion');
  });

  it('takes a full letter body as read, its version standing for the base', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const ann = claimantJson('c-ann', 'Ann');
    const saved = await post(platformPaths.updateLetter('weekly', letter.id!), { ...letter, claimant: ann, title: 'Posted back as read' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Letter>()).toMatchObject({ title: 'Posted back as read', version: letter.version! + 1 });
    // Bob's copy is the one read before Ann's save: its version is behind, so it changes nothing.
    const stale = await post(platformPaths.updateLetter('weekly', letter.id!), { ...letter, claimant: claimantJson('c-bob', 'Bob'), title: 'From the old copy' });
    expect(stale.statusCode).toBe(409);
    expect((await snapshot(t.db, letter.id!)).row.title).toBe('Posted back as read');
  });
});

describe('update-private', () => {
  it('flips the private flag in any state, as a new version', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    await setStatus(t.db, letter.id!, 1);
    const response = await post(platformPaths.updatePrivate('weekly', letter.id!), { private: true });
    expect(response.statusCode).toBe(200);
    expect(response.json<Letter>()).toMatchObject({ private: true, version: 2, publicationStatus: 1 });
    const back = await post(platformPaths.updatePrivate('weekly', letter.id!), { private: false, baseVersion: 2 });
    expect(back.json<Letter>()).toMatchObject({ private: false, version: 3 });
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2, 3]);
  });

  it('refuses a body without a boolean', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const response = await post(platformPaths.updatePrivate('weekly', letter.id!), { private: 'yes' });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: object }>().errors).toHaveProperty('private');
  });
});

describe('letter settings', () => {
  const settingsUrl = (letter: Letter) => platformPaths.letterSettings('weekly', letter.uniqueId);

  it('updates the settings by uniqueId, as an object or as a JSON string', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const wide = { ...defaultLetterSettings(), maxWidthDesktop: 900, utmEnabled: true, utm: [{ key: 'a', value: 'b' }] };
    const asObject = await post(settingsUrl(letter), { settings: wide });
    expect(asObject.statusCode, asObject.body).toBe(200);
    expect(asObject.json<Letter>()).toMatchObject({ version: 2, utmEnabled: true, utms: [{ key: 'a', value: 'b' }] });
    expect(asObject.json<Letter>().settings.maxWidthDesktop).toBe(900);

    const asString = await post(settingsUrl(letter), { settings: JSON.stringify({ ...wide, maxWidthMobile: 400 }) });
    expect(asString.statusCode).toBe(200);
    expect(asString.json<Letter>().settings.maxWidthMobile).toBe(400);
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2, 3]);
  });

  it('lays only the settings sent over the letter’s own, object by object', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const first = await post(settingsUrl(letter), { settings: { maxWidthDesktop: 720, utmEnabled: true, utm: [{ key: 'a', value: 'b' }] } });
    expect(first.statusCode, first.body).toBe(200);
    const dividerColor = defaultLetterSettings().dividers.color === '#123456' ? '#654321' : '#123456';
    const second = await post(settingsUrl(letter), { settings: JSON.stringify({ dividers: { color: dividerColor } }) });
    expect(second.statusCode, second.body).toBe(200);
    const settings = second.json<Letter>().settings;
    expect(settings).toEqual({ ...defaultLetterSettings(), maxWidthDesktop: 720, utmEnabled: true, utm: [{ key: 'a', value: 'b' }], dividers: { ...defaultLetterSettings().dividers, color: dividerColor } });
    const wrong = await post(settingsUrl(letter), { settings: { dividers: { color: 7 } } });
    expect(wrong.statusCode).toBe(422);
    expect(Object.keys(wrong.json<{ errors: object }>().errors)).toEqual(['settings.dividers.color']);
  });

  it('refuses invalid settings with field messages (not the fault message) and changes nothing', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const before = await snapshot(t.db, letter.id!);
    const wrong = await post(settingsUrl(letter), { settings: { ...defaultLetterSettings(), maxWidthDesktop: 'wide' } });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json<{ message: string; errors: object }>()).toMatchObject({
      message: 'The given data was invalid.',
      errors: { 'settings.maxWidthDesktop': expect.any(Array) },
    });
    const notJson = await post(settingsUrl(letter), { settings: '{"maxWidthDesktop":' });
    expect(notJson.json()).toEqual({
      message: 'The given data was invalid.',
      errors: { settings: ['Settings must be a JSON string.'] },
    });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);

    // The schedule step edits UTM tracking, which lives in the settings; a scheduled letter is done.
    await setStatus(t.db, letter.id!, 7);
    const inSchedule = await post(settingsUrl(letter), { settings: { ...defaultLetterSettings(), utmEnabled: true } });
    expect(inSchedule.statusCode).toBe(200);
    await setStatus(t.db, letter.id!, 2);
    const settled = await snapshot(t.db, letter.id!);
    const scheduled = await post(settingsUrl(letter), { settings: defaultLetterSettings() });
    expect(scheduled.statusCode).toBe(409);
    expect(await snapshot(t.db, letter.id!)).toEqual(settled);
    const unknown = await post(platformPaths.letterSettings('weekly', 'no-such-letter'), { settings: defaultLetterSettings() });
    expect(unknown.statusCode).toBe(404);
  });

  it("answers a real fault with 500 'Sorry, we failed to update this letter's settings.'", async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    await injectWriteFault(t.db, letter.id!);
    const response = await post(settingsUrl(letter), { settings: defaultLetterSettings() });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: "Sorry, we failed to update this letter's settings." });
    await sql`DELETE FROM test_faulty_letters`.execute(t.db);
  });
});
