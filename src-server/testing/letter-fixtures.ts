import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import type { CreateLetterRequest } from '../../shared/contract/platform-api';
import type { Letter } from '../../shared/model/letter';
import { defaultLetterSettings } from '../../shared/model/letter-settings';
import type { Db } from '../db/database';

// Letters for route tests: made through the API (so they are what a client would hold),
// and the rows behind them, for proving that a refused call changed nothing.

export type Headers = { authorization: string };

/** A wall-clock time far enough ahead that no test run reaches it. */
export const FUTURE_DATE = '2099-06-01 09:00:00';

/** The create call's payload exactly as spec 1 §7 lists it: what another client sends (no uniqueId). */
export function specCreatePayload(channelId: number): Omit<CreateLetterRequest, 'uniqueId'> {
  return {
    authors: [{ uniqueId: 'u-1', name: 'Demo', surname: 'Editor', email: 'editor@example.com' }],
    blocks: '[]',
    channelId,
    copyRendered: '',
    delta: { ops: [] },
    emailTemplate: '',
    includePromotions: false,
    openGraphHeadline: '',
    openGraphDescription: '',
    openGraphImageUrl: '',
    private: false,
    publicationDate: null,
    publicationStatus: 0,
    publicationEvent: 0,
    segmentId: null,
    subtitle: '',
    settings: JSON.stringify(defaultLetterSettings()),
    title: '',
  };
}

/** The desktop app's payload: the spec's, with the uniqueId it makes for offline drafts. */
export function createBody(channelId: number, overrides: Partial<CreateLetterRequest> = {}): CreateLetterRequest {
  return { uniqueId: randomUUID(), ...specCreatePayload(channelId), ...overrides };
}

export async function createLetterAs(
  app: FastifyInstance,
  headers: Headers,
  place: { brand: string; channel: string; channelId: number },
  overrides: Partial<CreateLetterRequest> = {},
): Promise<Letter> {
  const response = await app.inject({
    method: 'POST',
    url: platformPaths.letters(place.brand, place.channel),
    headers,
    payload: createBody(place.channelId, overrides),
  });
  expect(response.statusCode, response.body).toBe(201);
  return LetterResponseSchema.parse(response.json());
}

/** Everything a schedule needs: subject, preview text, audience, a future date, a headline. */
export const READY_TO_SCHEDULE: Partial<CreateLetterRequest> = {
  title: 'Ready',
  subtitle: 'A preview',
  segmentId: 0,
  publicationDate: FUTURE_DATE,
  openGraphHeadline: 'A headline',
};

export const claimantJson = (uniqueId: string, name: string) =>
  JSON.stringify({ uniqueId, name, surname: 'X', email: `${name.toLowerCase()}@example.com` });

export async function setStatus(db: Db, letterId: number, status: number): Promise<void> {
  await db.updateTable('letters').set({ publicationStatus: status }).where('id', '=', letterId).execute();
}

/** The letter's row and its revision count: equal before and after means nothing changed. */
export async function snapshot(db: Db, letterId: number) {
  const row = await db.selectFrom('letters').selectAll().where('id', '=', letterId).executeTakeFirstOrThrow();
  const revisions = await db
    .selectFrom('letterRevisions')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('letterId', '=', letterId)
    .executeTakeFirstOrThrow();
  return { row, revisions: Number(revisions.n) };
}

export async function revisionVersions(db: Db, letterId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('letterRevisions')
    .select('version')
    .where('letterId', '=', letterId)
    .orderBy('version')
    .execute();
  return rows.map((row) => row.version);
}

export async function channelId(db: Db, slug: string): Promise<number> {
  const row = await db
    .selectFrom('channels')
    .innerJoin('organizations', 'organizations.id', 'channels.organizationId')
    .select('channels.id')
    .where('channels.slug', '=', slug)
    .where('organizations.slug', '=', 'demo')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes every later write to this letter fail inside PostgreSQL, as a real fault would
 * (a lost connection, a full disk), to check the message a call gives for faults.
 */
export async function injectWriteFault(db: Db, letterId: number): Promise<void> {
  await sql`CREATE TABLE IF NOT EXISTS test_faulty_letters (id integer PRIMARY KEY)`.execute(db);
  await sql`CREATE OR REPLACE FUNCTION test_fail_letter_write() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF EXISTS (SELECT 1 FROM test_faulty_letters WHERE id = NEW.id) THEN RAISE EXCEPTION 'injected fault'; END IF;
      RETURN NEW;
    END $$`.execute(db);
  await sql`DROP TRIGGER IF EXISTS test_fail_letter_write ON letters`.execute(db);
  await sql`CREATE TRIGGER test_fail_letter_write BEFORE UPDATE ON letters
    FOR EACH ROW EXECUTE FUNCTION test_fail_letter_write()`.execute(db);
  await sql`INSERT INTO test_faulty_letters (id) VALUES (${letterId}) ON CONFLICT DO NOTHING`.execute(db);
}
