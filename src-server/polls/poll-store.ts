import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { feedbackScaleOptions } from '../../shared/contract/platform-polls';
import type { ParsedPollInput, Poll, PollListQuery, PollListQuerySchema } from '../../shared/contract/platform-polls';
import { PollType } from '../../shared/model/enums';
import type { PollOrigin, PollType as PollTypeValue } from '../../shared/model/enums';
import type { z } from 'zod';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { POLL_MESSAGES } from '../../shared/contract/platform-polls';

// An organization's polls: read, list, write. Every read is scoped by the organization the
// caller was let into, so another brand's poll id names nothing (404).

export type ParsedPollListQuery = z.output<typeof PollListQuerySchema>;
export type { PollListQuery };

function selectPolls(db: Kysely<Database>, includeDeleted = false) {
  const query = db
    .selectFrom('polls')
    .selectAll('polls')
    .select((eb) =>
      eb
        .selectFrom('pollResponses')
        .select(eb.fn.countAll<string>().as('n'))
        .whereRef('pollResponses.pollId', '=', 'polls.id')
        .as('totalResponses'),
    );
  return includeDeleted ? query : query.where('polls.deletedAt', 'is', null);
}

type PollRow = Awaited<ReturnType<ReturnType<typeof selectPolls>['executeTakeFirstOrThrow']>>;

async function optionsOf(db: Kysely<Database>, pollIds: number[]) {
  if (pollIds.length === 0) return new Map<number, Poll['options']>();
  const rows = await db
    .selectFrom('pollOptions')
    .select(['id', 'pollId', 'title', 'isCorrect'])
    .where('pollId', 'in', pollIds)
    .orderBy('pollId')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byPoll = new Map<number, Poll['options']>();
  for (const row of rows) {
    const list = byPoll.get(row.pollId) ?? [];
    list.push({ id: row.id, title: row.title, isCorrect: row.isCorrect });
    byPoll.set(row.pollId, list);
  }
  return byPoll;
}

function toPoll(row: PollRow, options: Poll['options']): Poll {
  return {
    id: row.id,
    title: row.title,
    questionText: row.questionText,
    pollType: row.pollType as PollTypeValue,
    feedbackScale: row.feedbackScale,
    originType: row.originType as PollOrigin,
    originId: row.originId,
    options,
    isAnonymous: row.isAnonymous,
    showResultsOnResponsePage: row.showResultsOnResponsePage,
    confirmationMessage: row.confirmationMessage,
    confirmationMessageCorrect: row.confirmationMessageCorrect,
    confirmationMessageIncorrect: row.confirmationMessageIncorrect,
    createdAt: row.createdAt.toISOString(),
    totalResponses: Number(row.totalResponses ?? 0),
  };
}

async function toPolls(db: Kysely<Database>, rows: PollRow[]): Promise<Poll[]> {
  const options = await optionsOf(db, rows.map((row) => row.id));
  return rows.map((row) => toPoll(row, options.get(row.id) ?? []));
}

/** Any of these organizations' live polls with this id; null names nothing. */
export async function findPoll(db: Kysely<Database>, organizationIds: readonly number[], id: number): Promise<Poll | null> {
  if (organizationIds.length === 0) return null;
  const row = await selectPolls(db).where('polls.id', '=', id).where('polls.organizationId', 'in', [...organizationIds]).executeTakeFirst();
  if (!row) return null;
  return (await toPolls(db, [row]))[0] ?? null;
}

/** These polls of these organizations, deleted ones too (a sent letter's report still shows them). */
export async function pollsWithIds(db: Kysely<Database>, organizationIds: readonly number[], ids: readonly number[]): Promise<Poll[]> {
  if (organizationIds.length === 0 || ids.length === 0) return [];
  const rows = await selectPolls(db, true)
    .where('polls.id', 'in', [...ids])
    .where('polls.organizationId', 'in', [...organizationIds])
    .orderBy('polls.id')
    .execute();
  return toPolls(db, rows);
}

export async function requirePoll(db: Kysely<Database>, organizationIds: readonly number[], id: number): Promise<Poll> {
  const poll = await findPoll(db, organizationIds, id);
  if (!poll) throw notFound(POLL_MESSAGES.notFound);
  return poll;
}

export async function pollOrganization(db: Kysely<Database>, id: number): Promise<number | null> {
  const row = await db.selectFrom('polls').select('organizationId').where('id', '=', id).where('deletedAt', 'is', null).executeTakeFirst();
  return row?.organizationId ?? null;
}

