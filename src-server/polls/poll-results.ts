import type { Kysely } from 'kysely';
import { responseRatePercent, sharePercent } from '../../shared/contract/platform-polls';
import type { Poll, PollDetail, PollMetrics, PollOptionResult, PollSummary } from '../../shared/contract/platform-polls';
import { PollType } from '../../shared/model/enums';
import { parseSections } from '../../shared/model/section';
import type { Section } from '../../shared/model/section';
import type { Database } from '../db/schema';

// What readers answered: per option, per letter, and the letter report's poll summaries
// and details (spec 1 §7, §9). Sends are the letter's recipients the mail server took.

/** The poll ids of a letter's poll blocks, layouts' children included. */
export function pollIdsInBlocks(blocks: string): number[] {
  let sections: Section[];
  try {
    sections = parseSections(blocks);
  } catch {
    return [];
  }
  const ids: number[] = [];
  const walk = (list: Section[]) => {
    for (const section of list) {
      if (section.type === 'poll' && typeof section.blockModel.id === 'number') ids.push(section.blockModel.id);
      if (section.blocks) walk(section.blocks);
    }
  };
  walk(sections);
  return ids;
}

/**
 * The polls a letter carries: its poll blocks, the ids its last status change listed, and
 * any answered in its emails (a block removed after sending keeps its results).
 */
export async function letterPollIds(db: Kysely<Database>, letter: { id: number; blocks: string; pollIds: unknown }): Promise<number[]> {
  const listed = Array.isArray(letter.pollIds) ? letter.pollIds.filter((id): id is number => Number.isInteger(id)) : [];
  const answered = await db.selectFrom('pollResponses').select('pollId').distinct().where('letterId', '=', letter.id).execute();
  return [...new Set([...pollIdsInBlocks(letter.blocks), ...listed, ...answered.map((row) => row.pollId)])];
}

export async function letterSends(db: Kysely<Database>, letterId: number): Promise<number> {
  const row = await db
    .selectFrom('letterRecipients')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('letterId', '=', letterId)
    .where('status', '=', 'sent')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface Tally {
  byOption: Map<number, number>;
  total: number;
  last: Date | null;
}

async function tally(db: Kysely<Database>, pollId: number, letterId?: number): Promise<Tally> {
  let query = db
    .selectFrom('pollResponses')
    .select((eb) => ['optionId', eb.fn.countAll<string>().as('n'), eb.fn.max('updatedAt').as('last')])
    .where('pollId', '=', pollId)
    .groupBy('optionId');
  if (letterId !== undefined) query = query.where('letterId', '=', letterId);
  const rows = await query.execute();
  const byOption = new Map(rows.map((row) => [row.optionId, Number(row.n)]));
  const total = rows.reduce((sum, row) => sum + Number(row.n), 0);
  const last = rows.reduce<Date | null>((latest, row) => {
    const at = row.last === null ? null : new Date(row.last as Date | string);
    return at !== null && (latest === null || at > latest) ? at : latest;
  }, null);
  return { byOption, total, last };
}

function optionResults(poll: Poll, counts: Tally): PollOptionResult[] {
  return poll.options.map((option) => {
    const responses = counts.byOption.get(option.id) ?? 0;
    return { ...option, responses, percent: sharePercent(responses, counts.total) };
  });
}

export async function pollMetrics(db: Kysely<Database>, poll: Poll, letterId?: number): Promise<PollMetrics> {
  const counts = await tally(db, poll.id, letterId);
  const options = optionResults(poll, counts);
  const letterRows = await db
    .selectFrom('pollResponses')
    .innerJoin('letters', 'letters.id', 'pollResponses.letterId')
    .select((eb) => ['letters.id', 'letters.uniqueId', 'letters.title', eb.fn.countAll<string>().as('n')])
    .where('pollResponses.pollId', '=', poll.id)
    .$if(letterId !== undefined, (q) => q.where('letters.id', '=', letterId!))
    .groupBy(['letters.id', 'letters.uniqueId', 'letters.title'])
    .orderBy('letters.id')
    .execute();
  const letters = [];
  for (const row of letterRows) {
    letters.push({ letterId: row.id, uniqueId: row.uniqueId, title: row.title, responses: Number(row.n), sends: await letterSends(db, row.id) });
  }
  const totalSends = letterId !== undefined ? await letterSends(db, letterId) : letters.reduce((sum, row) => sum + row.sends, 0);
  const correct = options.filter((option) => option.isCorrect).reduce((sum, option) => sum + option.responses, 0);
  const scoreSum = options.reduce((sum, option) => sum + Number(option.title) * option.responses, 0);
  return {
    pollId: poll.id,
    totalResponses: counts.total,
    totalSends,
    lastResponseDate: counts.last?.toISOString() ?? null,
    responseRatePercent: responseRatePercent(counts.total, totalSends),
    options,
    correctPercent: poll.pollType === PollType.quiz && counts.total > 0 ? sharePercent(correct, counts.total) : null,
    averageScore:
      poll.pollType === PollType.feedbackScale && counts.total > 0 ? Math.round((scoreSum / counts.total) * 10) / 10 : null,
    letters,
  };
}

export async function pollSummary(db: Kysely<Database>, poll: Poll, letterId: number, sends: number): Promise<PollSummary> {
  const counts = await tally(db, poll.id, letterId);
  return { id: poll.id, title: poll.title, pollType: poll.pollType, totalResponses: counts.total, totalSends: sends };
}

export async function pollDetail(db: Kysely<Database>, poll: Poll, letterId: number): Promise<PollDetail> {
  const counts = await tally(db, poll.id, letterId);
  const recipients = await letterSends(db, letterId);
  return {
    id: poll.id,
    title: poll.title,
    pollType: poll.pollType,
    showResultsOnResponsePage: poll.showResultsOnResponsePage,
    questionText: poll.questionText,
    recipients,
    responses: counts.total,
    lastResponseDate: counts.last?.toISOString() ?? null,
    responseRatePercent: responseRatePercent(counts.total, recipients),
    options: optionResults(poll, counts),
  };
}

/** Results over every letter, for the response page. */
export async function pollResultsForPage(db: Kysely<Database>, poll: Poll): Promise<{ options: PollOptionResult[]; total: number }> {
  const counts = await tally(db, poll.id);
  return { options: optionResults(poll, counts), total: counts.total };
}
