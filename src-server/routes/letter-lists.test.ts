import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LetterListResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { CompanyLettersResponseSchema, LetterPageResponseSchema, letterListQueryString } from '../../shared/contract/platform-letters';
import type { Letter } from '../../shared/model/letter';
import { addMembership, createAccount, createChannel } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { BAD_CURSOR_MESSAGE } from '../letters/letter-list-cursor';
import { channelId, createLetterAs, setStatus } from '../testing/letter-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
let editor: Headers;
let weekly: { brand: string; channel: string; channelId: number };
let company: { brand: string; channel: string; channelId: number };
const made: Record<string, Letter> = {};

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weekly = { brand: 'demo', channel: 'weekly', channelId: await channelId(t.db, 'weekly') };
  company = { brand: 'demo', channel: 'company', channelId: await channelId(t.db, 'company') };
  const engaged = (await t.db.selectFrom('segments').select('id').executeTakeFirstOrThrow()).id;
  // Made in this order, so newest-updated-first is d, c, b, a.
  const plan = [
    { key: 'a', title: 'banana', status: 0, segmentId: 0, publicationDate: '2099-03-01 10:00:00' },
    { key: 'b', title: 'Apple', status: 3, segmentId: engaged, publicationDate: null },
    { key: 'c', title: 'cherry', status: 2, segmentId: 99991, publicationDate: '2099-01-01 10:00:00' },
    { key: 'd', title: 'Date', status: 9, segmentId: null, publicationDate: '2099-02-01 10:00:00' },
    { key: 'e', title: 'elder', status: 0, segmentId: null, publicationDate: null },
  ];
  for (const { key, status, ...fields } of plan) {
    made[key] = await createLetterAs(t.app, editor, weekly, { ...fields, uniqueId: `list-${key}` });
    if (status !== 0) await setStatus(t.db, made[key].id!, status);
  }
  await t.app.inject({ method: 'DELETE', url: platformPaths.letter('demo', 'weekly', made.e!.id!), headers: editor });
});
afterAll(async () => {
  await t.close();
});

async function list(query: string) {
  const response = await t.app.inject({ method: 'GET', url: `${platformPaths.channelLetters('weekly')}${query}`, headers: editor });
  expect(response.statusCode, response.body).toBe(200);
  const page = LetterPageResponseSchema.parse(response.json());
  const byId = new Map(Object.entries(made).map(([key, letter]) => [letter.id, key]));
  return { ...page, keys: page.items.map((item) => byId.get(item.id)).join('') };
}

