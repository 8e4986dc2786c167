import { sql } from 'kysely';
import type { Db } from '../db/database';

// What the mail server said about each recipient, written as soon as it said it (issue 39):
// a send's lanes hand every answer here and wait for it to be committed before taking the
// next recipient. Answers that arrive while a write is out go together in the next write
// (one statement, one commit, one run of the report counters' trigger), so the records keep
// up with 8 connections without a commit per email, and an answer is never kept back longer
// than one write. What a killed process can leave unrecorded is therefore only the messages
// in flight on its connections (at most one per lane), never a batch.

export type RecipientAnswer =
  | { subscriberId: number; kind: 'sent'; at: Date }
  | { subscriberId: number; kind: 'refused'; message: string };

export interface RecipientRecorder {
  /** Resolves once the answer is committed. */
  record(answer: RecipientAnswer): Promise<void>;
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

export function createRecipientRecorder(db: Db, letterId: number): RecipientRecorder {
  let queued: Waiting[] = [];
  let writing = false;

  const writeQueued = async () => {
    writing = true;
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
    writing = false;
  };

  return {
    record(answer) {
      return new Promise<void>((resolve, reject) => {
        queued.push({ answer, resolve, reject });
        if (!writing) void writeQueued();
      });
    },
  };
}
