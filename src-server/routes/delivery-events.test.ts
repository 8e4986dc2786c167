import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { platformPaths } from '../../shared/contract/platform-api';
import { DeliveryEventsResponseSchema } from '../../shared/contract/platform-delivery-events';
import type { DeliveryEvent, DeliveryEventsResponse } from '../../shared/contract/platform-delivery-events';
import { recordDeliveryEvent } from '../delivery/delivery-events';
import { channelIdOf, insertLetter } from '../testing/audience-fixtures';
import type { Headers } from '../testing/letter-fixtures';
import { createOutsiders, useDemoEditor } from '../testing/route-suite';

// GET /api/sync/delivery-events: only the caller's brands, 'now', pages and the cursor, and
// the commit-order fence the letters feed has.

const t = useDemoEditor();

let rival: Headers;
let demoLetter: number;
let rivalLetter: number;

beforeAll(async () => {
  ({ rival } = await createOutsiders(t));
  demoLetter = await insertLetter(t.db, { channelId: t.weekly.channelId, title: 'Demo letter' });
  rivalLetter = await insertLetter(t.db, { channelId: await channelIdOf(t.db, 'rival', 'weekly'), title: 'Rival letter' });
});

const event = (letterId: number, title: string, kind: 'started' | 'sent' | 'failed' = 'started') =>
  recordDeliveryEvent(t.db, { letterId, kind, title, recipients: 3, delivered: kind === 'sent' ? 3 : 0 });

async function feed(since: string, limit?: number, headers: Headers = t.editor): Promise<DeliveryEventsResponse> {
  const query = `?since=${since}${limit === undefined ? '' : `&limit=${limit}`}`;
  const response = await t.app.inject({ method: 'GET', url: `${platformPaths.deliveryEvents()}${query}`, headers });
  expect(response.statusCode, response.body).toBe(200);
  return DeliveryEventsResponseSchema.parse(response.json());
}

/**
 * Pages until `done` holds. The feed holds events back while an older transaction anywhere
 * in the cluster runs (other test files share it), so one may take a moment to appear; it
 * must never appear twice.
 */
async function follow(since: string, done: (items: DeliveryEvent[]) => boolean, limit?: number, headers = t.editor) {
  const items: DeliveryEvent[] = [];
  const pages: DeliveryEventsResponse[] = [];
  let cursor = since;
  const deadline = Date.now() + 10_000;
  for (;;) {
    const page = await feed(cursor, limit, headers);
    pages.push(page);
    items.push(...page.items);
    cursor = page.cursor;
    if (page.hasMore) continue;
    if (done(items) || Date.now() > deadline) return { items, cursor, pages };
    await sleep(25);
  }
}

const titles = (items: DeliveryEvent[]) => items.map((item) => item.title);

describe('delivery events feed', () => {
  it('hands each user the events of their own brands only, with the letter’s placement', async () => {
    await event(demoLetter, 'demo-1');
    await event(rivalLetter, 'rival-1');
    const demo = await follow('0', (items) => titles(items).includes('demo-1'));
    expect(titles(demo.items)).toContain('demo-1');
    expect(titles(demo.items)).not.toContain('rival-1');
    const mine = demo.items.find((item) => item.title === 'demo-1')!;
    const row = await t.db.selectFrom('letters').select('uniqueId').where('id', '=', demoLetter).executeTakeFirstOrThrow();
    expect(mine).toMatchObject({
      kind: 'started',
      letterId: demoLetter,
      letterUniqueId: row.uniqueId,
      channelId: t.weekly.channelId,
      channelSlug: 'weekly',
      brandSlug: 'demo',
      recipients: 3,
      delivered: 0,
      message: '',
    });
    expect(Number.isNaN(Date.parse(mine.at))).toBe(false);

    const other = await follow('0', (items) => titles(items).includes('rival-1'), undefined, rival);
    expect(titles(other.items)).toEqual(['rival-1']);
  });

  it("answers 'now' with no events and a cursor from which only later events come", async () => {
    await event(demoLetter, 'before-now');
    // Wait until it can be handed out, so 'now' is surely past it.
    await follow('0', (items) => titles(items).includes('before-now'));
    const now = await feed('now');
    expect(now.items).toEqual([]);
    expect(now.hasMore).toBe(false);
    expect(now.cursor).not.toBe('0');
    await event(demoLetter, 'after-now');
    const later = await follow(now.cursor, (items) => titles(items).includes('after-now'));
    expect(titles(later.items)).toEqual(['after-now']);
  });

  it('pages in order from a cursor without repeating or skipping an event', async () => {
    const start = (await feed('now')).cursor;
    const names = ['p1', 'p2', 'p3', 'p4', 'p5'];
    for (const name of names) await event(demoLetter, name, 'sent');
    const paged = await follow(start, (items) => items.length >= names.length, 2);
    expect(titles(paged.items)).toEqual(names);
    const full = paged.pages.filter((page) => page.items.length > 0);
    expect(full.map((page) => page.items.length)).toEqual([2, 2, 1]);
    expect(full.map((page) => page.hasMore)).toEqual([true, true, false]);
    const ids = paged.items.map((item) => item.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Read again from the end: nothing new, the same cursor.
    expect(await feed(paged.cursor)).toEqual({ items: [], cursor: paged.cursor, hasMore: false });
  });

  it('never hands out an event past one whose transaction has not committed yet', async () => {
    const start = (await feed('now')).cursor;
    const open = new pg.Client({ connectionString: t.connectionString });
    await open.connect();
    try {
      await open.query('BEGIN');
      await open.query(
        `INSERT INTO delivery_events (letter_id, kind, recipients, delivered, title) VALUES ($1, 'started', 1, 0, 'slow')`,
        [demoLetter],
      );
      await event(demoLetter, 'fast');
      await sleep(200);
      // 'fast' committed, but 'slow' (an older transaction) may still: neither is handed out yet.
      expect((await feed(start)).items).toEqual([]);
      await open.query('COMMIT');
    } finally {
      await open.end();
    }
    const after = await follow(start, (items) => items.length >= 2);
    expect(titles(after.items)).toEqual(['slow', 'fast']);
  });

  it('refuses a malformed cursor or limit with a message, and a caller without a token', async () => {
    for (const query of ['?since=abc', '?since=1.2.3', '?since=-1', '?limit=0', '?limit=501', '?limit=x']) {
      const response = await t.app.inject({ method: 'GET', url: `${platformPaths.deliveryEvents()}${query}`, headers: t.editor });
      expect([400, 422], `${query}: ${response.body}`).toContain(response.statusCode);
      expect(response.json<{ message: string }>().message.length).toBeGreaterThan(0);
    }
    const anonymous = await t.app.inject({ method: 'GET', url: platformPaths.deliveryEvents() });
    expect(anonymous.statusCode).toBe(401);
  });
});
