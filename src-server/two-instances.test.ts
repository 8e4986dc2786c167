import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LetterResponseSchema, platformPaths } from '../shared/contract/platform-api';
import { publicPagePaths } from '../shared/contract/public-pages';
import type { Letter } from '../shared/model/letter';
import { createDb } from './db/database';
import type { Db } from './db/database';
import { migrations } from './db/migrations';
import { DEMO_EMAIL, DEMO_PASSWORD } from './db/seed-demo';
import { LOGIN_ATTEMPTS_PER_MINUTE, TOO_MANY_SIGN_INS_MESSAGE } from './http/login-limit';
import { SIGNUPS_PER_MINUTE } from './routes/public-subscribe';
import { startPlatform } from './start';
import type { PlatformServer } from './start';
import { channelId, claimantJson, createBody } from './testing/letter-fixtures';
import { createTestDatabase } from './testing/test-database';
import type { TestDatabase } from './testing/test-database';
import { TEST_SECRET_KEY } from './testing/test-platform';

// Two platform instances on one database, started together as a deployment would start
// them: both migrate at once, each serves what the other wrote, concurrent autosaves of
// one letter through both lose nothing, and a per-caller limit is one limit between them.

const WRITES_PER_INSTANCE = 15;

let database: TestDatabase;
let db: Db;
let a: PlatformServer;
let b: PlatformServer;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.connectionString, { maxConnections: 2 });
  const start = () => startPlatform({ databaseUrl: database.connectionString, secretKey: TEST_SECRET_KEY, port: 0, seedDemo: true });
  [a, b] = await Promise.all([start(), start()]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  await db?.destroy();
  await database?.destroy();
});

async function call<T>(server: PlatformServer, method: string, path: string, token: string | null, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

async function signInThrough(server: PlatformServer): Promise<string> {
  const response = await call<{ token: string }>(server, 'POST', platformPaths.login(), null, { email: DEMO_EMAIL, password: DEMO_PASSWORD });
  expect(response.status).toBe(200);
  return response.body.token;
}

describe('two instances on one database', () => {
  it('migrated it once between them and seeded it once', async () => {
    const { rows } = await sql<{ name: string }>`SELECT name FROM kysely_migration ORDER BY name`.execute(db);
    expect(rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
    const tenants = await db.selectFrom('tenants').select('id').execute();
    expect(tenants).toHaveLength(1);
  });

  it('honours a token issued by the other, and a sign-out made through the other', async () => {
    const token = await signInThrough(a);
    expect((await call(b, 'GET', platformPaths.me(), token)).status).toBe(200);
    expect((await call(b, 'POST', platformPaths.logout(), token)).status).toBe(204);
    expect((await call(a, 'GET', platformPaths.me(), token)).status).toBe(401);
  });

  it('reads through one what was written through the other', async () => {
    const token = await signInThrough(a);
    const weekly = await channelId(db, 'weekly');
    const created = await call<Letter>(a, 'POST', platformPaths.letters('demo', 'weekly'), token, createBody(weekly, { title: 'From A' }));
    expect(created.status).toBe(201);
    const letter = LetterResponseSchema.parse(created.body);

    const read = await call<Letter>(b, 'GET', platformPaths.letter('demo', 'weekly', letter.id!), token);
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created.body);
    const listed = await call<{ items: Array<{ id: number }> }>(b, 'GET', platformPaths.letters('demo', 'weekly'), token);
    expect(listed.body.items.map((item) => item.id)).toContain(letter.id);
  });

  it('keeps every concurrent autosave of one letter through both: distinct versions, nothing lost', async () => {
    const token = await signInThrough(b);
    const weekly = await channelId(db, 'weekly');
    const created = await call<Letter>(b, 'POST', platformPaths.letters('demo', 'weekly'), token, createBody(weekly, { title: 'Shared' }));
    const letter = LetterResponseSchema.parse(created.body);
    const claimant = claimantJson('editor-1', 'Demo');

    // Every save is based on version 1: stale for all but the first, and accepted because
    // it comes from the same claimant (a retry, or the same editor's other window).
    const saves = Array.from({ length: WRITES_PER_INSTANCE * 2 }, (_, i) => {
      const server = i % 2 === 0 ? a : b;
      const body = { blocks: `[{"n":${i}}]`, title: `Write ${i}`, claimant, uniqueId: letter.uniqueId, publicationStatus: 0, baseVersion: 1 };
      return call<Letter>(server, 'POST', platformPaths.autosave(weekly, letter.id!), token, body).then((answer) => ({ i, ...answer }));
    });
    const answers = await Promise.all(saves);

    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const versions = answers.map((answer) => answer.body.version).sort((x, y) => x - y);
    expect(versions).toEqual(Array.from({ length: answers.length }, (_, i) => i + 2));

    // Each accepted write is the revision of the version it was answered with.
    const revisions = await db
      .selectFrom('letterRevisions')
      .select(['version', 'body'])
      .where('letterId', '=', letter.id!)
      .orderBy('version')
      .execute();
    expect(revisions.map((revision) => revision.version)).toEqual([1, ...versions]);
    for (const answer of answers) {
      const revision = revisions.find((row) => row.version === answer.body.version)!;
      expect((revision.body as { title: string }).title).toBe(`Write ${answer.i}`);
    }
    const stored = await db.selectFrom('letters').select(['version', 'title']).where('id', '=', letter.id!).executeTakeFirstOrThrow();
    const last = answers.find((answer) => answer.body.version === stored.version)!;
    expect(stored).toEqual({ version: 1 + answers.length, title: `Write ${last.i}` });
  });

  it('refuses the eleventh failed sign-in within a minute whichever instance answers, even with the right password', async () => {
    const servers = [a, b];
    const attempt = (server: PlatformServer, password: string) => call<{ message: string }>(server, 'POST', platformPaths.login(), null, { email: DEMO_EMAIL, password });
    for (let i = 0; i < LOGIN_ATTEMPTS_PER_MINUTE; i++) expect((await attempt(servers[i % 2]!, `wrong ${i}`)).status).toBe(401);
    for (const server of servers) {
      const refused = await attempt(server, 'wrong again');
      expect(refused.status).toBe(429);
      expect(refused.body.message).toBe(TOO_MANY_SIGN_INS_MESSAGE);
      expect((await attempt(server, DEMO_PASSWORD)).status).toBe(429);
    }
    await sql`DELETE FROM rate_limit_hits`.execute(db);
    expect((await attempt(b, DEMO_PASSWORD)).status).toBe(200);
  });

  it('counts a burst of wrong guesses spread over both as one limit', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        call(i % 2 ? a : b, 'POST', platformPaths.login(), null, { email: 'burst@example.com', password: `guess ${i}` }).then((answer) => answer.status),
      ),
    );
    expect(guesses.filter((status) => status === 401)).toHaveLength(LOGIN_ATTEMPTS_PER_MINUTE);
    expect(guesses.filter((status) => status === 429)).toHaveLength(30 - LOGIN_ATTEMPTS_PER_MINUTE);
  });

  it('limits public sign-ups from one address across both', async () => {
    const signUp = (server: PlatformServer, email: string) =>
      fetch(`${server.url}${publicPagePaths.subscribe('weekly', 'demo')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email }),
      }).then((response) => response.status);
    for (let i = 0; i < SIGNUPS_PER_MINUTE; i++) expect(await signUp(i % 2 ? a : b, `reader${i}@example.com`)).toBe(200);
    expect(await signUp(a, 'one.more@example.com')).toBe(429);
    expect(await signUp(b, 'one.more@example.com')).toBe(429);
  });
});
