import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import type { SaveOnSchedulingRequest } from '../../shared/contract/platform-letters';
import type { Letter } from '../../shared/model/letter';
import { newSection } from '../../shared/model/section-factory';
import { MERGE_TAG_CHECK_FAILED_MESSAGE } from '../../shared/rules/schedule';
import {
  FUTURE_DATE,
  READY_TO_SCHEDULE,
  channelId,
  claimantJson,
  createLetterAs,
  injectWriteFault,
  revisionVersions,
  setStatus,
  snapshot,
} from '../testing/letter-fixtures';
import { useDemoEditor } from '../testing/route-suite';

const t = useDemoEditor();

function body(letter: Letter, overrides: Partial<SaveOnSchedulingRequest> = {}): SaveOnSchedulingRequest {
  return {
    claimant: claimantJson('c-ann', 'Ann'),
    emailTemplate: '<html>rendered</html>',
    hasAbTest: false,
    openGraphHeadline: 'Social headline',
    openGraphDescription: 'Social description',
    openGraphImageUrl: 'https://example.com/card.png',
    publicationDate: FUTURE_DATE,
    publicationStatus: letter.publicationStatus,
    publicationDateTzCode: null,
    segmentId: 0,
    subjectB: '',
    subtitle: 'The preview text',
    title: 'Scheduled subject',
    uniqueId: letter.uniqueId,
    updatePreviewText: true,
    ...overrides,
  };
}

function save(letter: Letter, payload: unknown) {
  return t.app.inject({
    method: 'POST',
    url: platformPaths.saveOnScheduling(t.weekly.channelId, letter.id!),
    headers: t.editor,
    payload: payload as object,
  });
}

async function atSchedule(): Promise<Letter> {
  const letter = await createLetterAs(t.app, t.editor, t.weekly, { title: 'Start' });
  await setStatus(t.db, letter.id!, 7);
  return { ...letter, publicationStatus: 7 };
}