export async function listPolls(
  db: Kysely<Database>,
  organizationIds: readonly number[],
  query: ParsedPollListQuery,
): Promise<{ items: Poll[]; total: number }> {
  if (organizationIds.length === 0) return { items: [], total: 0 };
  let filtered = db.selectFrom('polls').where('polls.deletedAt', 'is', null).where('polls.organizationId', 'in', [...organizationIds]);
  if (query.types.length > 0) filtered = filtered.where('polls.pollType', 'in', query.types);
  if (query.title !== '') {
    const pattern = `%${query.title.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filtered = filtered.where('polls.title', 'ilike', pattern);
  }
  if (query.createdAt) filtered = filtered.where('polls.createdAt', '>=', new Date(`${query.createdAt}T00:00:00Z`));
  if (query.letterId.length > 0) {
    // Polls carried by these letters: in their blocks (as the last status change listed them) or answered in them.
    const ids = query.letterId;
    filtered = filtered.where((eb) =>
      eb.or([
        eb.exists(eb.selectFrom('pollResponses').select('pollId').whereRef('pollResponses.pollId', '=', 'polls.id').where('pollResponses.letterId', 'in', ids)),
        eb.exists(
          eb
            .selectFrom('letters')
            .select('letters.id')
            .where('letters.id', 'in', ids)
            .where(sql<boolean>`letters.poll_ids @> jsonb_build_array(polls.id)`),
        ),
      ]),
    );
  }
  const countRow = await filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const column = query.orderBy === 'title' ? sql`lower(polls.title)` : sql`polls.created_at`;
  const direction = query.orderDirection === 'asc' ? sql`ASC` : sql`DESC`;
  const idRows = await filtered
    .select('polls.id')
    .orderBy(sql`${column} ${direction}`)
    .orderBy(sql`polls.id ${direction}`)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const ids = idRows.map((row) => row.id);
  if (ids.length === 0) return { items: [], total: Number(countRow.n) };
  const rows = await selectPolls(db).where('polls.id', 'in', ids).execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  const ordered = ids.map((id) => byId.get(id)).filter((row): row is PollRow => row !== undefined);
  return { items: await toPolls(db, ordered), total: Number(countRow.n) };
}

/** The options a poll gets: a feedback scale's from its range, others as given. */
function optionsFor(input: ParsedPollInput): ParsedPollInput['options'] {
  if (input.pollType !== PollType.feedbackScale || input.feedbackScale === null) return input.options;
  return feedbackScaleOptions(input.feedbackScale).map((title) => ({ title, isCorrect: false }));
}

function pollColumns(input: ParsedPollInput) {
  return {
    title: input.title,
    questionText: input.questionText,
    pollType: input.pollType,
    feedbackScale: input.pollType === PollType.feedbackScale ? input.feedbackScale : null,
    isAnonymous: input.isAnonymous,
    showResultsOnResponsePage: input.showResultsOnResponsePage,
    confirmationMessage: input.confirmationMessage,
    confirmationMessageCorrect: input.confirmationMessageCorrect,
    confirmationMessageIncorrect: input.confirmationMessageIncorrect,
  };
}

export async function createPoll(db: Db, organizationId: number, userId: number, input: ParsedPollInput): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('polls')
      .values({ organizationId, createdByUserId: userId, originId: organizationId, updatedAt: new Date(), deletedAt: null, ...pollColumns(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const options = optionsFor(input);
    await trx
      .insertInto('pollOptions')
      .values(options.map((option, position) => ({ pollId: id, position, title: option.title, isCorrect: input.pollType === PollType.quiz && option.isCorrect })))
      .execute();
    return id;
  });
}

/**
 * Updates a poll. Once readers have answered it, its type and its set of options are
 * fixed (the answers point at them); the wording may still change.
 */
export async function updatePoll(db: Db, poll: Poll, input: ParsedPollInput): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.selectFrom('polls').select('id').where('id', '=', poll.id).forUpdate().executeTakeFirst();
    const answered = await trx.selectFrom('pollResponses').select('pollId').where('pollId', '=', poll.id).limit(1).executeTakeFirst();
    const wanted = optionsFor(input);
    const feedback = input.pollType === PollType.feedbackScale;
    // A feedback scale's options are its range: the same range keeps the same rows.
    const next = feedback && poll.pollType === PollType.feedbackScale && poll.feedbackScale === input.feedbackScale
      ? poll.options.map((option) => ({ id: option.id, title: option.title, isCorrect: false }))
      : wanted;
    const existingIds = new Set(poll.options.map((option) => option.id));
    const keptIds = next.map((option) => option.id).filter((id): id is number => id !== undefined && existingIds.has(id));
    if (answered) {
      const sameSet = keptIds.length === poll.options.length && next.length === poll.options.length;
      if (input.pollType !== poll.pollType || !sameSet) throw conflict(POLL_MESSAGES.answeredOptions);
    }
    await trx.updateTable('polls').set({ ...pollColumns(input), updatedAt: new Date() }).where('id', '=', poll.id).execute();
    const removed = poll.options.map((option) => option.id).filter((id) => !keptIds.includes(id));
    if (removed.length > 0) await trx.deleteFrom('pollOptions').where('id', 'in', removed).execute();
    for (const [position, option] of next.entries()) {
      const isCorrect = input.pollType === PollType.quiz && option.isCorrect;
      if (option.id !== undefined && existingIds.has(option.id)) {
        await trx.updateTable('pollOptions').set({ position, title: option.title, isCorrect }).where('id', '=', option.id).execute();
      } else {
        await trx.insertInto('pollOptions').values({ pollId: poll.id, position, title: option.title, isCorrect }).execute();
      }
    }
  });
}

/** Deleted polls leave every list and stop taking answers; letters already sent keep their results. */
export async function deletePoll(db: Db, pollId: number): Promise<void> {
  await db.updateTable('polls').set({ deletedAt: new Date() }).where('id', '=', pollId).execute();
}
