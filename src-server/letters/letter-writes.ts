import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { CreateLetterFields } from '../../shared/contract/platform-api';
import { LetterSettingsSchema, withDefaultSettings } from '../../shared/model/letter-settings';
import { newDraftLetter } from '../../shared/model/new-letter';
import { LetterSchema, draftTitle } from '../../shared/model/letter';
import type { Letter } from '../../shared/model/letter';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import { inTransaction } from '../db/in-transaction';
import type { Database } from '../db/schema';
import type { ChannelAccess } from '../http/access';
import { toChannel, toUser } from '../routes/auth';
import { conflict, fieldErrorsFromZod, invalidData } from '../http/errors';
import type { FieldErrors } from '../http/errors';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID, findLetter, selectLetters, toLetter } from './letter-records';
import { isRealWallClock } from '../../shared/contract/platform-letters';

// Writing letters. Every write bumps `version` and stores the resulting letter as a
// revision in the same transaction, so nothing written is ever lost (DECISIONS
// "Concurrency").

/** A new letter starts as a draft or a template (DECISIONS: new templates are 3). */
const CREATABLE_STATUSES: readonly number[] = [
  PublicationStatus.draft,
  PublicationStatus.template,
  PublicationStatus.templateDraft,
];

export async function createLetter(
  db: Db,
  access: ChannelAccess,
  request: CreateLetterFields,
  userId: number,
): Promise<{ letter: Letter; created: boolean }> {
  const { channel } = access;
  const errors: FieldErrors = {};
  if (request.channelId !== undefined && request.channelId !== channel.id) addError(errors, 'channelId', 'The channel does not match the address.');
  const settings = parseSettings(request.settings, errors);
  const publicationDate = LetterSchema.shape.publicationDate.safeParse(request.publicationDate);
  if (!publicationDate.success) Object.assign(errors, fieldErrorsFromZod(publicationDate.error, 'publicationDate'));
  else if (publicationDate.data !== null && !isRealWallClock(publicationDate.data)) {
    addError(errors, 'publicationDate', 'This date does not exist.');
  }
  if (!CREATABLE_STATUSES.includes(request.publicationStatus)) {
    addError(errors, 'publicationStatus', 'A new letter starts as a draft or a template.');
  }
  if (!(await segmentBelongsTo(db, request.segmentId, channel.id))) {
    addError(errors, 'segmentId', 'Choose an audience from this channel.');
  }
  if (Object.keys(errors).length > 0 || !settings) throw invalidData(errors);

  const uniqueId = request.uniqueId ?? randomUUID();
  const existing = await existingLetter(db, uniqueId, channel.id);
  if (existing) return { letter: existing, created: false };
  // What the payload leaves out, the letter takes from a new draft's (shared/model/new-letter.ts).
  const draft =
    request.authors === undefined || request.blocks === undefined
      ? newDraftLetter({ uniqueId, channel: toChannel(channel, access.brandSlug), author: await authorOf(db, userId), now: new Date().toISOString() })
      : null;

  const date = publicationDate.data ?? null;
  const letter = await inTransaction(db, async (trx) => {
    const { rows } = await sql<{ id: number }>`
      SELECT nextval(pg_get_serial_sequence('letters', 'id'))::integer AS id`.execute(trx);
    const id = rows[0]!.id;
    const inserted = await trx
      .insertInto('letters')
      .values({
        id,
        uniqueId,
        channelId: channel.id,
        version: 1,
        title: request.title.trim() === '' ? draftTitle(id) : request.title,
        subtitle: request.subtitle,
        subjectB: '',
        hasAbTest: false,
        blocks: request.blocks ?? draft!.blocks,
        delta: toJson(request.delta),
        authors: toJson(request.authors ?? draft!.authors),
        settings: toJson(settings),
        publicationStatus: request.publicationStatus,
        publicationDate: date,
        publicationDateTzCode: channel.timezone,
        publicationAt: date === null ? null : sql<Date>`${date}::timestamp AT TIME ZONE ${channel.timezone}`,
        publicationEvent: request.publicationEvent,
        segmentId: request.segmentId,
        esp: channel.esp,
        emailTemplate: request.emailTemplate,
        copyRendered: request.copyRendered,
        includePromotions: request.includePromotions,
        private: request.private,
        insights: null,
        openGraphHeadline: request.openGraphHeadline,
        openGraphDescription: request.openGraphDescription,
        openGraphImageUrl: request.openGraphImageUrl,
        abTestMetrics: null,
        utmEnabled: settings.utmEnabled,
        utms: toJson(settings.utm),
        automationUniqueId: null,
        updatePreviewText: false,
        claimant: null,
        createdByUserId: userId,
        updatedAt: sql<Date>`now()`,
      })
      .onConflict((oc) => oc.column('uniqueId').doNothing())
      .returning('id')
      .executeTakeFirst();
    // Someone created the same uniqueId meanwhile (a retry racing the first attempt).
    if (!inserted) return null;
    return recordRevision(trx, channel.id, id, userId);
  });
  if (letter) return { letter, created: true };
  const raced = await existingLetter(db, uniqueId, channel.id);
  if (!raced) throw new Error(`Letter ${uniqueId} vanished after a conflicting insert`);
  return { letter: raced, created: false };
}

