import type PgBoss from 'pg-boss';
import type { Db } from '../db/database';
import { thinRevisions } from '../letters/revision-retention';

// Old letter revisions are thinned once an hour (issue 35, letters/revision-retention.ts):
// one pg-boss queue with the 'short' policy, so however many instances run, one thinning
// waits at a time.

export const THIN_REVISIONS_QUEUE = 'thin-revisions';
export const THIN_REVISIONS_CRON = '23 * * * *';

/** Called with the job runner's other queues, under its queue-creation lock. */
export async function createRevisionThinningQueue(boss: PgBoss): Promise<void> {
  await boss.createQueue(THIN_REVISIONS_QUEUE, { name: THIN_REVISIONS_QUEUE, policy: 'short' });
}

export async function startRevisionThinning(
  db: Db,
  boss: PgBoss,
  options: { pollingIntervalSeconds: number; retentionDays: number | undefined; clock: () => Date },
): Promise<void> {
  await boss.work(THIN_REVISIONS_QUEUE, { pollingIntervalSeconds: Math.max(options.pollingIntervalSeconds, 1), batchSize: 1 }, async () => ({
    removed: await thinRevisions(db, options.clock(), options.retentionDays),
  }));
  await boss.schedule(THIN_REVISIONS_QUEUE, THIN_REVISIONS_CRON);
}
