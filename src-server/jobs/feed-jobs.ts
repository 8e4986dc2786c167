import type PgBoss from 'pg-boss';
import { z } from 'zod';
import { dueFeeds, pollFeed } from '../curation/feed-polling';
import type { Db } from '../db/database';
import type { FetchGuard } from '../integrations/guarded-fetch';

// The feed polling queues on pg-boss: a sweep every minute queues a read of each feed that
// is due, one waiting job per feed (the queue's 'short' policy and the feed's key), and
// pollFeed's lease keeps two instances from reading one feed at once even so.

export const POLL_FEED_QUEUE = 'poll-feed';
export const FEED_SWEEP_QUEUE = 'feed-sweep';
export const FEED_SWEEP_CRON = '* * * * *';
const FeedJobSchema = z.object({ feedId: z.number().int().positive() });

export async function createFeedQueues(boss: PgBoss): Promise<void> {
  await boss.createQueue(POLL_FEED_QUEUE, { name: POLL_FEED_QUEUE, policy: 'short' });
  await boss.createQueue(FEED_SWEEP_QUEUE, { name: FEED_SWEEP_QUEUE, policy: 'short' });
}

export async function queueFeedRead(boss: PgBoss, feedId: number): Promise<string | null> {
  // A failed read is not retried by pg-boss: the feed's own backoff decides its next read.
  return boss.send(POLL_FEED_QUEUE, { feedId }, { singletonKey: `feed-${feedId}`, retryLimit: 0, expireInSeconds: 5 * 60 });
}

export async function sweepFeeds(db: Db, boss: PgBoss): Promise<number> {
  const due = await dueFeeds(db);
  for (const feedId of due) await queueFeedRead(boss, feedId);
  return due.length;
}

/** Starts the feed workers; answers the read worker's id (to wake it when a feed is added). */
export async function startFeedWorkers(
  db: Db,
  boss: PgBoss,
  pollingIntervalSeconds: number,
  warn: (message: string, error?: unknown) => void,
  guard: FetchGuard,
): Promise<string> {
  const worker = await boss.work(POLL_FEED_QUEUE, { pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
    if (!job) return undefined;
    const { feedId } = FeedJobSchema.parse(job.data);
    const outcome = await pollFeed(db, feedId, guard);
    if (outcome.status === 'failed') warn(`Feed ${feedId} could not be read: ${outcome.error}`);
    return outcome;
  });
  await boss.work(FEED_SWEEP_QUEUE, { pollingIntervalSeconds: Math.max(pollingIntervalSeconds, 1), batchSize: 1 }, async () => ({
    queued: await sweepFeeds(db, boss),
  }));
  await boss.schedule(FEED_SWEEP_QUEUE, FEED_SWEEP_CRON);
  await sweepFeeds(db, boss);
  return worker;
}
