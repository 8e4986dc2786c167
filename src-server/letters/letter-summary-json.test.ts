import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { LetterResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { LetterSummarySchema } from '../../shared/model/letter';
import type { Letter, LetterSummary } from '../../shared/model/letter';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelId, createLetterAs, setStatus } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The letter lists' JSON is written by PostgreSQL (letter-summary-json.ts) and sent without
// a check on its way out, so this holds each list to LetterSummarySchema, strictly (no key
// more or less), and every item to the same fields of the letter read whole, which
// JavaScript maps from the row (letter-records.ts): the two cannot drift apart unseen.

let t: TestApp;
let editor: Headers;
const letters: Letter[] = [];
const StrictSummary = LetterSummarySchema.strict();

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  const weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  const company = { brand: 'demo', channel: 'company', channelId: await channelId(t.db, 'company') };
  const engaged = (await t.db.selectFrom('segments').select('id').where('channelId', '=', weekly.channelId).executeTakeFirstOrThrow()).id;
  const plan = [
    { title: 'Quotes " and \\ backslash', segmentId: 0, publicationDate: '2099-03-01 10:00:00' },
    { title: 'Ünïcödé — “curly” 🗞️ and a\ttab', segmentId: engaged, publicationDate: null },
    { title: '', segmentId: 99991, publicationDate: '2099-12-31 23:59:59' },
    { title: '<b>markup</b> & more', segmentId: null, publicationDate: null },
  ];
  for (const [i, fields] of plan.entries()) letters.push(await createLetterAs(t.app, editor, weekly, { ...fields, uniqueId: `summary-${i}` }));
  letters.push(await createLetterAs(t.app, editor, company, { title: 'From the company channel', uniqueId: 'summary-company' }));
  await setStatus(t.db, letters[1]!.id!, 3);
  // A stored segment id with no row behind it lists no audience name, as the full letter.
  await t.db.updateTable('letters').set({ segmentId: 424242 }).where('id', '=', letters[3]!.id!).execute();
  // Instants with microseconds, and one at a whole second: the milliseconds must agree.
  await t.db.updateTable('letters').set({ updatedAt: sql<Date>`'2026-11-24 10:11:12.987654+00'` }).where('id', '=', letters[0]!.id!).execute();
  await t.db.updateTable('letters').set({ updatedAt: sql<Date>`'2026-01-02 03:04:05+00'` }).where('id', '=', letters[2]!.id!).execute();
});
afterAll(async () => {
  await t.close();
});

async function get(url: string): Promise<Record<string, unknown>> {
  const response = await t.app.inject({ method: 'GET', url, headers: editor });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  return response.json();
}

/** The summary fields of the letter as the single-letter call answers it. */
async function wholeLetterSummary(item: LetterSummary): Promise<LetterSummary> {
  const letter = LetterResponseSchema.parse(await get(platformPaths.letter(item.brandSlug, item.channelSlug, item.id!)));
  return StrictSummary.parse(Object.fromEntries(Object.keys(StrictSummary.shape).map((key) => [key, letter[key as keyof Letter]])));
}

async function expectSummaries(items: unknown, expectedIds: number[]): Promise<void> {
  const parsed = (items as unknown[]).map((item) => StrictSummary.parse(item));
  expect(parsed.map((item) => item.id).sort()).toEqual([...expectedIds].sort());
  for (const item of parsed) expect(item).toEqual(await wholeLetterSummary(item));
}

describe('letter summaries written by PostgreSQL', () => {
  const weeklyIds = () => letters.slice(0, 4).map((letter) => letter.id!);

  it('match the whole letter in the brand and channel list', async () => {
    const answer = await get(platformPaths.letters('demo', 'weekly'));
    expect(Object.keys(answer)).toEqual(['items']);
    await expectSummaries(answer.items, weeklyIds());
    const first = (answer.items as LetterSummary[]).find((item) => item.id === letters[0]!.id);
    expect(first?.updatedAt).toBe('2026-11-24T10:11:12.987Z');
  });

  it('match the whole letter in the filtered list, whose paging fields stay beside them', async () => {
    const answer = await get(`${platformPaths.channelLetters('weekly')}?perPage=3`);
    expect(answer).toMatchObject({ total: 4, page: 1, perPage: 3 });
    expect(typeof answer.nextCursor).toBe('string');
    expect((answer.items as unknown[]).length).toBe(3);
    await expectSummaries(answer.items, (answer.items as LetterSummary[]).map((item) => item.id!));
    const rest = await get(`${platformPaths.channelLetters('weekly')}?perPage=3&cursor=${encodeURIComponent(answer.nextCursor as string)}`);
    expect(rest.nextCursor).toBeNull();
    const seen = [...(answer.items as LetterSummary[]), ...(rest.items as LetterSummary[])].map((item) => item.id);
    expect(seen.sort()).toEqual(weeklyIds().sort());
  });

  it('match the whole letter in the channel-and-company list, built-in audience names included', async () => {
    const editing = letters[3]!;
    const answer = await get(platformPaths.includeCompanyLetters(editing.channelId!, editing.id!));
    const expected = letters.filter((letter) => letter.id !== editing.id).map((letter) => letter.id!);
    await expectSummaries(answer.items, expected);
    const names = new Map((answer.items as LetterSummary[]).map((item) => [item.id, item.segmentName]));
    expect(names.get(letters[0]!.id!)).toBe('All active subscribers');
    expect(names.get(letters[2]!.id!)).toBe('Specific emails');
    expect(names.get(letters[1]!.id!)).toEqual(expect.any(String));
  });

  it('answer an empty list as an empty array', async () => {
    const { rows } = await sql<{ id: number }>`SELECT id FROM channels WHERE slug = 'weekly'`.execute(t.db);
    await t.db.updateTable('letters').set({ deletedAt: sql<Date>`now()` }).where('channelId', '=', rows[0]!.id).execute();
    expect(await get(platformPaths.letters('demo', 'weekly'))).toEqual({ items: [] });
    expect(await get(platformPaths.channelLetters('weekly'))).toMatchObject({ items: [], total: 0, nextCursor: null });
  });
});
