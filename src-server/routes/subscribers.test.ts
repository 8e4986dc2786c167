import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SubscriberImportResponseSchema, SubscriberListResponseSchema } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { audienceSnapshot, channelIdOf, createRival } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
let editor: { authorization: string };
let weeklyId: number;
let rival: Rival;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
  rival = await createRival(t);
});
afterAll(async () => {
  await t.close();
});

const importUrl = platformPaths.subscribersImport('demo', 'weekly');

function importCsv(csv: string, headers = editor, as: 'csv' | 'json' = 'csv') {
  return as === 'csv'
    ? t.app.inject({ method: 'POST', url: importUrl, headers: { ...headers, 'content-type': 'text/csv' }, payload: csv })
    : t.app.inject({ method: 'POST', url: importUrl, headers, payload: { csv } });
}

async function imported(csv: string, as: 'csv' | 'json' = 'csv') {
  const response = await importCsv(csv, editor, as);
  expect(response.statusCode, response.body).toBe(200);
  return SubscriberImportResponseSchema.parse(response.json());
}

function subscriber(email: string) {
  return t.db
    .selectFrom('subscribers')
    .select(['email', 'firstName', 'lastName', 'status', 'tags', 'customFields'])
    .where('channelId', '=', weeklyId)
    .where('email', '=', email)
    .executeTakeFirst();
}

// Line 2's row runs over two lines (a quoted line break), so the rows after it start one
// line later than their position in the list.
const firstFile = [
  'email,First Name,last_name,tags,company,notes',
  '"new1@example.com","Mary","O\'Neil","vip; engaged ;VIP","Acme, Inc.","Line one',
  'line two ""quoted"""',
  'NEW2@Example.com,Tom,,,"",',
  'not-an-email,X,,,,',
  ',NoEmail,,,,',
  'ada@example.com,,Byron,newsletter,,',
  '',
].join('\r\n');

