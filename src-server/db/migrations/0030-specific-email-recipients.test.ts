import { randomUUID } from 'node:crypto';
import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertLetter } from '../../testing/audience-fixtures';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { createAccount } from '../accounts';
import { createDb, toJson } from '../database';
import type { Db } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

// Migration 0030: what the old 'Specific emails' send made (active subscribers tagged
// 'Specific emails') becomes recipients when that send is all there is to them, with their
// join taken out of the dashboards' history; anything more and they stay subscribers.

const TAG = 'Specific emails';
const BEFORE = '0028-letter-private-choice';

let database: TestDatabase;
let db: Db;
let channelId: number;
let specificLetter: number;
let segmentLetter: number;

const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });

async function subscriber(email: string, input: { status?: string; tags?: string[]; firstName?: string } = {}): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    INSERT INTO subscribers (channel_id, unique_id, email, first_name, status, tags)
    VALUES (${channelId}, ${randomUUID()}, ${email}, ${input.firstName ?? ''}, ${input.status ?? 'active'}, ${input.tags ?? [TAG]}::text[])
    RETURNING id`.execute(db);
  return rows[0]!.id;
}

async function sent(letterId: number, subscriberId: number, email: string, activity: { opens?: number; clicksAll?: number } = {}) {
  await sql`
    INSERT INTO letter_recipients (letter_id, subscriber_id, email, status, sent_at, opens, clicks_all)
    VALUES (${letterId}, ${subscriberId}, ${email}, 'sent', now(), ${activity.opens ?? 0}, ${activity.clicksAll ?? 0})`.execute(db);
}

const statusOf = async (email: string) =>
  db.selectFrom('subscribers').select(['status', 'tags']).where('channelId', '=', channelId).where('email', '=', email).executeTakeFirstOrThrow();
const days = async () =>
  (
    await sql<{ subscribed: number; unsubscribed: number; net: number }>`
      SELECT coalesce(sum(subscribed), 0)::int AS subscribed, coalesce(sum(unsubscribed), 0)::int AS unsubscribed, coalesce(sum(net), 0)::int AS net
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
  // Back to the schema the old send wrote to, and what it wrote.
  const down = await migrator().migrateTo(BEFORE);
  expect(down.error).toBeUndefined();
  specificLetter = await insertLetter(db, { channelId, status: 1, segmentId: 99991 });
  segmentLetter = await insertLetter(db, { channelId, status: 1, segmentId: 0 });
  await db.updateTable('letters').set({ settings: toJson({ specificEmails: ['made@example.com'] }) }).where('id', '=', specificLetter).execute();
  const made = await subscriber('made@example.com');
  await sent(specificLetter, made, 'made@example.com');
  // The bug's harm: it then got the next 'All active subscribers' letter, and never opened it.
  await sent(segmentLetter, made, 'made@example.com');
  await sent(specificLetter, await subscriber('opened@example.com'), 'opened@example.com', { opens: 1 });
  await sent(specificLetter, await subscriber('clicked@example.com'), 'clicked@example.com', { clicksAll: 1 });
  await sent(specificLetter, await subscriber('named@example.com', { firstName: 'Ann' }), 'named@example.com');
  await sent(specificLetter, await subscriber('tagged-more@example.com', { tags: [TAG, 'vip'] }), 'tagged-more@example.com');
  await sent(specificLetter, await subscriber('left@example.com', { status: 'unsubscribed' }), 'left@example.com');
  // Tagged by hand, never sent a 'Specific emails' letter.
  await subscriber('hand-tagged@example.com');
  await subscriber('plain@example.com', { tags: [] });
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await database.destroy();
});

describe("migration 0030: 'Specific emails' recipients", () => {
  it('turns an address the old send subscribed, and nothing more, into a recipient without the tag', async () => {
    expect(await statusOf('made@example.com')).toEqual({ status: 'recipient', tags: [] });
  });

  it('keeps as subscribers those who opened, clicked, were named, tagged otherwise or tagged by hand', async () => {
    for (const email of ['opened', 'clicked', 'named', 'hand-tagged'].map((name) => `${name}@example.com`)) {
      expect(await statusOf(email), email).toEqual({ status: 'active', tags: [TAG] });
    }
    expect(await statusOf('tagged-more@example.com')).toEqual({ status: 'active', tags: [TAG, 'vip'] });
    expect(await statusOf('plain@example.com')).toEqual({ status: 'active', tags: [] });
    // Out already: an unsubscribe is the channel's suppression, kept as it is.
    expect(await statusOf('left@example.com')).toEqual({ status: 'unsubscribed', tags: [TAG] });
  });

  it("takes the recipient's join out of the dashboards' history, so the days add up to the active subscribers", async () => {
    const now = await days();
    expect(now.net).toBe(await activeNow());
    expect(now.subscribed).toBe(await activeNow());
    const madeId = (await db.selectFrom('subscribers').select('id').where('email', '=', 'made@example.com').executeTakeFirstOrThrow()).id;
    expect(await db.selectFrom('subscriberEvents').select('id').where('subscriberId', '=', madeId).execute()).toEqual([]);
    // What it was sent stays: the letters' reports are unchanged.
    expect(await db.selectFrom('letterRecipients').select('letterId').where('subscriberId', '=', madeId).orderBy('letterId').execute()).toHaveLength(2);
  });

  it('counts a recipient that subscribes as a join, and one that unsubscribes or bounces as nothing', async () => {
    const before = await days();
    await subscriber('joins@example.com', { status: 'recipient', tags: [] });
    await subscriber('leaves@example.com', { status: 'recipient', tags: [] });
    await subscriber('bounces@example.com', { status: 'recipient', tags: [] });
    await db.updateTable('subscribers').set({ status: 'active' }).where('email', '=', 'joins@example.com').execute();
    await db.updateTable('subscribers').set({ status: 'unsubscribed' }).where('email', '=', 'leaves@example.com').execute();
    await db.updateTable('subscribers').set({ status: 'bounced' }).where('email', '=', 'bounces@example.com').execute();
    const after = await days();
    expect(after.subscribed - before.subscribed).toBe(1);
    expect(after.unsubscribed - before.unsubscribed).toBe(0);
    expect(after.net).toBe(await activeNow());
  });

  it('goes down by making recipients unsubscribed, so nobody is mailed who was not before', async () => {
    await subscriber('still-recipient@example.com', { status: 'recipient', tags: [] });
    const down = await migrator().migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    expect((await statusOf('still-recipient@example.com')).status).toBe('unsubscribed');
    expect((await statusOf('made@example.com')).status).toBe('unsubscribed');
    await expect(sql`UPDATE subscribers SET status = 'recipient' WHERE email = 'plain@example.com'`.execute(db)).rejects.toThrow(/subscribers_status_check/);
    await migrateToLatest(db);
  });
});
