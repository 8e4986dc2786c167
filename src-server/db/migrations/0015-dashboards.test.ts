import { sql } from 'kysely';
import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertSubscriber } from '../../testing/audience-fixtures';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { createAccount } from '../accounts';
import { createDb } from '../database';
import type { Db } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

// Migration 0015: the subscriber history its triggers keep, and its backfill from the rows.

let database: TestDatabase;
let db: Db;
let channelId: number;

const days = async () =>
  (
    await sql<{ subscribed: number; unsubscribed: number; bounced: number; net: number }>`
      SELECT sum(subscribed)::int AS subscribed, sum(unsubscribed)::int AS unsubscribed, sum(bounced)::int AS bounced, sum(net)::int AS net
      FROM subscriber_days WHERE channel_id = ${channelId}`.execute(db)
  ).rows[0]!;
const activeNow = async () =>
  Number((await sql<{ n: string }>`SELECT count(*) AS n FROM subscribers WHERE channel_id = ${channelId} AND status = 'active'`.execute(db)).rows[0]!.n);

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 2 });
  await migrateToLatest(db);
  await createAccount(db, { tenantName: 'Mine', brandSlug: 'mine', channelSlug: 'weekly', email: 'me@mine.test', password: 'password-1' });
  channelId = (await db.selectFrom('channels').select('id').where('slug', '=', 'weekly').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await db.destroy();
  await database.destroy();
});

describe('subscriber history', () => {
  it('counts joins and leaves from any write, and the active count never goes twice for one reader', async () => {
    const start = await days();
    for (const name of ['ann', 'ben', 'cat']) await insertSubscriber(db, { channelId, email: `${name}@example.com` });
    await insertSubscriber(db, { channelId, email: 'imported@example.com', status: 'unsubscribed' });
    await db.updateTable('subscribers').set({ status: 'unsubscribed' }).where('email', '=', 'ann@example.com').execute();
    // Bounced after unsubscribing: a bounce, but she was already not active.
    await db.updateTable('subscribers').set({ status: 'bounced' }).where('email', '=', 'ann@example.com').execute();
    await db.deleteFrom('subscribers').where('email', '=', 'ben@example.com').execute();
    const now = await days();
    expect(now.subscribed - (start.subscribed ?? 0)).toBe(3);
    expect(now.unsubscribed - (start.unsubscribed ?? 0)).toBe(1);
    expect(now.bounced - (start.bounced ?? 0)).toBe(1);
    expect(now.net).toBe(await activeNow());
  });

  it('backfills from the rows when migrated up again', async () => {
    await db.updateTable('subscribers').set({ status: 'unsubscribed', unsubscribedByLinkAt: new Date() }).where('email', '=', 'cat@example.com').execute();
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const down = await migrator.migrateTo('0012-report-rollups');
    expect(down.error).toBeUndefined();
    await migrateToLatest(db);
    const after = await days();
    // Active readers joined; cat joined and left by the link; ann and the import are not known.
    expect(after.net).toBe(await activeNow());
    expect(after.unsubscribed).toBe(1);
    expect(after.bounced).toBe(0);
    expect(after.subscribed).toBe((await activeNow()) + 1);
  });

  it('goes with its channel when the organization is deleted', async () => {
    await db.deleteFrom('organizations').where('slug', '=', 'mine').execute();
    const left = await sql<{ n: string }>`SELECT (SELECT count(*) FROM subscriber_events) + (SELECT count(*) FROM subscriber_days) AS n`.execute(db);
    expect(Number(left.rows[0]!.n)).toBe(0);
  });
});
