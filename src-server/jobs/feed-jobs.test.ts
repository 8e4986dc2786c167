import { afterAll, beforeAll, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { buildApp } from '../app';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createFeedSite, serveFeedSite } from '../testing/feed-fixtures';
import { PRIVATE_ALLOWED } from '../testing/fetch-guard-fixtures';
import { startLoopbackServer } from '../testing/loopback-server';
import type { LoopbackServer } from '../testing/loopback-server';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';
import { createJobRunner } from './job-runner';
import type { JobRunner } from './job-runner';

// The polling job on pg-boss: a feed added through the API is read by the job at once,
// and two runners on one database read it once (the lease and the per-feed job key).

let t: TestApp;
let site: LoopbackServer;
const runners: JobRunner[] = [];

beforeAll(async () => {
  t = await createTestApp({ fetchGuard: PRIVATE_ALLOWED });
  site = await startLoopbackServer(serveFeedSite(createFeedSite()));
  for (let i = 0; i < 2; i += 1) {
    runners.push(createJobRunner({ db: t.db, connectionString: t.connectionString, pollingIntervalSeconds: 0.5, warn: () => undefined, fetchGuard: PRIVATE_ALLOWED }));
  }
  for (const runner of runners) await runner.start({ publicUrl: 'https://letters.example.com' });
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await site?.close();
  await t?.close();
});

it('reads a newly added feed into aggregates without waiting for the sweep, once', async () => {
  const app = await buildApp({ db: t.db, feeds: runners[0]!, fetchGuard: PRIVATE_ALLOWED });
  const editor = await signIn(app, DEMO_EMAIL, DEMO_PASSWORD);
  const added = await app.inject({ method: 'POST', url: platformPaths.feeds('demo', 'weekly'), headers: editor, payload: { url: `${site.url}/rss.xml` } });
  expect(added.statusCode, added.body).toBe(201);
  const validations = site.requests.length;
  const deadline = Date.now() + 20_000;
  let total = 0;
  while (Date.now() < deadline) {
    total = (await app.inject({ method: 'GET', url: platformPaths.aggregates('demo', 'weekly'), headers: editor })).json<{ total: number }>().total;
    if (total > 0) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(total).toBe(2);
  // Another sweep now finds nothing due: the feed was read once, not once per runner.
  await runners[1]!.feedAdded(Number(added.json<{ id: number }>().id));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const feed = await t.db.selectFrom('feeds').selectAll().executeTakeFirstOrThrow();
  expect(feed.lastFetchedAt).not.toBeNull();
  expect(feed.nextFetchAt.getTime()).toBeGreaterThan(Date.now() + 10 * 60 * 1000);
  // The add's own check, the job's read, and the second runner's conditional read (a 304).
  expect(site.requests.length - validations).toBeLessThanOrEqual(2);
  await app.close();
});
