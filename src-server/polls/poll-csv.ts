import type { Poll } from '../../shared/contract/platform-polls';
import { PollType } from '../../shared/model/enums';
import type { Db } from '../db/database';
import { CSV_BOM, csvRecord } from '../reports/csv-format';

// A poll's answers as CSV (spec 3 §7 GET …/polls/{id}/metrics/download): one record per
// answer, oldest first. An anonymous poll's file names no reader.

const BATCH = 1000;

export function pollCsvFilename(poll: Poll): string {
  return `poll-${poll.id}-responses.csv`;
}

export async function* pollCsv(db: Db, poll: Poll): AsyncIterable<string> {
  const quiz = poll.pollType === PollType.quiz;
  yield CSV_BOM +
    csvRecord(['letter', 'letter_unique_id', ...(poll.isAnonymous ? [] : ['email']), 'answer', ...(quiz ? ['correct'] : []), 'answered_at']);
  let after: { createdAt: Date; letterId: number; subscriberId: number } | null = null;
  for (;;) {
    let query = db
      .selectFrom('pollResponses')
      .innerJoin('letters', 'letters.id', 'pollResponses.letterId')
      .innerJoin('subscribers', 'subscribers.id', 'pollResponses.subscriberId')
      .innerJoin('pollOptions', 'pollOptions.id', 'pollResponses.optionId')
      .select([
        'pollResponses.createdAt',
        'pollResponses.updatedAt',
        'pollResponses.letterId',
        'pollResponses.subscriberId',
        'letters.title',
        'letters.uniqueId',
        'subscribers.email',
        'pollOptions.title as answer',
        'pollOptions.isCorrect',
      ])
      .where('pollResponses.pollId', '=', poll.id);
    if (after) {
      const a = after;
      query = query.where((eb) =>
        eb(eb.refTuple('pollResponses.createdAt', 'pollResponses.letterId', 'pollResponses.subscriberId'), '>', eb.tuple(a.createdAt, a.letterId, a.subscriberId)),
      );
    }
    const rows = await query
      .orderBy('pollResponses.createdAt')
      .orderBy('pollResponses.letterId')
      .orderBy('pollResponses.subscriberId')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) return;
    yield rows
      .map((row) =>
        csvRecord([
          row.title,
          row.uniqueId,
          ...(poll.isAnonymous ? [] : [row.email]),
          row.answer,
          ...(quiz ? [row.isCorrect] : []),
          row.updatedAt.toISOString(),
        ]),
      )
      .join('');
    const last = rows[rows.length - 1]!;
    after = { createdAt: last.createdAt, letterId: last.letterId, subscriberId: last.subscriberId };
    if (rows.length < BATCH) return;
  }
}
