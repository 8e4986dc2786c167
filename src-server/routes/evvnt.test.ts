import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { EVENTS_MESSAGES } from '../../shared/rules/events-block';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createEvvntProvider } from '../integrations/evvnt-provider';
import { createRival, type Rival } from '../testing/audience-fixtures';
import { EVVNT_TOKEN, startEvvnt } from '../testing/loopback-providers';
import type { LoopbackServer } from '../testing/loopback-server';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

// The organization's Evvnt token and the events block's calls, against a loopback Evvnt.

let t: TestApp;
let editor: { authorization: string };
let rival: Rival;
let evvnt: LoopbackServer;
const integration = platformPaths.evvntIntegration('demo');

beforeAll(async () => {
  evvnt = await startEvvnt(
    [
      { slug: 'music', name: 'Music' },
      { slug: 'food', name: 'Food & Drink' },
    ],
    [
      {
        slug: 'jazz-night',
        title: 'Jazz Night',
        description: 'Live quartet',
        image_url: 'https://evvnt.example/jazz.png',
        start_time: '2026-12-01T19:30:00Z',
        price_cents: 1250,
        venue: { name: 'Blue Room' },
        url: 'https://evvnt.example/jazz',
        category: 'music',
      },
      {
        slug: 'bake-off',
        title: 'Bake Off',
        description: 'Cakes',
        image_url: null,
        start_time: '2026-12-02T10:00:00Z',
        price_cents: null,
        venue: { name: 'Town Hall' },
        url: 'https://evvnt.example/bake',
        category: 'food',
      },
    ],
  );
  t = await createTestApp({ events: createEvvntProvider({ baseUrl: evvnt.url }) });
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
});
afterAll(async () => {
  await t?.close();
  await evvnt?.close();
});

const get = (url: string, headers: Record<string, string> = editor) => t.app.inject({ method: 'GET', url, headers });
const categories = platformPaths.evvntCategories('demo', 'weekly');
const events = `${platformPaths.evvntEvents('demo', 'weekly')}?categories=music,food&from=2026-12-01&to=2026-12-07&limit=10`;

describe('the Evvnt integration', () => {
  it('has no token at first, so the events calls answer 404 with the notice', async () => {
    expect((await get(integration)).json()).toEqual({ kind: 'evvnt', configured: false, tokenEnding: null, updatedAt: null });
    const response = await get(categories);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(EVENTS_MESSAGES.invalidToken);
  });

  it('stores a token and shows back only its last four characters', async () => {
    const saved = await t.app.inject({ method: 'PUT', url: integration, headers: editor, payload: { token: `  ${EVVNT_TOKEN} ` } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ configured: true, tokenEnding: '1234' });
    expect(saved.body).not.toContain(EVVNT_TOKEN);
    expect((await get(integration)).json().tokenEnding).toBe('1234');
    const bad = await t.app.inject({ method: 'PUT', url: integration, headers: editor, payload: { token: 'has space' } });
    expect(bad.statusCode).toBe(422);
    expect((await get(integration)).json().tokenEnding).toBe('1234');
  });

  it('lists categories and events with the token, dated by the channel timezone', async () => {
    expect((await get(categories)).json()).toEqual({ items: [{ slug: 'music', name: 'Music' }, { slug: 'food', name: 'Food & Drink' }] });
    expect(evvnt.requests.at(-1)!.headers.authorization).toBe(`Bearer ${EVVNT_TOKEN}`);
    expect(evvnt.requests.at(-1)!.url).toBe('/categories?per_page=100');
    const response = await get(events);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.timezone).toEqual(expect.any(String));
    expect(body.items).toEqual([
      { slug: 'jazz-night', title: 'Jazz Night', description: 'Live quartet', image: 'https://evvnt.example/jazz.png', startsAt: '2026-12-01T19:30:00Z', price: '1250', venue: 'Blue Room', link: 'https://evvnt.example/jazz' },
      { slug: 'bake-off', title: 'Bake Off', description: 'Cakes', image: null, startsAt: '2026-12-02T10:00:00Z', price: '', venue: 'Town Hall', link: 'https://evvnt.example/bake' },
    ]);
  });

  it('answers 403 with the invalid-token notice when Evvnt refuses the token', async () => {
    await t.app.inject({ method: 'PUT', url: integration, headers: editor, payload: { token: 'stale-token' } });
    const response = await get(events);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(EVENTS_MESSAGES.invalidToken);
    const removed = await t.app.inject({ method: 'DELETE', url: integration, headers: editor });
    expect(removed.json().configured).toBe(false);
  });

  it("keeps another tenant out of the token and the events", async () => {
    expect((await get(integration, rival.headers)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: integration, headers: rival.headers, payload: { token: 'mine' } })).statusCode).toBe(403);
    expect((await get(categories, rival.headers)).statusCode).toBe(403);
  });
});
