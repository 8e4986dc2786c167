import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelId, createBody } from '../testing/letter-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { NUL_IN_ADDRESS_MESSAGE, NUL_IN_TEXT_MESSAGE, findNul } from './nul-guard';

// Found by the fuzz test: PostgreSQL cannot store U+0000, so a NUL in a slug or a title
// failed in the database as a 500. It is refused before any handler runs.

let t: TestApp;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestApp();
  headers = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('findNul', () => {
  it('answers the dotted path of a string or key holding a NUL, or null', () => {
    expect(findNul({ a: [{ b: 'fine' }, { c: 'no\u0000pe' }] })).toBe('a.1.c');
    expect(findNul({ 'bad\u0000key': 1 })).toBe('');
    expect(findNul('\u0000')).toBe('');
    expect(findNul({ text: 'an escaped \\u0000 is plain text', n: 0, none: null })).toBeNull();
  });

  it('walks nesting deeper than the call stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNul(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('requests with a NUL character', () => {
  it('answers 400 for one in the address', async () => {
    for (const url of ['/api/brands/demo/channels/we%00ekly/letters', '/api/channels/weekly/letters?search=a%00b']) {
      const response = await t.app.inject({ method: 'GET', url, headers });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toEqual({ message: NUL_IN_ADDRESS_MESSAGE });
    }
  });

  it('answers 422 naming the field for one in the body, and stores nothing', async () => {
    const weekly = await channelId(t.db, 'weekly');
    const before = await t.db.selectFrom('letters').select('id').execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/brands/demo/channels/weekly/letters',
      headers,
      payload: createBody(weekly, { title: 'Issue\u00001' }),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The given data was invalid.', errors: { title: [NUL_IN_TEXT_MESSAGE] } });
    expect(await t.db.selectFrom('letters').select('id').execute()).toEqual(before);
  });

  it('skips a CSV import row holding one, naming it, and imports the rest', async () => {
    // The import streams its body, so the guard does not read it: the import checks each row.
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/brands/demo/channels/weekly/subscribers/import',
      headers: { ...headers, 'content-type': 'text/csv' },
      payload: 'email,first_name\nnul@example.com,A\u0000B\nclean-row@example.com,C\n',
    });
    expect(response.statusCode).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({ rows: 2, created: 1, skipped: 1 });
    expect(JSON.stringify(summary)).toContain('This row contains a NUL character.');
  });
});
