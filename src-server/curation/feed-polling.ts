import { sql } from 'kysely';
import type { Db } from '../db/database';
import type { FetchGuard } from '../integrations/guarded-fetch';
import { fetchFeed } from './feed-reader';
import type { FeedItem, FetchFeedResult, Validators } from './feed-reader';

// One read of one feed, as the polling job runs it: take the feed's lease (so however many
// instances run the job, one reads a feed at a time), ask conditionally, store new items as
// aggregates (one per article address in the channel: the same article seen again, in
// this feed or another, adds nothing), and set when it is due next, backing off on failure.

/** A feed that answers is read again after this long. */
export const FEED_POLL_INTERVAL_MS = 15 * 60 * 1000;
/** Failures wait twice as long each time, up to this. */
export const FEED_BACKOFF_MAX_MS = 24 * 60 * 60 * 1000;
/** Longer than any read takes (FEED_FETCH_TIMEOUT_MS); a crashed reader's lease runs out. */
const LEASE_SECONDS = 120;
const ITEMS_PER_READ_MAX = 200;

export type PollOutcome = { status: 'busy' | 'missing' | 'not-modified' } | { status: 'read'; added: number } | { status: 'failed'; error: string };

export type FeedFetcher = (url: string, validators: Validators) => Promise<FetchFeedResult>;

export function backoffMs(failures: number): number {
  return Math.min(FEED_POLL_INTERVAL_MS * 2 ** Math.max(0, failures - 1), FEED_BACKOFF_MAX_MS);
}

export async function pollFeed(
  db: Db,
  feedId: number,
  guard: FetchGuard,
  fetcher: FeedFetcher = (url, validators) => fetchFeed(url, guard, validators),
): Promise<PollOutcome> {
  const feed = await db
    .updateTable('feeds')
    .set({ fetchingUntil: sql<Date>`now() + make_interval(secs => ${LEASE_SECONDS})` })
    .where('id', '=', feedId)
    .where((eb) => eb.or([eb('fetchingUntil', 'is', null), eb('fetchingUntil', '<', sql<Date>`now()`)]))
    .returningAll()
    .executeTakeFirst();
  if (!feed) {
    const exists = await db.selectFrom('feeds').select('id').where('id', '=', feedId).executeTakeFirst();
    return { status: exists ? 'busy' : 'missing' };
  }
  try {
    const result = await fetcher(feed.url, { etag: feed.etag, lastModified: feed.lastModified });
    if (result.status === 'not-modified') {
      await finish(db, feedId, { failures: 0, lastError: null, lastFetchedAt: new Date(), nextFetchAt: new Date(Date.now() + FEED_POLL_INTERVAL_MS) });
      return { status: 'not-modified' };
    }
    const added = await storeItems(db, feed.channelId, feed.id, result.feed.items.slice(0, ITEMS_PER_READ_MAX));
    await finish(db, feedId, {
      failures: 0,
      lastError: null,
      lastFetchedAt: new Date(),
      nextFetchAt: new Date(Date.now() + FEED_POLL_INTERVAL_MS),
      etag: result.etag,
      lastModified: result.lastModified,
      ...(feed.title ? {} : { title: result.feed.title }),
    });
    return { status: 'read', added };
  } catch (error) {
    const words = error instanceof Error ? error.message : String(error);
    const failures = feed.failures + 1;
    await finish(db, feedId, { failures, lastError: words.slice(0, 500), nextFetchAt: new Date(Date.now() + backoffMs(failures)) });
    return { status: 'failed', error: words };
  }
}

async function finish(
  db: Db,
  feedId: number,
  values: { failures: number; lastError: string | null; nextFetchAt: Date; lastFetchedAt?: Date; etag?: string | null; lastModified?: string | null; title?: string },
): Promise<void> {
  await db.updateTable('feeds').set({ ...values, fetchingUntil: null }).where('id', '=', feedId).execute();
}

/** Stores the items the channel does not have yet; answers how many were new. */
export async function storeItems(db: Db, channelId: number, feedId: number | null, items: FeedItem[]): Promise<number> {
  let added = 0;
  for (const item of items) {
    await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('aggregates')
        .values({
          channelId,
          feedId,
          title: item.title,
          author: item.author,
          excerpt: item.excerpt,
          content: item.content,
          image: item.image,
          originalUrl: item.originalUrl,
          publicationDate: item.publicationDate,
          siteName: item.siteName,
        })
        .onConflict((oc) => oc.columns(['channelId', 'originalUrl']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return;
      added += 1;
      for (const name of item.categories) {
        const category = await trx
          .insertInto('curationCategories')
          .values({ channelId, name })
          .onConflict((oc) => oc.columns(['channelId', 'name']).doUpdateSet({ name }))
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx.insertInto('aggregateCategories').values({ aggregateId: row.id, categoryId: category.id }).onConflict((oc) => oc.doNothing()).execute();
      }
    });
  }
  return added;
}

/** Feeds due for a read whose lease is free. */
export async function dueFeeds(db: Db, limit = 500): Promise<number[]> {
  const rows = await db
    .selectFrom('feeds')
    .select('id')
    .where('nextFetchAt', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('fetchingUntil', 'is', null), eb('fetchingUntil', '<', sql<Date>`now()`)]))
    .orderBy('nextFetchAt')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}
