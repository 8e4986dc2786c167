import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueToken } from '../auth/tokens';
import { fillPath, hostileRequest, tableChecksums } from '../testing/hostile-input';
import { createDemoTargets, createWalkedApp, demoParam, pathParamNames, type DemoTargets, type Route } from '../testing/route-walk';

// Every route, found as the app registers it (so new routes are covered without editing
// this file), gets random and hostile input with a valid token. A refusal must be a 4xx
// with a `message` and must leave the letters and audience tables as they were; a 500 is
// a bug. Inputs that happen to be valid may succeed, and the tables are re-read after.

/** LETTERDESK_FUZZ_RUNS raises it for a deeper hunt; the default keeps the file well under a minute. */
const RUNS_PER_ROUTE = Number(process.env.LETTERDESK_FUZZ_RUNS) || 30;

const { t, routes } = await createWalkedApp();

type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
};
const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };

/** The body fields and query names the document gives a route, to aim the input at. */
function documented({ method, url }: Route) {
  const operation = doc.paths[url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')]?.[method.toLowerCase()];
  const body = Object.keys(operation?.requestBody?.content['application/json']?.schema?.properties ?? {});
  const query = (operation?.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
  return { body, query };
}

let fixtures: DemoTargets;
/** A new client address per request, so the sign-in limit does not stand in for validation. */
let requests = 0;
const nextAddress = () => `10.0.${(++requests >> 8) & 255}.${requests & 255}`;

beforeAll(async () => {
  fixtures = await createDemoTargets(t, 'Target');
});
afterAll(async () => {
  await t.close();
});

/** Deletes run last, so the other routes keep finding the letter and segment they aim at. */
const ordered = [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));

describe('hostile input', () => {
  it('reaches every route', () => {
    expect(ordered.length).toBeGreaterThan(20);
  });

  for (const route of ordered) {
    it(`${route.method} ${route.url} refuses hostile input with a 4xx and writes nothing`, async () => {
      const paramNames = pathParamNames(route);
      const arbitrary = hostileRequest(paramNames, (name) => demoParam(route, name, fixtures), documented(route));
      await fc.assert(
        fc.asyncProperty(arbitrary, async (input) => {
          // A fresh token each time: a call may sign itself out (logout) without ending the run.
          const token = await issueToken(t.db, fixtures.userId);
          const before = await tableChecksums(t.db);
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: `${fillPath(route.url, input.params)}${input.query ? `?${input.query}` : ''}`,
            headers: { authorization: `Bearer ${token}`, ...(input.contentType ? { 'content-type': input.contentType } : {}) },
            ...(input.payload === undefined ? {} : { payload: input.payload }),
            remoteAddress: nextAddress(),
          });
          const status = response.statusCode;
          expect(({} as Record<string, unknown>).polluted, 'Object.prototype polluted').toBeUndefined();
          // 502/503 are deliberate answers of calls whose outside service is missing or failing.
          expect(status >= 500 && status !== 502 && status !== 503, `${status} ${response.body.slice(0, 300)}`).toBe(false);
          if (status < 400) return;
          if (String(response.headers['content-type']).startsWith('text/html')) {
            // The public pages (unsubscribe, opt-out) refuse with a page whose heading says why.
            expect(response.body, response.body.slice(0, 300)).toMatch(/<h1>[^<]+<\/h1>/);
          } else {
            const body = JSON.parse(response.body) as { message?: unknown };
            expect(typeof body.message, response.body.slice(0, 300)).toBe('string');
          }
          expect(await tableChecksums(t.db), `${status} ${response.body.slice(0, 200)}`).toEqual(before);
        }),
        { numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
    });
  }
});
