import { sql } from 'kysely';
import type { Db } from '../db/database';

// What the mail server said about each recipient, written right after it said it (issue 39).
// A send's lanes hand every answer here and go on to the next email; answers are written
// together, one statement and one commit (one run of the report counters' trigger) for
// whatever came in the last RECORD_FLUSH_MS, or at once when RECORD_FLUSH_COUNT wait or the
// batch ends. Waiting for each record before the next email cost a third of a send's speed
// (decisions.md). What a killed process can leave unrecorded is therefore the emails in flight
// on its connections and the answers of its last RECORD_FLUSH_MS, never a batch.

export type RecipientAnswer =
  | { subscriberId: number; kind: 'sent'; at: Date }
  | { subscriberId: number; kind: 'refused'; message: string };

export interface RecipientRecorder {
  /** Resolves once the answer is committed. */
  record(answer: RecipientAnswer): Promise<void>;
  /** Writes what waits now: the batch is done, nothing more will join it. */
  flush(): void;
}

interface Waiting {
  answer: RecipientAnswer;
  resolve: () => void;
  reject: (error: unknown) => void;
}

async function writeAnswers(db: Db, letterId: number, answers: RecipientAnswer[]): Promise<void> {
  await sql`
    UPDATE letter_recipients r
    SET status = v.status, sent_at = v.sent_at, error = v.error, claimed_by = NULL, claimed_until = NULL
    FROM unnest(
      ${answers.map((a) => a.subscriberId)}::integer[],
      ${answers.map((a) => a.kind)}::text[],
      ${answers.map((a) => (a.kind === 'sent' ? a.at.toISOString() : null))}::timestamptz[],
      ${answers.map((a) => (a.kind === 'refused' ? a.message : null))}::text[]
    ) AS v(subscriber_id, status, sent_at, error)
    WHERE r.letter_id = ${letterId} AND r.subscriber_id = v.subscriber_id`.execute(db);
}

/** How long an answer may wait to be written with the next ones: one statement for many emails. */
export const RECORD_FLUSH_MS = 20;
/** Answers that make a write at once, without waiting for the flush. */
const RECORD_FLUSH_COUNT = 64;

export function createRecipientRecorder(db: Db, letterId: number): RecipientRecorder {
  let queued: Waiting[] = [];
  let writing: Promise<void> | null = null;
  let timer: NodeJS.Timeout | null = null;

  const writeQueued = async () => {
    while (queued.length > 0) {
      const taken = queued;
      queued = [];
      try {
        await writeAnswers(db, letterId, taken.map((entry) => entry.answer));
        for (const entry of taken) entry.resolve();
      } catch (error) {
        for (const entry of taken) entry.reject(error);
      }
    }
  };
  const flush = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    writing ??= writeQueued().finally(() => {
      writing = null;
    });
  };

  return {
    record(answer) {
      return new Promise<void>((resolve, reject) => {
        queued.push({ answer, resolve, reject });
        if (queued.length >= RECORD_FLUSH_COUNT) flush();
        else timer ??= setTimeout(flush, RECORD_FLUSH_MS);
      });
    },
    flush,
  };
}