describe('save-on-scheduling', () => {
  it('saves the schedule fields and schedules the letter in one write', async () => {
    const letter = await atSchedule();
    const response = await save(letter, body(letter, { publicationStatus: 2, publicationDateTzCode: 'Asia/Tokyo' }));
    expect(response.statusCode, response.body).toBe(200);
    const saved = LetterResponseSchema.parse(response.json());
    expect(saved).toMatchObject({
      version: 2,
      publicationStatus: 2,
      title: 'Scheduled subject',
      subtitle: 'The preview text',
      segmentId: 0,
      segmentName: 'All active subscribers',
      publicationDate: FUTURE_DATE,
      publicationDateTzCode: 'Asia/Tokyo',
      openGraphHeadline: 'Social headline',
      openGraphDescription: 'Social description',
      openGraphImageUrl: 'https://example.com/card.png',
      emailTemplate: '<html>rendered</html>',
      updatePreviewText: true,
    });
    expect(JSON.parse(saved.claimant!)).toMatchObject({ uniqueId: 'c-ann', name: 'Ann' });
    const row = await t.db.selectFrom('letters').select('publicationAt').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    // 09:00 in Tokyo (UTC+9, no DST) is 00:00 UTC.
    expect(row.publicationAt?.toISOString()).toBe('2099-06-01T00:00:00.000Z');
    expect(await revisionVersions(t.db, letter.id!)).toEqual([1, 2]);
  });

  it("falls back to the title for an empty social card headline, and to the channel's zone", async () => {
    const letter = await atSchedule();
    const response = await save(letter, body(letter, { openGraphHeadline: '  ', title: 'Subject as headline' }));
    expect(response.statusCode).toBe(200);
    expect(response.json<Letter>()).toMatchObject({
      publicationStatus: 7,
      openGraphHeadline: 'Subject as headline',
      publicationDateTzCode: 'America/New_York',
    });
  });

  it('refuses bad fields with the spec messages, under the call’s own failure message', async () => {
    const letter = await atSchedule();
    const before = await snapshot(t.db, letter.id!);
    const cases: [Partial<SaveOnSchedulingRequest>, string, string][] = [
      [{ publicationDate: '2099-06-01T09:00' }, 'publicationDate', 'Use the format YYYY-MM-DD HH:mm:ss'],
      [{ publicationDate: '2099-02-30 09:00:00' }, 'publicationDate', 'This date does not exist.'],
      [{ subtitle: 'x'.repeat(151) }, 'subtitle', 'The Preview text may not be greater than 150 characters.'],
      [
        { openGraphHeadline: 'h'.repeat(181) },
        'openGraphHeadline',
        'Sorry, your social card headline should be no more than 180 characters.',
      ],
      [{ publicationDateTzCode: 'Mars/Olympus' }, 'publicationDateTzCode', 'Unknown timezone.'],
      [{ segmentId: 123456 }, 'segmentId', 'Choose an audience from this channel.'],
    ];
    for (const [overrides, field, message] of cases) {
      const response = await save(letter, body(letter, overrides));
      expect(response.statusCode, field).toBe(422);
      expect(response.json()).toEqual({ message: 'Failed to update letter on scheduling.', errors: { [field]: [message] } });
    }
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it('counts the social card headline without its newlines, and the preview text up to 150', async () => {
    const letter = await atSchedule();
    const headline = `${'h'.repeat(90)}\n${'h'.repeat(90)}\r\n`;
    const response = await save(letter, body(letter, { openGraphHeadline: headline, subtitle: 'p'.repeat(150) }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses to schedule without the required fields or with a past date, and changes nothing', async () => {
    const letter = await atSchedule();
    const before = await snapshot(t.db, letter.id!);
    const missing = await save(
      letter,
      body(letter, { publicationStatus: 2, title: '', subtitle: '', segmentId: null, publicationDate: null, openGraphHeadline: '' }),
    );
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({
      message: 'Please fill out the required fields to save and schedule.',
      errors: {
        title: ['The email subject is required.'],
        subtitle: ['The preview text is required.'],
        segmentId: ['Choose an audience.'],
        publicationDate: ['Choose a date and time.'],
        // The headline fell back to the (empty) title.
        openGraphHeadline: ['The social card headline is required.'],
      },
    });
    const past = await save(letter, body(letter, { publicationStatus: 2, publicationDate: '2020-01-01 10:00:00' }));
    expect(past.statusCode).toBe(422);
    expect(past.json<{ errors: object }>().errors).toEqual({ publicationDate: ['Choose a date and time in the future.'] });
    // 'Specific emails' needs its list (the letter's settings.specificEmails).
    const specific = await save(letter, body(letter, { publicationStatus: 2, segmentId: 99991 }));
    expect(specific.statusCode).toBe(422);
    expect(specific.json<{ errors: object }>().errors).toEqual({
      specificEmails: ['Add at least one email address for Specific emails.'],
    });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
  });

  it('moves the status only as the transition table allows', async () => {
    const draft = await createLetterAs(t.app, t.editor, t.weekly, READY_TO_SCHEDULE);
    const before = await snapshot(t.db, draft.id!);
    const skip = await save(draft, body(draft, { publicationStatus: 2 }));
    expect(skip.statusCode).toBe(409);
    expect(skip.json()).toEqual({ message: "Sorry, a letter can't go from Draft to Scheduled." });
    expect(await snapshot(t.db, draft.id!)).toEqual(before);

    const toSchedule = await save(draft, body(draft, { publicationStatus: 7 }));
    expect(toSchedule.statusCode).toBe(200);
    expect(toSchedule.json<Letter>().publicationStatus).toBe(7);
  });

  it('refuses letters past the scheduling step, and stale saves from someone else', async () => {
    const scheduled = await createLetterAs(t.app, t.editor, t.weekly, READY_TO_SCHEDULE);
    await setStatus(t.db, scheduled.id!, 2);
    const paused = await save(scheduled, body({ ...scheduled, publicationStatus: 2 }));
    expect(paused.statusCode).toBe(409);
    expect(paused.json()).toEqual({ message: "This letter can't be changed while its status is Scheduled." });

    const letter = await atSchedule();
    await t.db.updateTable('letters').set({ claimant: claimantJson('c-bob', 'Bob'), version: 5 }).where('id', '=', letter.id!).execute();
    const stale = await save(letter, body(letter, { baseVersion: 4 }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: 'Sorry, Bob is currently working on this letter.' });
  });

  it("answers 404 with the spec message for a letter not in that channel", async () => {
    const letter = await atSchedule();
    const company = await channelId(t.db, 'company');
    const response = await t.app.inject({
      method: 'POST',
      url: platformPaths.saveOnScheduling(company, letter.id!),
      headers: t.editor,
      payload: body(letter),
    });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Eep. It doesn’t look like this letter exists.' });
  });

  it("answers a real fault with 500 'Failed to update letter on scheduling.'", async () => {
    const letter = await atSchedule();
    await injectWriteFault(t.db, letter.id!);
    const response = await save(letter, body(letter));
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Failed to update letter on scheduling.' });
    const row = await t.db.selectFrom('letters').select('title').where('id', '=', letter.id!).executeTakeFirstOrThrow();
    expect(row.title).toBe('Start');
    await sql`DELETE FROM test_faulty_letters`.execute(t.db);
  });
});

describe('merge tags at scheduling', () => {
  it("refuses with the spec's message a tag the validate call refuses, naming the block and the tag, and changes nothing", async () => {
    const letter = await createLetterAs(t.app, t.editor, t.weekly, {
      title: 'Start',
      blocks: JSON.stringify([
        { ...newSection('paragraph', 'p-greeting'), delta: { ops: [{ insert: "Hello {{ first_name or 'friend' }}\n" }] } },
        { ...newSection('paragraph', 'p-typo'), delta: { ops: [{ insert: 'Dear {{ frist_name }}\n' }] } },
      ]),
    });
    await setStatus(t.db, letter.id!, 7);
    const before = await snapshot(t.db, letter.id!);
    const response = await save({ ...letter, publicationStatus: 7 }, body({ ...letter, publicationStatus: 7 }, { publicationStatus: 2 }));
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: MERGE_TAG_CHECK_FAILED_MESSAGE,
      errors: {
        'blocks.p-greeting': ["Paragraph: {{ first_name or 'friend' }}: A default must follow a filter, as in {{ first_name | capitalize or 'friend' }}."],
        'blocks.p-typo': ["Paragraph: {{ frist_name }}: Unknown merge tag name 'frist_name'. Did you mean 'first_name'?"],
      },
    });
    expect(await snapshot(t.db, letter.id!)).toEqual(before);
    const test = await t.app.inject({ method: 'POST', url: platformPaths.sendTestEmail(t.weekly.channelId, letter.id!), headers: t.editor, payload: { toEmail: 'me@example.com' } });
    expect(test.statusCode).toBe(422);
    expect(test.json().errors['blocks.p-typo']).toHaveLength(1);
  });
});

describe('UTM values at scheduling (issue 37)', () => {
  async function withUtms(values: string[]): Promise<Letter> {
    const letter = await atSchedule();
    const utms = values.map((value, index) => ({ key: `utm_${index}`, value }));
    await sql`UPDATE letters SET utm_enabled = true, utms = ${JSON.stringify(utms)}::jsonb WHERE id = ${letter.id!}`.execute(t.db);
    return letter;
  }

  it('schedules a letter whose UTM values are plain, a merge tag, or both mixed', async () => {
    const letter = await withUtms(['newsletter', '{{ first_name }}', 'news-{{ first_name }}']);
    const response = await save(letter, body(letter, { publicationStatus: 2 }));
    expect(response.statusCode, response.body).toBe(200);
  });

  it('refuses a mixed value with a misspelt or half-written tag, naming it', async () => {
    const letter = await withUtms(['news-{{ frist_name }}', 'x-{{ first_name']);
    const response = await save(letter, body(letter, { publicationStatus: 2 }));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      utm: ["{{ frist_name }}: Unknown merge tag name 'frist_name'. Did you mean 'first_name'?", "x-{{ first_name: The merge tag is not closed: end it with '}}'."],
    });
  });
});
