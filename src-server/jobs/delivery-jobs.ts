import { sql } from 'kysely';
import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import { IN_DELIVERY_STATUSES } from '../delivery/delivery-status-writes';
import type { EditionJob } from '../delivery/edition-delivery';

// The delivery job's queue on pg-boss: what a send-edition job carries, how one is queued,
// and the sweep that queues what is due or was left half sent.

/** pg-boss keeps its tables in this schema of the platform's database. */
export const JOB_SCHEMA = 'pgboss';
export const SEND_EDITION_QUEUE = 'send-edition';
export const DELIVERY_SWEEP_QUEUE = 'delivery-sweep';
/** Every minute: the finest a cron schedule goes. */
export const DELIVERY_SWEEP_CRON = '* * * * *';

/** Attempts after the first before a send is stopped (the mail server stayed unreachable). */
export const SEND_RETRY_LIMIT = 3;
/** Seconds before the first retry; each next one waits about twice as long (pg-boss backoff). */
export const DEFAULT_SEND_RETRY_DELAY_SECONDS = 30;
/** pg-boss fails a run still active after this long; a run hands over well before (SEND_RUN_MS). */
export const SEND_EXPIRE_SECONDS = 15 * 60;
export const SEND_RUN_MS = 5 * 60 * 1000;

/**
 * Runs a big send is shared between (the first included): each instance's send worker takes
 * one job at a time, so a part beyond the instances there are waits, and finds the send
 * over when it runs (a short transaction). Four covers `npm run cluster`'s three instances.
 */
export const SEND_PARTS = 4;

export const EditionJobSchema = z.object({
  letterId: z.number().int().positive(),
  publicationAt: z.string().datetime(),
  part: z.number().int().min(2).optional(),
});

/** One queued send per letter, instant and part: a paused and rescheduled letter gets another. */
export function sendEditionKey(job: EditionJob): string {
  return `${job.letterId}@${job.publicationAt}${job.part ? `#${job.part}` : ''}`;
}

export function sendOptions(retryDelaySeconds: number): PgBoss.SendOptions {
  return {
    retryLimit: SEND_RETRY_LIMIT,
    // pg-boss's backoff waits at least a second; a delay of 0 (tests) retries at once.
    retryDelay: retryDelaySeconds,
    retryBackoff: retryDelaySeconds > 0,
    expireInSeconds: SEND_EXPIRE_SECONDS,
  };
}

/**
 * Queues a send. The queue's 'short' policy keeps one waiting job per key, so queuing the
 * same letter and instant again while one waits adds nothing; null then.
 */
export async function queueSendEdition(
  boss: PgBoss,
  job: EditionJob,
  startAfter: Date,
  retryDelaySeconds: number,
): Promise<string | null> {
  return boss.send(SEND_EDITION_QUEUE, job, { ...sendOptions(retryDelaySeconds), singletonKey: sendEditionKey(job), startAfter });
}

/** The instant a letter's job is keyed by; a letter in delivery without one (never expected) gets the epoch. */
export function instantOf(publicationAt: Date | null): string {
  return (publicationAt ?? new Date(0)).toISOString();
}

/**
 * Letters that need a run and have none waiting: scheduled and due, or left in publishing or
 * sending (a crash, a restart, a stop mid-send). A job waiting or retrying for the same
 * instant will run anyway, so the sweep adds none beside it; one still marked active may be
 * a run that died, so it does not count (a second run beside a live one only shares the work).
 * An A/B test still waiting for opens needs no run before its wait ends (migration 0010).
 */
export async function lettersNeedingDelivery(db: Db): Promise<EditionJob[]> {
  const { rows } = await sql<{ id: number; publicationAt: Date | null }>`
    SELECT l.id, l.publication_at
    FROM letters l
    WHERE l.deleted_at IS NULL
      AND ((l.publication_status = ${PublicationStatus.scheduled} AND l.publication_at <= now())
        OR l.publication_status IN (${sql.join(IN_DELIVERY_STATUSES)}))
      AND NOT EXISTS (
        SELECT 1 FROM ${sql.table(`${JOB_SCHEMA}.job`)} j
        WHERE j.name = ${SEND_EDITION_QUEUE}
          AND j.state IN ('created', 'retry')
          AND j.data->>'letterId' = l.id::text
          AND (j.data->>'publicationAt')::timestamptz = coalesce(l.publication_at, 'epoch'::timestamptz))
      AND NOT EXISTS (
        SELECT 1 FROM ab_tests a
        WHERE a.letter_id = l.id AND a.winner IS NULL AND a.decide_at > now()
          AND l.publication_status <> ${PublicationStatus.scheduled})
    ORDER BY l.publication_at, l.id`.execute(db);
  return rows.map((row) => ({ letterId: row.id, publicationAt: instantOf(row.publicationAt) }));
}
