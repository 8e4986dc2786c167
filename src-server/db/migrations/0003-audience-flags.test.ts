import { Migrator } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { createChannel, createTenant } from '../accounts';
import { createDb, toJson } from '../database';
import type { Db } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 2 });
});
afterAll(async () => {
  await db.destroy();
  await database.destroy();
});

describe('migration 0003-audience-flags on a database made before it', () => {
  it('restates the old demo criteria, numbers new segments from 100000 and keeps names unique per channel', async () => {
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    const { error } = await migrator.migrateTo('0001-foundation');
    expect(error).toBeUndefined();
    const tenant = await createTenant(db, 'Old');
    // Straight into the table: today's createOrganization also writes tables later migrations add.
    const brand = await db.insertInto('organizations').values({ tenantId: tenant.id, slug: 'old', name: 'Old' }).returning('id').executeTakeFirstOrThrow();
    const channel = await createChannel(db, { tenantId: tenant.id, organizationId: brand.id, slug: 'weekly', title: 'W' });
    const legacy = { status: 'active', openedWithinDays: 30 };
    await db
      .insertInto('segments')
      .values([
        { channelId: channel.id, name: 'Engaged readers', criteria: toJson(legacy) },
        { channelId: channel.id, name: 'Something else', criteria: toJson(legacy) },
      ])
      .execute();

    await migrateToLatest(db);

    const rows = await db.selectFrom('segments').select(['id', 'name', 'criteria']).orderBy('id').execute();
    expect(rows.map((row) => [row.id, row.criteria])).toEqual([
      [1, { match: 'any', conditions: [{ field: 'tag', op: 'has_tag', value: 'engaged' }, { field: 'tag', op: 'has_tag', value: 'vip' }] }],
      [2, legacy],
    ]);
    const next = await db
      .insertInto('segments')
      .values({ channelId: channel.id, name: 'New', criteria: toJson({}) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(next.id).toBe(100000);
    await expect(
      db.insertInto('segments').values({ channelId: channel.id, name: 'NEW', criteria: toJson({}) }).execute(),
    ).rejects.toThrow(/segments_channel_name/);
  });
});