describe('the filtered channel list', () => {
  it('lists every live letter newest updated first by default, with total and page', async () => {
    const page = await list('');
    expect(page.keys).toBe('dcba');
    expect(page).toMatchObject({ total: 4, page: 1, perPage: 25 });
    expect(page.items[0]).toMatchObject({ title: 'Date', publicationStatus: 9, channelSlug: 'weekly', brandSlug: 'demo' });
  });

  it('filters by status (6 = any) and by the templates[] list, together', async () => {
    expect((await list('?status=0')).keys).toBe('a');
    expect((await list('?status=2')).keys).toBe('c');
    expect((await list('?status=6')).keys).toBe('dcba');
    expect((await list(letterListQueryString({ templates: [3, 9] }))).keys).toBe('db');
    expect((await list('?templates[0]=3&templates[1]=10')).keys).toBe('b');
    const both = await list(letterListQueryString({ templates: [3, 9], status: 9 }));
    expect(both.keys).toBe('d');
    expect(both.total).toBe(1);
  });

  it('sorts by title, publication date, audience, uniqueId and updated_at, either way', async () => {
    const sorted = async (sort: string, direction: string) => (await list(`?sort=${sort}&direction=${direction}`)).keys;
    // Case does not decide the order.
    expect(await sorted('title', 'asc')).toBe('bacd');
    expect(await sorted('title', 'desc')).toBe('dcab');
    // Undated letters last, whichever way.
    expect(await sorted('publicationDate', 'asc')).toBe('cdab');
    expect(await sorted('publicationDate', 'desc')).toBe('adcb');
    // All active subscribers, Engaged readers, Specific emails, then no audience.
    expect(await sorted('audience', 'asc')).toBe('abcd');
    expect(await sorted('audience', 'desc')).toBe('cbad');
    expect(await sorted('uniqueId', 'asc')).toBe('abcd');
    expect(await sorted('updated_at', 'asc')).toBe('abcd');
  });

  it('pages without overlap, and answers an empty page past the end', async () => {
    const first = await list('?perPage=3&page=1&sort=uniqueId&direction=asc');
    const second = await list('?perPage=3&page=2&sort=uniqueId&direction=asc');
    const third = await list('?perPage=3&page=3&sort=uniqueId&direction=asc');
    expect([first.keys, second.keys, third.keys]).toEqual(['abc', 'd', '']);
    expect([first.total, second.total, third.total]).toEqual([4, 4, 4]);
    expect(second).toMatchObject({ page: 2, perPage: 3 });
  });

  it('refuses a query it cannot honour with 422', async () => {
    for (const query of ['?sort=bogus', '?direction=sideways', '?status=42', '?perPage=1000', '?page=0', '?templates[]=x']) {
      const response = await t.app.inject({ method: 'GET', url: `${platformPaths.channelLetters('weekly')}${query}`, headers: editor });
      expect(response.statusCode, query).toBe(422);
    }
  });

  it('leaves the brand and channel form of the list as it was', async () => {
    const response = await t.app.inject({ method: 'GET', url: platformPaths.letters('demo', 'weekly'), headers: editor });
    const body = response.json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual(['items']);
    expect(LetterListResponseSchema.parse(body).items.map((item) => item.id)).toEqual(['d', 'c', 'b', 'a'].map((k) => made[k]!.id));
  });
});

describe('include-company-letters', () => {
  const url = (letter: Letter, query = '?channelSlug=weekly') =>
    `${platformPaths.includeCompanyLetters(weekly.channelId, letter.id!)}${query}`;

  it("answers the channel's letters, then the company channel's, without the letter being edited", async () => {
    const companyLetter = await createLetterAs(t.app, editor, company, { title: 'Company news' });
    // Another tenant's company letters never appear.
    const rival = await createAccount(t.db, {
      tenantName: 'Rival',
      brandSlug: 'rival',
      channelSlug: 'daily',
      email: 'owner@rival.test',
      password: 'rival-password',
    });
    const rivalCompany = await createChannel(t.db, { tenantId: rival.tenantId, organizationId: rival.organizationId, slug: 'company', title: 'Rival company' });
    const rivalHeaders = await signIn(t.app, 'owner@rival.test', 'rival-password');
    await createLetterAs(t.app, rivalHeaders, { brand: 'rival', channel: 'company', channelId: rivalCompany.id }, { title: 'Rival news' });

    const response = await t.app.inject({ method: 'GET', url: url(made.a!), headers: editor });
    expect(response.statusCode, response.body).toBe(200);
    const items = CompanyLettersResponseSchema.parse(response.json()).items;
    expect(items.map((item) => item.id)).toEqual([made.d!.id, made.c!.id, made.b!.id, companyLetter.id]);
    expect(items.map((item) => item.channelSlug)).toEqual(['weekly', 'weekly', 'weekly', 'company']);
    expect(response.body).not.toContain('Rival news');
  });

  it('refuses a channelSlug that is not the channel, and a letter that is not in it', async () => {
    const mismatch = await t.app.inject({ method: 'GET', url: url(made.a!, '?channelSlug=company'), headers: editor });
    expect(mismatch.statusCode).toBe(422);
    const deleted = await t.app.inject({ method: 'GET', url: url(made.e!), headers: editor });
    expect(deleted.statusCode).toBe(404);
  });
});

