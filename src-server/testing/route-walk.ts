import type { RouteOptions } from 'fastify';
import { platformPaths } from '../../shared/contract/platform-api';
import { FEATURE_FLAG_NAMES } from '../../shared/model/feature-flags';
import { toJson } from '../db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelIdOf, insertSubscriber } from './audience-fixtures';
import { createLetterAs } from './letter-fixtures';
import { createTestApp, signIn, type TestApp } from './test-app';

// For tests that walk every route: an app whose routes are collected as it registers them
// (so a new route is walked without editing the tests), the demo tenant's letter, segment
// and subscriber to aim at, and the path parameters that name them.

export type Route = { method: string; url: string };

export interface DemoTargets {
  channelId: number;
  letterId: number;
  uniqueId: string;
  segmentId: number;
  userId: number;
  pollId: number;
}

export async function createWalkedApp(): Promise<{ t: TestApp; routes: Route[] }> {
  const routes: Route[] = [];
  const t = await createTestApp({
    onRoute: (route: RouteOptions) => {
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    },
  });
  await t.app.ready();
  return { t, routes };
}

/** A letter titled `letterTitle`, a segment and a subscriber in the demo channel 'weekly'. */
export async function createDemoTargets(t: TestApp, letterTitle: string): Promise<DemoTargets> {
  const headers = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  const channelId = await channelIdOf(t.db, 'demo', 'weekly');
  const letter = await createLetterAs(t.app, headers, { brand: 'demo', channel: 'weekly', channelId }, { title: letterTitle });
  const criteria = { match: 'all', conditions: [{ field: 'email', op: 'contains', value: 'example' }] };
  const segment = await t.db
    .insertInto('segments')
    .values({ channelId, name: `${letterTitle} segment`, criteria: toJson(criteria), isEngagementSegment: false })
    .returning('id')
    .executeTakeFirstOrThrow();
  await insertSubscriber(t.db, { channelId, email: 'reader@example.com' });
  const user = await t.db.selectFrom('users').select('id').where('email', '=', DEMO_EMAIL).executeTakeFirstOrThrow();
  const poll = await t.app.inject({
    method: 'POST',
    url: platformPaths.polls('demo'),
    headers,
    payload: { title: `${letterTitle} poll`, questionText: 'Which?', pollType: 1, options: [{ title: 'A' }, { title: 'B' }] },
  });
  const pollId = poll.json<{ id: number }>().id;
  return { channelId, letterId: letter.id!, uniqueId: letter.uniqueId, segmentId: segment.id, userId: user.id, pollId };
}

/** The value of a path parameter that names one of the demo targets. */
export function demoParam(route: Route, name: string, demo: DemoTargets): string {
  switch (name) {
    case 'brand':
    case 'org':
      return 'demo';
    case 'channel':
    case 'slug':
      return 'weekly';
    case 'channelId':
      return String(demo.channelId);
    case 'id':
      if (route.url.includes('/polls/')) return String(demo.pollId);
      return String(route.url.includes('/segments/') ? demo.segmentId : demo.letterId);
    case 'letter':
      return demo.uniqueId;
    case 'letterId':
    case 'ref':
      return String(demo.letterId);
    case 'uniqueId':
      return demo.uniqueId;
    case 'name':
      return FEATURE_FLAG_NAMES[0]!;
    case 'taxonomy':
      return 'tags';
    default:
      return '1';
  }
}

export function pathParamNames(route: Route): string[] {
  return [...route.url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]!);
}
