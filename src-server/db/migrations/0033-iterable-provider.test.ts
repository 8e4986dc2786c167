import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../testing/test-database';
import type { TestDatabase } from '../../testing/test-database';
import { createAccount } from '../accounts';
import { createDb } from '../database';
import type { Db } from '../database';
import { migrateToLatest } from '../migrate';
import { migrations } from './index';

// Migration 0033: organization_integrations takes Iterable keys beside Evvnt tokens, and the
// Iterable send tables come and go; down leaves Evvnt's tokens as they were.

const BEFORE = '0031-template-automations';

let database: TestDatabase;
let db: Db;
let organizationId: number;

const migrator = () => new Migrator({ db, provider: { getMigrations: async () => migrations } });
const insertKind = (kind: string) => sql`INSERT INTO organization_integrations (organization_id, kind, token) VALUES (${organizationId}, ${kind}, 'x')`.execute(db);
const tableExists = async (name: string) => (await sql<{ found: string | null }>`SELECT to_regclass(${name}) AS found`.execute(db)).rows[0]!.found !== null;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 2 });
  await migrateToLatest(db);
  await createAccount(db, { tenantName: 'Mine', brandSlug: 'mine', channelSlug: 'weekly', email: 'me@mine.test', password: 'password-1' });
  organizationId = (await db.selectFrom('organizations').select('id').where('slug', '=', 'mine').executeTakeFirstOrThrow()).id;
});
afterAll(async () => {
  await db?.destroy();
  await database?.destroy();
});

describe('migration 0033', () => {
  it('takes an Iterable key and the send tables; down removes them and keeps Evvnt tokens', async () => {
    await insertKind('evvnt');
    await insertKind('iterable');
    expect(await tableExists('iterable_sends')).toBe(true);
    expect(await tableExists('iterable_event_receipts')).toBe(true);
    await expect(insertKind('mailchimp')).rejects.toThrow(/organization_integrations_kind_check/);

    const down = await migrator().migrateTo(BEFORE);
    expect(down.error).toBeUndefined();
    expect(await tableExists('iterable_sends')).toBe(false);
    const kinds = await sql<{ kind: string }>`SELECT kind FROM organization_integrations WHERE organization_id = ${organizationId}`.execute(db);
    expect(kinds.rows.map((row) => row.kind)).toEqual(['evvnt']);
    await expect(insertKind('iterable')).rejects.toThrow(/organization_integrations_kind_check/);

    const up = await migrator().migrateToLatest();
    expect(up.error).toBeUndefined();
    await insertKind('iterable');
    expect(await tableExists('iterable_sends')).toBe(true);
  });
});