describe('a channel slug that two of the caller’s brands use', () => {
  it('asks which brand is meant, and lists the one named', async () => {
    const other = await createAccount(t.db, {
      tenantName: 'Second',
      brandSlug: 'second',
      channelSlug: 'weekly',
      email: 'owner@second.test',
      password: 'second-password',
    });
    const demoUser = await t.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
    await addMembership(t.db, { userId: demoUser.id, organizationId: other.organizationId, role: 'editor' });
    const ambiguous = await t.app.inject({ method: 'GET', url: platformPaths.channelLetters('weekly'), headers: editor });
    expect(ambiguous.statusCode).toBe(400);
    expect(ambiguous.json()).toEqual({ message: 'Several of your brands have a channel "weekly": name one with ?brand=.' });
    expect((await list('?brand=demo')).keys).toBe('dcba');
    expect((await list('?brand=second')).keys).toBe('');
    // Routes that name a letter need no brand: the letter says which channel it is in.
    const resolved = await t.app.inject({ method: 'GET', url: platformPaths.resolveLetterId('weekly', made.a!.id!), headers: editor });
    expect(resolved.json()).toEqual({ items: { id: made.a!.id, uniqueId: 'list-a' } });
  });
});

describe('keyset pages (cursor)', () => {
  // Runs last: the brand is named because the block above gave the demo user a second
  // "weekly" channel.
  async function liveIds(query: string): Promise<number[]> {
    return (await list(`?brand=demo&perPage=100${query}`)).items.map((item) => item.id!);
  }

  async function walk(query: string, perPage: number, between: (step: number) => Promise<void>) {
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let step = 0; step < 50; step += 1) {
      const page = await list(`?brand=demo&perPage=${perPage}${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      seen.push(...page.items.map((item) => item.id!));
      cursor = page.nextCursor;
      if (cursor === null) return seen;
      await between(step);
    }
    throw new Error('The cursor never ran out');
  }

  it('covers every letter exactly once while letters are added between pages', async () => {
    for (let i = 0; i < 5; i += 1) {
      await createLetterAs(t.app, editor, weekly, { title: `Keyset ${i}`, publicationDate: i % 2 === 0 ? `2099-05-0${i + 1} 10:00:00` : null });
    }
    for (const [query, perPage] of [
      ['', 2],
      ['&sort=updated_at&direction=asc', 3],
      ['&sort=publicationDate&direction=asc', 2],
      ['&sort=audience&direction=desc', 3],
      ['&sort=title&direction=asc', 4],
    ] as const) {
      const before = await liveIds(query);
      let added = 0;
      const seen = await walk(query, perPage, async () => {
        // Newest updated, earliest dated, and undated: before, among and after the cursor.
        const date = added % 2 === 0 ? '2000-01-01 00:00:00' : null;
        await createLetterAs(t.app, editor, weekly, { title: `Added ${query} ${added}`, publicationDate: date });
        added += 1;
      });
      expect(added, query).toBeGreaterThan(1);
      expect(new Set(seen).size, query).toBe(seen.length);
      expect(seen.filter((id) => before.includes(id)), query).toEqual(before);
    }
  });

  it('answers a nextCursor only while letters remain, and keeps page paging working', async () => {
    const all = await liveIds('');
    const last = await list(`?brand=demo&perPage=${all.length}`);
    expect(last.nextCursor).toBeNull();
    const first = await list('?brand=demo&perPage=1');
    expect(first.nextCursor).not.toBeNull();
    const byPage = await list('?brand=demo&perPage=1&page=2');
    const byCursor = await list(`?brand=demo&perPage=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(byCursor.items).toEqual(byPage.items);
    expect(byPage.items[0]!.id).toBe(all[1]);
  });

  it('refuses a cursor it did not make, or made for another order, with 422', async () => {
    const { nextCursor } = await list('?brand=demo&perPage=1');
    const forged = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    for (const query of [
      '&cursor=not-a-cursor',
      `&cursor=${forged({ any: 'thing' })}`,
      `&cursor=${forged(['updated_at', 'desc', '2026-13-45 10:00:00+00', 1])}`,
      `&cursor=${forged(['updated_at', 'desc', null, 1])}`,
      `&cursor=${forged(['publicationDate', 'asc', "1' OR 1=1", 1])}`,
      `&cursor=${encodeURIComponent(nextCursor!)}&direction=asc`,
      `&cursor=${encodeURIComponent(nextCursor!)}&sort=title`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `${platformPaths.channelLetters('weekly')}?brand=demo${query}`, headers: editor });
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toMatchObject({ errors: { cursor: [BAD_CURSOR_MESSAGE] } });
    }
  });
});
