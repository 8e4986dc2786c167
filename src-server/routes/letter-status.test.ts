import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { publicationStatusLabel } from '../../shared/model/publication';
import { READY_TO_SCHEDULE, createLetterAs, revisionVersions, setStatus, snapshot } from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';

dayjs.extend(utc);

const t = useDemoEditor();

// DECISIONS "Letter states the server allows", copied by hand so that a change to the
// server's table has to be a change to this test too.
const ALLOWED: Record<number, number[]> = {
  0: [7, 0],
  4: [7, 0],
  7: [2, 0],
  2: [0],
  3: [8],
  10: [8],
  8: [9, 3],
  9: [3],
};
const STORED_STATUSES = [0, 1, 2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15];
const TARGETS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15];

function updateStatus(letter: Letter, body: Record<string, unknown>, headers = t.editor) {
  return t.app.inject({
    method: 'POST',
    url: platformPaths.updateStatus(t.weekly.channelId, letter.id!),
    headers,
    payload: { uniqueId: letter.uniqueId, pollIds: [], ...body },
  });
}

describe('update-status: the transition table', () => {
  it('makes every move the table allows, each as a new version with its revision', async () => {
    for (const [from, targets] of Object.entries(ALLOWED)) {
      for (const to of targets) {
        const letter = await createLetterAs(t.app, t.editor, t.weekly, READY_TO_SCHEDULE);
        await setStatus(t.db, letter.id!, Number(from));
        const response = await updateStatus(letter, { currentStatus: Number(from), publicationStatus: to });
        expect(response.statusCode, `${from} → ${to}: ${response.body}`).toBe(200);
        const answered = LetterResponseSchema.parse(response.json());
        expect(answered.publicationStatus).toBe(to);
        // Draft → draft changes nothing, so it is not a new version.
        const expectedVersion = Number(from) === to ? 1 : 2;
        expect(answered.version).toBe(expectedVersion);
        expect(await revisionVersions(t.db, letter.id!)).toEqual(expectedVersion === 1 ? [1] : [1, 2]);
      }
    }
  });

  it('refuses every other move with 409 naming both states, and changes nothing', async () => {
    let refused = 0;
    for (const from of STORED_STATUSES) {
      const letter = await createLetterAs(t.app, t.editor, t.weekly, READY_TO_SCHEDULE);
      await setStatus(t.db, letter.id!, from);
      const before = await snapshot(t.db, letter.id!);
      for (const to of TARGETS) {
        if (ALLOWED[from]?.includes(to)) continue;
        const response = await updateStatus(letter, { currentStatus: from, publicationStatus: to });
        expect(response.statusCode, `${from} → ${to}`).toBe(409);
        expect(response.json()).toEqual({
          message: `Sorry, a letter can't go from ${publicationStatusLabel(from)} to ${publicationStatusLabel(to)}.`,
        });
        refused += 1;
      }
      expect(await snapshot(t.db, letter.id!)).toEqual(before);
    }
    // 15 stored states × 16 targets, less the 12 allowed moves.
    expect(refused).toBe(15 * 16 - 12);
  });

  it('refuses a currentStatus that is not the stored one with 409 and changes nothing', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, READY_TO_SCHEDULE);
    await setStatus(t.db, letter.id!, 7);
    const before = await snapshot(t.db, letter.id!);
    const response = await updateStatus(letter, { currentStatus: 0, publicationStatus: 7 });
    expect(response.statusCode).toBe(409);
    expect(response.json<{ message: string }>().message).toBe(
      "This letter's status is Schedule now, not Draft. Reload it and try again.",
    );
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it('refuses a uniqueId of another letter and an unknown status with 422', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const other = await createLetterAs(t.app, t.editor, t.weekly);
    const before = await snapshot(t.db, letter.id!);
    const wrongLetter = await updateStatus(letter, { uniqueId: other.uniqueId, currentStatus: 0, publicationStatus: 7 });
    expect(wrongLetter.statusCode).toBe(422);
    expect(wrongLetter.json<{ errors: object }>().errors).toHaveProperty('uniqueId');
    const unknown = await updateStatus(letter, { currentStatus: 0, publicationStatus: 42 });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json<{ errors: object }>().errors).toHaveProperty('publicationStatus');
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it('keeps the poll ids sent with the change', async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly);
    const response = await updateStatus(letter, { currentStatus: 0, publicationStatus: 7, pollIds: [12, 'p-9'] });
    expect(response.statusCode).toBe(200);
    const row = await t.db.selectFrom('letters').select('pollIds').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    expect(row.pollIds).toEqual([12, 'p-9']);
  });
});