describe('CSV import', () => {
  it('creates and updates by email, keeps quoted commas, quotes and line breaks, and reports bad rows by line', async () => {
    expect(await imported(firstFile)).toEqual({
      rows: 5,
      created: 2,
      updated: 1,
      skipped: 2,
      skippedReasons: { invalidEmail: 2, duplicate: 0, unsubscribed: 0, bounced: 0, existing: 0, unchanged: 0, malformed: 0 },
      errors: [
        { line: 5, message: "'not-an-email' is not a valid email address." },
        { line: 6, message: 'The email is missing.' },
      ],
      ignoredColumns: [],
    });
    expect(await subscriber('new1@example.com')).toEqual({
      email: 'new1@example.com',
      firstName: 'Mary',
      lastName: "O'Neil",
      status: 'active',
      tags: ['vip', 'engaged'],
      customFields: { company: 'Acme, Inc.', notes: 'Line one\r\nline two "quoted"' },
    });
    expect(await subscriber('new2@example.com')).toMatchObject({ firstName: 'Tom', customFields: {} });
    // Blank cells keep what was stored; tags are added to the stored ones.
    expect(await subscriber('ada@example.com')).toMatchObject({
      firstName: 'Ada',
      lastName: 'Byron',
      tags: ['vip', 'newsletter'],
      customFields: { source: 'demo' },
    });
    expect(await subscriber('not-an-email')).toBeUndefined();
    const blanks = await t.db.selectFrom('subscribers').select('email').where('email', '=', '').execute();
    expect(blanks).toEqual([]);
  });

  it('skips rows that change nothing when the same file comes again, and updates what changed', async () => {
    const again = await imported(firstFile, 'json');
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 5 });
    expect(again.skippedReasons).toMatchObject({ unchanged: 3, invalidEmail: 2 });
    expect(again.errors.map((error) => error.line)).toEqual([5, 6]);

    const changed = await imported('email,first_name,company\nnew1@example.com,Maria,Acme, Inc.\nnew2@example.com,Tom,\n');
    // "Acme, Inc." unquoted is two cells: the row has more values than the header.
    expect(changed.errors).toEqual([{ line: 2, message: 'This row has 4 values but the header names 3 columns.' }]);
    expect(changed).toMatchObject({ created: 0, updated: 0, skipped: 2 });
    expect(changed.skippedReasons).toMatchObject({ malformed: 1, unchanged: 1 });
    expect((await subscriber('new1@example.com'))!.firstName).toBe('Mary');

    const fixed = await imported('email,first_name,company\nnew1@example.com,Maria,"Acme, Inc."\n');
    expect(fixed).toMatchObject({ created: 0, updated: 1, skipped: 0, errors: [] });
    const another = await imported('email,first_name,plan\nnew2@example.com,Tommy,gold\nfresh@example.com,Fresh,\n');
    expect(another).toMatchObject({ created: 1, updated: 1, skipped: 0 });
    expect(await subscriber('new2@example.com')).toMatchObject({ firstName: 'Tommy', customFields: { plan: 'gold' } });
    expect((await subscriber('new1@example.com'))!.firstName).toBe('Maria');
  });

  it('never resubscribes an unsubscribed or bounced reader, and keeps the first row of a repeated email', async () => {
    const result = await imported(
      'email,first_name\nkatherine@example.com,Kate\nbounce@example.com,B\nlater@example.com,First\nLATER@example.com,Second\n',
    );
    expect(result).toMatchObject({ rows: 4, created: 1, updated: 0, skipped: 3 });
    expect(result.skippedReasons).toMatchObject({ unsubscribed: 1, bounced: 1, duplicate: 1 });
    expect(result.errors).toEqual([
      { line: 2, message: 'katherine@example.com unsubscribed earlier; an import does not subscribe them again.' },
      { line: 3, message: 'bounce@example.com bounced earlier; an import does not subscribe them again.' },
      { line: 5, message: 'later@example.com is already on line 4; the first row counts.' },
    ]);
    expect(await subscriber('katherine@example.com')).toMatchObject({ firstName: 'Katherine', status: 'unsubscribed' });
    expect(await subscriber('bounce@example.com')).toMatchObject({ status: 'bounced' });
    expect(await subscriber('later@example.com')).toMatchObject({ firstName: 'First', status: 'active' });
  });

  it("skips existing subscribers when told to, and maps columns by the caller's choice", async () => {
    const mapping = JSON.stringify({ Mail: 'email', Given: 'first_name', Org: 'custom:company', Junk: 'ignore' });
    const url = `${importUrl}?existing=skip&mapping=${encodeURIComponent(mapping)}`;
    const response = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...editor, 'content-type': 'text/csv' },
      payload: 'Mail,Given,Org,Junk\nnew1@example.com,Changed,X,1\nmapped@example.com,Mapped,Globex,2\n',
    });
    expect(response.statusCode, response.body).toBe(200);
    const result = SubscriberImportResponseSchema.parse(response.json());
    expect(result).toMatchObject({ created: 1, updated: 0, skipped: 1, ignoredColumns: ['Junk'] });
    expect(result.skippedReasons.existing).toBe(1);
    expect((await subscriber('new1@example.com'))!.firstName).toBe('Maria');
    expect(await subscriber('mapped@example.com')).toMatchObject({ firstName: 'Mapped', customFields: { company: 'Globex' } });
  });

  it('refuses a mapping that names a missing column or a bad target, and an unknown existing mode', async () => {
    for (const [query, key] of [
      [`mapping=${encodeURIComponent(JSON.stringify({ Nope: 'email' }))}`, 'csv'],
      [`mapping=${encodeURIComponent(JSON.stringify({ email: 'phone' }))}`, 'mapping.email'],
      ['mapping=%7Bnot-json', 'mapping'],
      ['existing=merge', 'existing'],
    ] as const) {
      const before = await audienceSnapshot(t.db);
      const response = await t.app.inject({
        method: 'POST',
        url: `${importUrl}?${query}`,
        headers: { ...editor, 'content-type': 'text/csv' },
        payload: 'email\nnobody-new@example.com\n',
      });
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors, query).toHaveProperty([key]);
      expect(await audienceSnapshot(t.db)).toEqual(before);
    }
  });

  it('streams a large file in batches and reports progress by import id', async () => {
    const importId = '6f1c1c4e-8d55-4d0b-9d1c-2b7c4a3e1f00';
    const rows = Array.from({ length: 2500 }, (_, i) => `bulk${i}@example.com,Bulk,${i}`);
    const response = await t.app.inject({
      method: 'POST',
      url: `${importUrl}?importId=${importId}`,
      headers: { ...editor, 'content-type': 'text/csv' },
      payload: ['email,first_name,last_name', ...rows, 'bulk7@example.com,Again,7', 'broken'].join('\n'),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(SubscriberImportResponseSchema.parse(response.json())).toMatchObject({
      rows: 2502,
      created: 2500,
      skippedReasons: expect.objectContaining({ duplicate: 1, invalidEmail: 1 }),
    });
    const progress = await t.app.inject({ method: 'GET', url: platformPaths.subscribersImportProgress('demo', 'weekly', importId), headers: editor });
    expect(progress.json()).toEqual({ importId, rowsProcessed: 2502, done: true });
    const again = await t.app.inject({
      method: 'POST',
      url: `${importUrl}?importId=${importId}`,
      headers: { ...editor, 'content-type': 'text/csv' },
      payload: 'email\nx@example.com\n',
    });
    expect(again.statusCode).toBe(409);
    const unknown = await t.app.inject({ method: 'GET', url: platformPaths.subscribersImportProgress('demo', 'weekly', 'nope'), headers: editor });
    expect(unknown.statusCode).toBe(404);
    await t.db.deleteFrom('subscribers').where('email', 'like', 'bulk%@example.com').execute();
  });

  it('rolls back everything when the file breaks after the first batches', async () => {
    const before = await audienceSnapshot(t.db);
    const rows = Array.from({ length: 1500 }, (_, i) => `roll${i}@example.com`);
    const response = await importCsv(['email', ...rows, '"unclosed@example.com', 'x@example.com'].join('\n'));
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('Line 1502: a quoted value starts here and is never closed.');
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });

  it('ignores reserved and unnamed columns and says so', async () => {
    const result = await imported('email,status,,plan\nstatus@example.com,unsubscribed,x,gold\n');
    expect(result.ignoredColumns).toEqual(['status', '(column 3, no name)']);
    expect(await subscriber('status@example.com')).toMatchObject({ status: 'active', customFields: { plan: 'gold' } });
  });

  it.each([
    ['no email column', 'name,tags\nAda,vip\n', "The file has no email column: its first row must name the columns, one of them 'email'."],
    ['an empty file', '', "The file is empty: it needs a header row with an 'email' column."],
    ['an unclosed quote', 'email,first_name\nz@example.com,"Zed\ny@example.com,Why\n', 'Line 2: a quoted value starts here and is never closed.'],
    ['a column named twice', 'email,First Name,first_name\nz@example.com,a,b\n', "The header row names the same column twice: 'First Name' and 'first_name'."],
  ])('refuses %s with a clear message and stores nothing', async (_name, csv, message) => {
    const before = await audienceSnapshot(t.db);
    const response = await importCsv(csv);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message, errors: { csv: [message] } });
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });

  it('refuses a JSON body without csv', async () => {
    const response = await t.app.inject({ method: 'POST', url: importUrl, headers: editor, payload: { text: 'email' } });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('csv');
  });
});