/** Reads the letter as written and keeps it as the revision of its version. */
/** `userId` null: written by no user (the delivery job). */
export async function recordRevision(trx: Kysely<Database>, channelId: number, letterId: number, userId: number | null) {
  const record = await findLetter(trx, channelId, letterId);
  if (!record) throw new Error(`Letter ${letterId} missing right after its write`);
  return keepRevision(trx, toLetter(record), userId);
}

/** Keeps the letter as just written as the revision of its version. */
export async function keepRevision(trx: Kysely<Database>, letter: Letter, userId: number | null): Promise<Letter> {
  await trx
    .insertInto('letterRevisions')
    .values({ letterId: letter.id!, version: letter.version, body: toJson(letter), userId })
    .execute();
  return letter;
}

async function existingLetter(db: Db, uniqueId: string, channelId: number): Promise<Letter | null> {
  const record = await selectLetters(db).where('letters.uniqueId', '=', uniqueId).executeTakeFirst();
  if (!record) return null;
  // uniqueIds are global; one used in another channel (or tenant) must not be revealed.
  if (record.channelId !== channelId) throw conflict('A letter with this uniqueId already exists.');
  // A deleted letter is not handed back, and its uniqueId is never reused.
  if (record.deletedAt !== null) throw conflict('This letter has been deleted.');
  return toLetter(record);
}

/** The settings given (a JSON string, or an object) over a new letter's; none given, a new letter's. */
function parseSettings(given: string | Record<string, unknown> | undefined, errors: FieldErrors) {
  let value: unknown = given ?? {};
  if (typeof given === 'string') {
    try {
      value = JSON.parse(given);
    } catch {
      addError(errors, 'settings', 'Settings must be a JSON string.');
      return null;
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    addError(errors, 'settings', 'Settings must be a JSON object.');
    return null;
  }
  const parsed = LetterSettingsSchema.safeParse(withDefaultSettings(value as Record<string, unknown>));
  if (parsed.success) return parsed.data;
  Object.assign(errors, fieldErrorsFromZod(parsed.error, 'settings'));
  return null;
}

async function authorOf(db: Db, userId: number) {
  const row = await db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirst();
  return row ? toUser(row) : null;
}

export async function segmentBelongsTo(db: Db, segmentId: number | null, channelId: number): Promise<boolean> {
  if (segmentId === null || segmentId === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID || segmentId === SPECIFIC_EMAILS_SEGMENT_ID) {
    return true;
  }
  const found = await db
    .selectFrom('segments')
    .select('id')
    .where('id', '=', segmentId)
    .where('channelId', '=', channelId)
    .executeTakeFirst();
  return found !== undefined;
}

function addError(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}
