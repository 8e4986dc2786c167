import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LetterListResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import { CompanyLettersResponseSchema, LetterPageResponseSchema, letterListQueryString } from '../../shared/contract/platform-letters';
import type { Letter } from '../../shared/model/letter';
import { addMembership, createAccount, createChannel } from '../db/accounts';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
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
