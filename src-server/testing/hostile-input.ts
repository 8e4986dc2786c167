import fc from 'fast-check';
import { sql } from 'kysely';
import type { Db } from '../db/database';

// Random and hostile requests for the fuzz test (routes/hostile-input.test.ts): wrong
// types, huge and odd strings, SQL and HTML fragments, unicode, deep nesting, malformed
// JSON and prototype-pollution keys, shaped by the field names the API documents.

/** Nested 3,000 deep: deeper than anything real, shallow enough for JSON.parse. */
const DEEP = JSON.parse(`${'['.repeat(3000)}1${']'.repeat(3000)}`) as unknown;

export const HOSTILE_TEXT: readonly string[] = [
  '',
  ' ',
  "'; DROP TABLE letters; --",
  "' OR '1'='1",
  '1; SELECT pg_sleep(5)',
  '$1',
  '%',
  '_',
  '\\',
  '"',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '{{constructor.constructor("return process")()}}',
  '../../../etc/passwd',
  '\u0000',
  'nul\u0000inside',
  '%00',
  '\uD800',
  '\u202Egnp.exe',
  '😀👩‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷',
  'ﷺ',
  '\n\r\t',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  '１２３',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'prototype',
  'a'.repeat(100_000),
];

export const HOSTILE_NUMBERS: readonly number[] = [-1, 0, 0.5, -0, 2 ** 31, 2 ** 53 + 2, 1e308, -1e308];
const POLLUTION_KEYS = ['__proto__', 'constructor', 'prototype'];

const hostileString = fc.oneof(fc.constantFrom(...HOSTILE_TEXT), fc.string({ unit: 'binary', maxLength: 40 }));

export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.constantFrom(...HOSTILE_NUMBERS),
    fc.boolean(),
    fc.constant(null),
    fc.constant(DEEP),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...POLLUTION_KEYS), fc.string({ maxLength: 8 })), tie('value'), { maxKeys: 4 }),
  ),
})).value;

export interface HostileRequest {
  params: Record<string, string>;
  query: string;
  contentType: string | undefined;
  payload: string | undefined;
}

/** JSON text of an object, with keys written as given (`__proto__` stays a key). */
function objectText(entries: ReadonlyArray<readonly [string, unknown]>): string {
  return `{${entries.map(([key, value]) => `${JSON.stringify(key)}:${JSON.stringify(value) ?? 'null'}`).join(',')}}`;
}

const MALFORMED_JSON = ['{', '{"a":', 'nul', '[1,2', '\u0000', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"polluted":1}}}'];

function body(fields: readonly string[]): fc.Arbitrary<Pick<HostileRequest, 'contentType' | 'payload'>> {
  const json = (payload: string) => ({ contentType: 'application/json', payload });
  const keys = fc.oneof(fc.constantFrom(...fields, ...POLLUTION_KEYS), fc.string({ maxLength: 10 }));
  return fc.oneof(
    fc.constant({ contentType: undefined, payload: undefined }),
    // The documented fields, some missing, each with a wrong or hostile value.
    fc
      .tuple(fc.subarray([...fields]), fc.array(fc.tuple(keys, hostileValue), { maxLength: 3 }))
      .chain(([named, extra]) =>
        fc.tuple(...named.map((key) => fc.tuple(fc.constant(key), hostileValue))).map((pairs) => json(objectText([...pairs, ...extra]))),
      ),
    hostileValue.map((value) => json(JSON.stringify(value) ?? 'null')),
    fc.constantFrom(...MALFORMED_JSON).map(json),
    fc.tuple(fc.constantFrom('text/plain', 'text/csv', 'application/x-www-form-urlencoded', 'application/xml'), hostileString).map(
      ([contentType, text]) => ({ contentType, payload: `email,first_name\n${text}` }),
    ),
  );
}

function query(names: readonly string[]): fc.Arbitrary<string> {
  const key = fc.oneof(fc.constantFrom(...names, ...POLLUTION_KEYS, 'templates[]', 'page'), fc.string({ maxLength: 8 }));
  return fc.array(fc.tuple(key, hostileString), { maxLength: 5 }).map((pairs) => {
    const search = new URLSearchParams();
    for (const [name, value] of pairs) search.append(name, value);
    return search.toString();
  });
}

/** A request for one route: each path parameter valid (usually) or hostile. */
export function hostileRequest(
  paramNames: readonly string[],
  validParam: (name: string) => string,
  documented: { body: readonly string[]; query: readonly string[] },
): fc.Arbitrary<HostileRequest> {
  const params = fc.tuple(
    ...paramNames.map((name) =>
      fc.oneof({ arbitrary: fc.constant(validParam(name)), weight: 3 }, { arbitrary: hostileString, weight: 1 }).map((value) => [name, value] as const),
    ),
  );
  return fc
    .tuple(params, query(documented.query), body(documented.body))
    .map(([pairs, search, sent]) => ({ params: Object.fromEntries(pairs), query: search, ...sent }));
}

/** Percent-encodes a value; a lone surrogate goes as the bytes UTF-8 forbids for it. */
function encodeSegment(value: string): string {
  return Array.from(value, (char) => (/^[\uD800-\uDFFF]$/.test(char) ? '%ED%A0%80' : encodeURIComponent(char))).join('');
}

/** `/a/:id/b` with `{ id: 'x y' }` → `/a/x%20y/b` */
export function fillPath(url: string, params: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeSegment(params[name] ?? ''));
}

/** One checksum per table the API writes letters and audiences to. */
export async function tableChecksums(db: Db): Promise<Record<string, string>> {
  const tables = ['letters', 'letter_revisions', 'segments', 'subscribers', 'polls', 'poll_options', 'poll_responses'];
  const { rows } = await sql<{ name: string; sum: string }>`
    ${sql.join(
      tables.map(
        (table) => sql`SELECT ${table} AS name, count(*) || ':' || coalesce(md5(string_agg(t::text, '|' ORDER BY t::text)), '') AS sum
          FROM ${sql.table(table)} t`,
      ),
      sql` UNION ALL `,
    )}`.execute(db);
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}