describe('listing subscribers', () => {
  const list = async (query: string) => {
    const response = await t.app.inject({ method: 'GET', url: `${platformPaths.subscribers('demo', 'weekly')}?${query}`, headers: editor });
    expect(response.statusCode, response.body).toBe(200);
    return SubscriberListResponseSchema.parse(response.json());
  };

  it('filters by status and searches email and names in any case', async () => {
    expect((await list('status=unsubscribed')).items.map((s) => s.email)).toEqual(['katherine@example.com']);
    expect((await list('status=bounced')).items.map((s) => s.email)).toEqual(['bounce@example.com']);
    expect((await list('search=HOPPER')).items.map((s) => s.email)).toEqual(['grace@example.com']);
    expect((await list('search=grace hopper')).items.map((s) => s.email)).toEqual(['grace@example.com']);
    expect((await list('search=new')).items.map((s) => s.email)).toEqual(['new1@example.com', 'new2@example.com']);
    expect((await list('search=ada&status=unsubscribed')).items).toEqual([]);
  });

  it('pages in email order with a total', async () => {
    const all = await list('itemsPerPage=1000');
    const second = await list('itemsPerPage=2&page=2');
    expect(second.items.map((s) => s.email)).toEqual(all.items.slice(2, 4).map((s) => s.email));
    expect(second).toMatchObject({ total: all.total, page: 2, itemsPerPage: 2 });
    expect(all.items.map((s) => s.email)).toEqual([...all.items.map((s) => s.email)].sort());
    expect(all.items.find((s) => s.email === 'new1@example.com')!.customFields).toEqual({
      company: 'Acme, Inc.',
      notes: 'Line one\r\nline two "quoted"',
    });
  });

  it('refuses an unknown status', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${platformPaths.subscribers('demo', 'weekly')}?status=gone`, headers: editor });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toHaveProperty('status');
  });
});

describe('one subscriber: add, edit, tags in bulk, unsubscribe, delete, export', () => {
  const url = platformPaths.subscribers('demo', 'weekly');
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, payload?: object) =>
    t.app.inject({ method, url: path, headers: editor, ...(payload ? { payload } : {}) });

  it('adds one, refuses a bad or repeated email, edits, tags in bulk, filters by tags, unsubscribes (with an event) and deletes', async () => {
    const added = await call('POST', url, { email: ' Solo@Example.com ', firstName: 'Solo', tags: ['a', 'A', 'b'] });
    expect(added.statusCode, added.body).toBe(201);
    const solo = added.json();
    expect(solo).toMatchObject({ email: 'solo@example.com', firstName: 'Solo', status: 'active', tags: ['a', 'b'] });
    const repeated = await call('POST', url, { email: 'solo@example.com' });
    expect(repeated.statusCode).toBe(422);
    expect(repeated.json().errors.email).toEqual(['This email is already a subscriber of this channel.']);
    const bad = await call('POST', url, { email: 'nope' });
    expect(bad.json().errors.email).toEqual(['Enter a valid email address.']);

    const edited = await call('PATCH', platformPaths.subscriber('demo', 'weekly', solo.id), { lastName: 'Han', customFields: { plan: 'pro' } });
    expect(edited.json()).toMatchObject({ firstName: 'Solo', lastName: 'Han', customFields: { plan: 'pro' } });

    const grace = (await t.db.selectFrom('subscribers').select('id').where('email', '=', 'grace@example.com').executeTakeFirstOrThrow()).id;
    const tagged = await call('POST', platformPaths.subscribersBulkTags('demo', 'weekly'), { ids: [solo.id, grace], add: ['Bulk'], remove: ['A'] });
    expect(tagged.json()).toEqual({ updated: 2 });
    expect((await subscriber('solo@example.com'))!.tags).toEqual(['b', 'Bulk']);
    const byTag = await call('GET', `${url}?tags[]=bulk`);
    expect(byTag.json().items.map((item: { email: string }) => item.email)).toEqual(['grace@example.com', 'solo@example.com']);

    const events = () => t.db.selectFrom('subscriberEvents').select(['kind']).where('subscriberId', '=', solo.id).execute();
    const before = (await events()).length;
    const left = await call('POST', platformPaths.subscriberUnsubscribe('demo', 'weekly', solo.id));
    expect(left.json().status).toBe('unsubscribed');
    expect((await events()).length).toBe(before + 1);

    const detail = await call('GET', platformPaths.subscriber('demo', 'weekly', solo.id));
    expect(detail.json()).toMatchObject({ email: 'solo@example.com', status: 'unsubscribed', letters: [] });

    const csv = await call('GET', platformPaths.subscribersExport('demo', 'weekly'));
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(lines[0]).toMatch(/^email,first_name,last_name,status,tags,created_at,/);
    expect(lines.find((line) => line.startsWith('solo@example.com,'))).toMatch(/^solo@example.com,Solo,Han,unsubscribed,b; Bulk,/);

    expect((await call('DELETE', platformPaths.subscriber('demo', 'weekly', solo.id))).statusCode).toBe(204);
    expect(await subscriber('solo@example.com')).toBeUndefined();
    expect((await call('GET', platformPaths.subscriber('demo', 'weekly', solo.id))).statusCode).toBe(404);
    await t.db.updateTable('subscribers').set({ tags: sql<string[]>`array_remove(tags, 'Bulk')` }).where('id', '=', grace).execute();
  });

  it("answers 404 for another channel's subscriber and 403 to another tenant", async () => {
    const rivalChannel = rival.account.channelId;
    await t.db.insertInto('subscribers').values({ channelId: rivalChannel, uniqueId: 'rival-sub', email: 'r@rival.test', firstName: '', lastName: '', status: 'active' }).execute();
    const theirs = (await t.db.selectFrom('subscribers').select('id').where('uniqueId', '=', 'rival-sub').executeTakeFirstOrThrow()).id;
    expect((await call('GET', platformPaths.subscriber('demo', 'weekly', theirs))).statusCode).toBe(404);
    expect((await call('DELETE', platformPaths.subscriber('demo', 'weekly', theirs))).statusCode).toBe(404);
    const mine = (await t.db.selectFrom('subscribers').select('id').where('email', '=', 'grace@example.com').executeTakeFirstOrThrow()).id;
    const intrusion = await t.app.inject({ method: 'DELETE', url: platformPaths.subscriber('demo', 'weekly', mine), headers: rival.headers });
    expect(intrusion.statusCode).toBe(403);
    expect(await subscriber('grace@example.com')).toBeDefined();
  });
});

describe('tenancy', () => {
  it("gives another tenant's user 403 on the subscriber calls of brand 'demo', and changes nothing", async () => {
    const before = await audienceSnapshot(t.db);
    const listing = await t.app.inject({ method: 'GET', url: platformPaths.subscribers('demo', 'weekly'), headers: rival.headers });
    const csvImport = await importCsv('email\nintruder@example.com\n', rival.headers);
    const jsonImport = await importCsv('email\nintruder@example.com\n', rival.headers, 'json');
    for (const response of [listing, csvImport, jsonImport]) {
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('@example.com');
    }
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });
});
