import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { createDb } from './database';
import type { Db } from './database';
import { migrateToLatest } from './migrate';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from './seed-demo';

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.connectionString);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.destroy();
  await database.destroy();
});

async function counts() {
  const tables = ['tenants', 'organizations', 'channels', 'users', 'memberships', 'subscribers', 'segments'] as const;
  const entries = await Promise.all(
    tables.map(async (table) => {
      const row = await db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(entries);
}

describe('seedDemo', () => {
  it('seeds an empty database once, even when called concurrently, and never again', async () => {
    const results = await Promise.all([seedDemo(db), seedDemo(db), seedDemo(db)]);
    expect(results.filter((result) => result.seeded)).toHaveLength(1);
    const afterFirst = await counts();
    expect(afterFirst).toEqual({
      tenants: 1,
      organizations: 1,
      channels: 2,
      users: 1,
      memberships: 1,
      subscribers: 5,
      segments: 1,
    });
    expect(await seedDemo(db)).toEqual({ seeded: false });
    expect(await counts()).toEqual(afterFirst);
  });

  it('creates the demo owner with a hashed password and the weekly channel', async () => {
    const user = await db.selectFrom('users').selectAll().where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    expect(user.passwordHash).not.toContain(DEMO_PASSWORD);
    expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash)).toBe(true);
    expect(await verifyPassword('wrong', user.passwordHash)).toBe(false);
    const weekly = await db
      .selectFrom('channels')
      .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
      .select(['channels.title', 'channels.timezone', 'channels.esp', 'organizations.slug as brand'])
      .where('channels.slug', '=', 'weekly')
      .executeTakeFirstOrThrow();
    expect(weekly).toEqual({ title: 'The Weekly', timezone: 'America/New_York', esp: 0, brand: 'demo' });
    const membership = await db.selectFrom('memberships').select('role').where('userId', '=', user.id).executeTakeFirstOrThrow();
    expect(membership.role).toBe('owner');
  });
});
