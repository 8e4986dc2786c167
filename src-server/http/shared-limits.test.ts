import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type Db } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { createSharedLimits } from './shared-limits';

// The counts behind every per-caller limit, on a real PostgreSQL, through two pools as two
// instances would hold them.

let database: TestDatabase;
let one: Db;
let two: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  one = createDb(database.connectionString, { maxConnections: 8 });
  two = createDb(database.connectionString, { maxConnections: 8 });
  await migrateToLatest(one);
});
afterAll(async () => {
  await one?.destroy();
  await two?.destroy();
  await database?.destroy();
});

describe('shared limits', () => {
  it('counts parallel hits from two instances one by one', async () => {
    const [a, b] = [createSharedLimits(one), createSharedLimits(two)];
    const counts = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('burst', 60_000)));
    expect(counts.map((count) => count.hits).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    for (const count of counts) expect(count.resetsInMs).toBeGreaterThan(50_000);
    expect((await b.read('burst')).hits).toBe(40);
    await a.giveBack('burst');
    expect((await b.read('burst')).hits).toBe(39);
  });

  it('starts a new window once the last has ended, and reads an ended window as empty', async () => {
    const limits = createSharedLimits(one);
    await limits.hit('short', 50);
    expect((await limits.hit('short', 50)).hits).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await limits.read('short')).toEqual({ hits: 0, resetsInMs: 0 });
    await limits.giveBack('short');
    expect((await limits.hit('short', 60_000)).hits).toBe(1);
  });

  it('never gives back below zero', async () => {
    const limits = createSharedLimits(one);
    await limits.hit('once', 60_000);
    await limits.giveBack('once');
    await limits.giveBack('once');
    expect((await limits.read('once')).hits).toBe(0);
  });

  it('deletes ended windows', async () => {
    await sql`INSERT INTO rate_limit_hits (key, hits, resets_at) VALUES ('long gone', 3, now() - interval '1 hour')`.execute(one);
    // A fresh instance sweeps on its first hit.
    await createSharedLimits(two).hit('anything', 60_000);
    const { rows } = await sql<{ key: string }>`SELECT key FROM rate_limit_hits WHERE key = 'long gone'`.execute(one);
    expect(rows).toEqual([]);
  });
});
