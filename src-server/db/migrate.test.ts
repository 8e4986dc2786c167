import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../testing/test-database';
import type { TestDatabase } from '../testing/test-database';
import { createDb } from './database';
import type { Db } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from './migrations';

let database: TestDatabase;
let first: Db;
let second: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  // Two pools stand for two server instances starting against one database.
  first = createDb(database.connectionString, { maxConnections: 2 });
  second = createDb(database.connectionString, { maxConnections: 2 });
});
afterAll(async () => {
  await first.destroy();
  await second.destroy();
  await database.destroy();
});

describe('migrateToLatest', () => {
  it('runs from two instances at once: one applies each migration, the other finds nothing to do', async () => {
    const results = await Promise.all([migrateToLatest(first), migrateToLatest(second)]);
    const applied = results.flatMap((result) => result.applied).sort();
    expect(applied).toEqual(Object.keys(migrations).sort());

    const tables = await sql<{ tablename: string }>`
      SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`.execute(first);
    expect(tables.rows.map((row) => row.tablename)).toEqual(
      expect.arrayContaining(['tenants', 'organizations', 'channels', 'users', 'api_tokens', 'memberships']),
    );
    expect(tables.rows.map((row) => row.tablename)).toEqual(
      expect.arrayContaining(['subscribers', 'segments', 'letters', 'letter_revisions', 'kysely_migration']),
    );
  });

  it('is a no-op on a current schema and leaves no advisory lock behind', async () => {
    expect(await migrateToLatest(second)).toEqual({ applied: [] });
    const locks = await sql<{ n: string }>`
      SELECT count(*) AS n FROM pg_locks WHERE locktype = 'advisory'`.execute(first);
    expect(Number(locks.rows[0]!.n)).toBe(0);
  });

  it('enforces the foundation constraints', async () => {
    const tenant = await first.insertInto('tenants').values({ name: 'T' }).returning('id').executeTakeFirstOrThrow();
    await expect(
      first.insertInto('organizations').values({ tenantId: tenant.id, slug: 'Not A Slug', name: 'x' }).execute(),
    ).rejects.toThrow(/check constraint/);
    await expect(
      first
        .insertInto('users')
        .values({ uniqueId: 'u', email: 'Upper@Example.com', name: '', surname: '', passwordHash: 'x' })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });
});
