import { sql } from 'kysely';
import { CreateLetterRequestSchema } from '../../shared/contract/platform-api';
import { UpdateLetterRequestSchema } from '../../shared/contract/platform-letters';
import { SyncBatchItemSchema, type SyncBatchResult } from '../../shared/contract/platform-sync-batch';
import type { Letter } from '../../shared/model/letter';
import type { Db } from '../db/database';
import { channelBySlugs, channelsBySlug, type ChannelAccess } from '../http/access';
import { HttpError } from '../http/errors';
import { parseInput } from '../http/validation';
import { updateLetter } from './letter-edits';
import { createLetter } from './letter-writes';

// A sync batch (POST sync/letters/batch): many creates and whole-letter updates in ONE
// transaction, each item under a savepoint. An item refused as its single call would be
// (4xx) is rolled back alone and answered with that status and message; the others go on.
// A fault (5xx, a database error) rolls the whole batch back, so a retry finds it unapplied.
// One commit for the batch, not one per letter, is where the time goes (issue 23).

type Outcome = { status: number; letter: Letter };

/** Lookups of the caller's channels, once per batch: a batch is usually one channel's letters. */
function accessCache(trx: Db, userId: number) {
  const bySlugs = new Map<string, Promise<ChannelAccess>>();
  const bySlug = new Map<string, Promise<ChannelAccess[]>>();
  const once = <T>(cache: Map<string, Promise<T>>, key: string, load: () => Promise<T>): Promise<T> => {
    let found = cache.get(key);
    if (!found) {
      found = load();
      // A refusal is kept too (and answered to every item of that channel); never unhandled.
      found.catch(() => {});
      cache.set(key, found);
    }
    return found;
  };
  return {
    channel: (brandSlug: string, channelSlug: string) =>
      once(bySlugs, `${brandSlug}\n${channelSlug}`, () => channelBySlugs(trx, userId, brandSlug, channelSlug)),
    channelsNamed: (channelSlug: string) => once(bySlug, channelSlug, () => channelsBySlug(trx, userId, channelSlug)),
  };
}

async function runItem(trx: Db, access: ReturnType<typeof accessCache>, raw: unknown, userId: number): Promise<Outcome> {
  const item = parseInput(SyncBatchItemSchema, raw);
  if (item.op === 'create') {
    const channel = await access.channel(item.brandSlug, item.channelSlug);
    const body = parseInput(CreateLetterRequestSchema, item.letter);
    const { letter, created } = await createLetter(trx, channel, body, userId);
    return { status: created ? 201 : 200, letter };
  }
  const channels = (await access.channelsNamed(item.channelSlug)).map((found) => found.channel);
  const body = parseInput(UpdateLetterRequestSchema, item.letter);
  return { status: 200, letter: await updateLetter(trx, channels, item.id, body, userId) };
}

/**
 * Updates run in letter-id order (creates first, in the order sent): two batches that
 * touch the same letters lock them in the same order, so they wait for each other instead
 * of deadlocking. The results come back in the order of the items.
 */
function processingOrder(items: readonly unknown[]): number[] {
  const key = (raw: unknown) => {
    const parsed = SyncBatchItemSchema.safeParse(raw);
    return parsed.success && parsed.data.op === 'update' ? parsed.data.id : 0;
  };
  const keys = items.map(key);
  return items.map((_, index) => index).sort((a, b) => keys[a]! - keys[b]! || a - b);
}

export async function pushLetterBatch(db: Db, userId: number, items: readonly unknown[]): Promise<SyncBatchResult[]> {
  return db.transaction().execute(async (trx) => {
    const access = accessCache(trx, userId);
    const results: SyncBatchResult[] = new Array(items.length);
    for (const index of processingOrder(items)) {
      await sql`savepoint batch_item`.execute(trx);
      try {
        results[index] = await runItem(trx, access, items[index], userId);
        await sql`release savepoint batch_item`.execute(trx);
      } catch (error) {
        if (!(error instanceof HttpError) || error.statusCode >= 500) throw error;
        await sql`rollback to savepoint batch_item`.execute(trx);
        results[index] = { status: error.statusCode, error: error.toBody() };
      }
    }
    return results;
  });
}
