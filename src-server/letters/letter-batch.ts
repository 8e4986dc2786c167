import { sql } from 'kysely';
import { CreateLetterRequestSchema } from '../../shared/contract/platform-api';
import { SyncBatchItemSchema, type SyncBatchItem, type SyncBatchResult } from '../../shared/contract/platform-sync-batch';
import type { Letter } from '../../shared/model/letter';
import type { Db } from '../db/database';
import { channelBySlugs, channelsBySlug, type ChannelAccess } from '../http/access';
import { parseInput } from '../http/validation';
import { refusal, updateLettersTogether, type BatchUpdateItem } from './letter-batch-updates';
import { createLetter } from './letter-writes';

// A sync batch (POST sync/letters/batch): many creates and whole-letter updates in ONE
// transaction. An item refused as its single call would be (4xx) changes nothing and is
// answered with that status and message; the others go on.
// A fault (5xx, a database error) rolls the whole batch back, so a retry finds it unapplied.
// One commit for the batch, not one per letter, is where the time goes (issue 23).

type Outcome = { status: number; letter: Letter };
type CreateItem = Extract<SyncBatchItem, { op: 'create' }>;

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

async function runCreate(trx: Db, access: ReturnType<typeof accessCache>, item: CreateItem, userId: number): Promise<Outcome> {
  const channel = await access.channel(item.brandSlug, item.channelSlug);
  const body = parseInput(CreateLetterRequestSchema, item.letter);
  const { letter, created } = await createLetter(trx, channel, body, userId);
  return { status: created ? 201 : 200, letter };
}

/**
 * Creates first, one by one in the order sent (each under a savepoint: a refused one is
 * rolled back alone), then every update together (letter-batch-updates.ts), in letter-id
 * order, so two batches that touch the same letters lock them in the same order and wait
 * for each other instead of deadlocking. The results come back in the order of the items.
 */
export async function pushLetterBatch(db: Db, userId: number, items: readonly unknown[]): Promise<SyncBatchResult[]> {
  return db.transaction().execute(async (trx) => {
    const access = accessCache(trx, userId);
    const results: SyncBatchResult[] = new Array(items.length);
    const updates: BatchUpdateItem[] = [];
    for (const [index, raw] of items.entries()) {
      let item: SyncBatchItem;
      try {
        item = parseInput(SyncBatchItemSchema, raw);
      } catch (error) {
        results[index] = refusal(error);
        continue;
      }
      if (item.op === 'update') {
        updates.push({ index, channelSlug: item.channelSlug, id: item.id, letter: item.letter });
        continue;
      }
      await sql`savepoint batch_item`.execute(trx);
      try {
        results[index] = await runCreate(trx, access, item, userId);
        await sql`release savepoint batch_item`.execute(trx);
      } catch (error) {
        results[index] = refusal(error);
        await sql`rollback to savepoint batch_item`.execute(trx);
      }
    }
    for (const [index, result] of await updateLettersTogether(trx, access.channelsNamed, updates, userId)) results[index] = result;
    return results;
  });
}