describe('update-status: scheduling', () => {
  async function atSchedule(overrides: Parameters<typeof createLetterAs>[3] = {}) {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, { ...READY_TO_SCHEDULE, ...overrides });
    await setStatus(t.db, letter.id!, 7);
    return letter;
  }

  it('refuses to schedule a letter missing its required fields, with a message per field', async () => {
    const letter = await atSchedule({ subtitle: '', segmentId: null, publicationDate: null, openGraphHeadline: '' });
    const before = await snapshot(t.db, letter.id!);
    const response = await updateStatus(letter, { currentStatus: 7, publicationStatus: 2 });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'Please fill out the required fields to save and schedule.',
      errors: {
        subtitle: ['The preview text is required.'],
        segmentId: ['Choose an audience.'],
        publicationDate: ['Choose a date and time.'],
        openGraphHeadline: ['The social card headline is required.'],
      },
    });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it('refuses a publication date in the past', async () => {
    const letter = await atSchedule({ publicationDate: '2001-01-01 09:00:00' });
    const before = await snapshot(t.db, letter.id!);
    const response = await updateStatus(letter, { currentStatus: 7, publicationStatus: 2 });
    expect(response.statusCode).toBe(422);
    expect(response.json<{ errors: object }>().errors).toEqual({
      publicationDate: ['Choose a date and time in the future.'],
    });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it("judges 'in the future' in the letter's timezone, not the server's", async () => {
    // Three hours from now as UTC wall-clock time: still ahead in New York (UTC-4/-5),
    // already past in Tokyo (UTC+9).
    const wallClock = dayjs.utc().add(3, 'hour').format('YYYY-MM-DD HH:mm:ss');
    const tokyo = await atSchedule({ publicationDate: wallClock });
    await t.db.updateTable('letters').set({ publicationDateTzCode: 'Asia/Tokyo' }).where('id', '=', tokyo.id!).execute();
    const refused = await updateStatus(tokyo, { currentStatus: 7, publicationStatus: 2 });
    expect(refused.statusCode).toBe(422);

    // No zone on the letter: the channel's (America/New_York) applies.
    const newYork = await atSchedule({ publicationDate: wallClock });
    await t.db.updateTable('letters').set({ publicationDateTzCode: null }).where('id', '=', newYork.id!).execute();
    const accepted = await updateStatus(newYork, { currentStatus: 7, publicationStatus: 2 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json<Letter>().publicationDateTzCode).toBe('America/New_York');
    const row = await t.db.selectFrom('letters').select('publicationAt').where('id', '=', newYork.id!).executeTakeFirstOrThrow();
    // PostgreSQL's own zone arithmetic as the independent reference.
    const { rows } = await sql<{ at: Date }>`SELECT ${wallClock}::timestamp AT TIME ZONE 'America/New_York' AS at`.execute(t.db);
    expect(row.publicationAt!.toISOString()).toBe(rows[0]!.at.toISOString());
  });

  it('asks for a distinct subject B when the A/B test is on', async () => {
    const letter = await atSchedule();
    await t.db.updateTable('letters').set({ hasAbTest: true, subjectB: ' Ready ' }).where('id', '=', letter.id!).execute();
    const same = await updateStatus(letter, { currentStatus: 7, publicationStatus: 2 });
    expect(same.statusCode).toBe(422);
    expect(same.json<{ errors: object }>().errors).toEqual({ subjectB: ['Subject A and subject B must be different.'] });
    await t.db.updateTable('letters').set({ subjectB: 'Other subject' }).where('id', '=', letter.id!).execute();
    const distinct = await updateStatus(letter, { currentStatus: 7, publicationStatus: 2 });
    expect(distinct.statusCode).toBe(200);
  });
});
