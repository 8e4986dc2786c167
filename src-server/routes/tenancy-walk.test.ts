import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRival, type Rival } from '../testing/audience-fixtures';
import { fillPath, tableChecksums } from '../testing/hostile-input';
import { createDemoTargets, createWalkedApp, demoParam, pathParamNames, type DemoTargets, type Route } from '../testing/route-walk';

// Tenancy on every route: each route the app registers (found as it registers them, so a
// new route is walked without editing this file) is called by another tenant's owner with
// the demo tenant's brand, channel, letter and segment ids. Each must answer 403 or 404
// and change nothing.

const { t, routes } = await createWalkedApp();

/** Routes that name no tenant's data: they answer the caller about themselves, or the public. */
const NOT_TENANT_SCOPED = new Set([
  'GET /api/health',
  // Whether this instance's database and storage answer, for a load balancer (own test: health.test.ts).
  'GET /api/health/ready',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/me',
  'GET /api/sync/changes',
  // Like the letter feed: the caller's own brands' events, whoever asks (delivery-events.test.ts).
  'GET /api/sync/delivery-events',
  'GET /api/local-mailbox',
  // Whether the platform has an AI service: the same answer for everyone.
  'GET /api/autopilot/status',
  // The caller's own letters across their organizations (own test: dashboards.test.ts shows a
  // rival's answer holds none of the demo's).
  'GET /api/letters/metrics',
  // Answers 200 with one result per item; each item is refused 403/404 as its single call
  // would be, changing nothing (own test: sync-batch.test.ts, a rival's batch on demo ids).
  'POST /api/sync/letters/batch',
  // An embedded dashboard of the caller's own organizations; naming another's is 403 (own
  // test: embedded-dashboards.test.ts shows a rival's page holds none of the demo's letters).
  'POST /api/audience/metrics',
  'GET /api/docs/json',
  // A preview of any public page, and the caller's own markup judged (own tests:
  // link-previews.test.ts; html-validation.test.ts shows a named rival brand is 403).
  'GET /api/v2/curations/crawl',
  'POST /api/contents/validate/html',
  'GET /media/:key',
  // Reached by the secret subscriber id in an email's link, whoever holds it (own tests:
  // public-unsubscribe.test.ts, public-opt-out.test.ts).
  'GET /unsubscribe/:channelSlug/:uniqueId',
  'GET /unsubscribe/*',
  'POST /unsubscribe/*',
  'GET /opt-out/*',
  'POST /opt-out/*',
  'POST /unsubscribe/:channelSlug/:uniqueId',
  'POST /unsubscribe/:channelSlug/:uniqueId/undo',
  'GET /opt-out/:channelSlug/:uniqueId',
  'POST /opt-out/:channelSlug/:uniqueId',
  'POST /opt-out/:channelSlug/:uniqueId/undo',
  // A test email's reader links: the same page for everyone, recording nothing (own test: promotion-ads-delivery.test.ts).
  'GET /test-email',
  'POST /test-email',
  // A letter's public page's reader links: the same page for everyone, naming no one (own test: sent-letter-copy.test.ts).
  'GET /polls/by-email',
  'GET /unsubscribe/by-email',
  // Reached by the secret tracking token in an email's pixel and links (own tests: tracking.test.ts).
  'GET /t/o/:file',
  'GET /t/o/*',
  'GET /t/c/:token/:position',
  'GET /t/*',
  'POST /t/*',
  // Reached by the recipient token in a poll option's link (own tests: public-polls.test.ts).
  'GET /polls/:id/respond',
  'POST /polls/:id/respond',
  'GET /polls/*',
  'POST /polls/*',
  // Reads the address it is given and answers whether it is a feed (own tests: curation.test.ts).
  'POST /api/v2/rss/validate',
]);

let demo: DemoTargets;
let rival: Rival;

beforeAll(async () => {
  demo = await createDemoTargets(t, 'Demo only');
  rival = await createRival(t);
});
afterAll(async () => {
  await t.close();
});

/** Query strings that aim a route without path ids at the demo tenant. */
function demoQuery(route: Route): string {
  if (route.url.startsWith('/api/feature-flags/')) return `?brandSlug=demo&channelId=${demo.channelId}`;
  if (route.url.includes('/audience/segments')) return `?channels[]=${demo.channelId}`;
  if (route.url.includes('/include-company-letters')) return '?channelSlug=weekly';
  // The promotions of the demo's channel on a day (the other promotion paths name their ids).
  if (route.url === '/api/promotions') return '?channelSlug=weekly&dates[]=2099-06-01';
  if (route.url === '/api/promotions/promoters') return '?organization=demo';
  if (route.url.startsWith('/api/curations/') || route.url.startsWith('/api/v1/taxonomies/')) return '?organization=demo&channel=weekly';
  return '';
}

/** A body that passes validation where one is needed, so access is what decides. */
function demoBody(route: Route): Record<string, unknown> | undefined {
  if (route.method === 'GET' || route.method === 'DELETE') return undefined;
  if (route.url.startsWith('/api/curations/') || route.url.startsWith('/api/v1/taxonomies/')) return { organization: 'demo', channel: 'company', name: 'Taken' };
  return {
    uniqueId: demo.uniqueId,
    toEmail: 'someone@example.com',
    mergeTag: '{{ first_name }}',
    url: 'https://example.com/image.png',
    private: true,
    status: 0,
    channelId: demo.channelId,
    csv: 'email\nnew@example.com\n',
    name: 'Taken',
    criteria: { match: 'all', conditions: [{ field: 'email', op: 'contains', value: 'x' }] },
    organization: 'demo',
    channel: 'weekly',
    // POST {api2}/promotion-campaigns names its channel; POST promotions its campaign in `data`.
    channelSlug: 'weekly',
    data: { campaignUniqueId: demo.uniqueId, headline: 'Taken' },
    content: 'Demo only text to rewrite',
    prompt: 'shorter',
    claimant: JSON.stringify({ uniqueId: 'rival', name: 'Rival', surname: 'Owner', email: 'owner@rival.test' }),
  };
}

const walked = routes.filter((r) => !NOT_TENANT_SCOPED.has(`${r.method} ${r.url}`));

describe("another tenant's ids on every route", () => {
  it('walks every tenant-scoped route', () => {
    expect(walked.length).toBeGreaterThan(25);
  });

  for (const route of walked) {
    it(`${route.method} ${route.url} answers 403 or 404 and changes nothing`, async () => {
      const params = Object.fromEntries(pathParamNames(route).map((name) => [name, demoParam(route, name, demo)]));
      const before = await tableChecksums(t.db);
      const body = demoBody(route);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: `${fillPath(route.url, params)}${demoQuery(route)}`,
        headers: rival.headers,
        ...(body ? { payload: body } : {}),
      });
      expect([403, 404], `${response.statusCode} ${response.body.slice(0, 200)}`).toContain(response.statusCode);
      expect(response.body).not.toContain('Demo only');
      expect(await tableChecksums(t.db)).toEqual(before);
    });
  }
});
