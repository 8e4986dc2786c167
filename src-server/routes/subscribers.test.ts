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
      created: 2,
      updated: 1,
      skipped: 0,
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
    expect(again).toMatchObject({ created: 0, updated: 0, skipped: 3 });
    expect(again.errors.map((error) => error.line)).toEqual([5, 6]);

    const changed = await imported('email,first_name,company\nnew1@example.com,Maria,Acme, Inc.\nnew2@example.com,Tom,\n');
    // "Acme, Inc." unquoted is two cells: the row has more values than the header.
    expect(changed.errors).toEqual([{ line: 2, message: 'This row has 4 values but the header names 3 columns.' }]);
    expect(changed).toMatchObject({ created: 0, updated: 0, skipped: 1 });
    expect((await subscriber('new1@example.com'))!.firstName).toBe('Mary');

    const fixed = await imported('email,first_name,company\nnew1@example.com,Maria,"Acme, Inc."\n');
    expect(fixed).toMatchObject({ created: 0, updated: 1, skipped: 0, errors: [] });
    expect((await subscriber('new1@example.com'))!.firstName).toBe('Maria');
  });

  it('never resubscribes an unsubscribed reader, and applies repeated emails in file order', async () => {
    const result = await imported('email,first_name\nkatherine@example.com,Kate\nlater@example.com,First\nLATER@example.com,Second\n');
    expect(result).toMatchObject({ created: 1, updated: 2, skipped: 0 });
    expect(await subscriber('katherine@example.com')).toMatchObject({ firstName: 'Kate', status: 'unsubscribed' });
    expect(await subscriber('later@example.com')).toMatchObject({ firstName: 'Second', status: 'active' });
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
