import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AudienceSegmentsResponseSchema,
  ChannelSegmentsResponseSchema,
  SegmentCriteriasResponseSchema,
  SegmentSchema,
} from '../../shared/contract/platform-audience';
import type { CreateSegmentRequest, Segment } from '../../shared/contract/platform-audience';
import { platformPaths } from '../../shared/contract/platform-api';
import { PublicationStatus } from '../../shared/model/publication';
import { toJson } from '../db/database';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { audienceSnapshot, channelIdOf, createRival, insertLetter, insertSubscriber } from '../testing/audience-fixtures';
import type { Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn } from '../testing/test-app';
import type { TestApp } from '../testing/test-app';

let t: TestApp;
let editor: { authorization: string };
let weeklyId: number;
let companyId: number;
let rival: Rival;

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
  companyId = await channelIdOf(t.db, 'demo', 'company');
  rival = await createRival(t);
});
afterAll(async () => {
  await t.close();
});

const segmentsUrl = platformPaths.segments('demo', 'weekly');

async function picker(query: string, headers = editor) {
  const response = await t.app.inject({ method: 'GET', url: `${platformPaths.audienceSegments('demo')}?${query}`, headers });
  expect(response.statusCode).toBe(200);
  return AudienceSegmentsResponseSchema.parse(response.json());
}

function createSegment(body: CreateSegmentRequest | Record<string, unknown>, headers = editor) {
  return t.app.inject({ method: 'POST', url: segmentsUrl, headers, payload: body });
}

async function created(body: CreateSegmentRequest): Promise<Segment> {
  const response = await createSegment(body);
  expect(response.statusCode, response.body).toBe(201);
  return SegmentSchema.parse(response.json());
}

async function readSegment(id: number): Promise<Segment> {
  const response = await t.app.inject({ method: 'GET', url: platformPaths.segment('demo', 'weekly', id), headers: editor });
  expect(response.statusCode, response.body).toBe(200);
  return SegmentSchema.parse(response.json());
}

describe('the audience picker list (organizations/{brand}/audience/segments)', () => {
  it("is led by 'All active subscribers' with id 0, then the channel's segments with live totals", async () => {
    const list = await picker(`channels[]=${weeklyId}&limit=9999&page=1`);
    expect(list.total).toBe(2);
    expect(list.items).toEqual([
      { id: 0, name: 'All active subscribers', total: 3, isEngagementSegment: false, tags: [], channelId: weeklyId },
      {
        id: expect.any(Number),
        name: 'Engaged readers',
        total: 2,
        isEngagementSegment: true,
        tags: ['engaged', 'vip'],
        channelId: weeklyId,
      },
    ]);
  });

  it('totals follow subscribers joining, leaving and being tagged', async () => {
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'newvip@example.com', tags: ['VIP'] });
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'gone@example.com', tags: ['vip'], status: 'unsubscribed' });
    let items = (await picker(`channels[]=${weeklyId}`)).items;
    expect(items.map((item) => item.total)).toEqual([4, 3]);

    await t.db.updateTable('subscribers').set({ status: 'bounced' }).where('email', '=', 'ada@example.com').execute();
    await t.db.updateTable('subscribers').set({ tags: ['engaged'] }).where('email', '=', 'alan@example.com').execute();
    items = (await picker(`channels[]=${weeklyId}`)).items;
    expect(items.map((item) => item.total)).toEqual([3, 3]);
  });

  it('pages over the built-in option and the segments together', async () => {
    const first = await picker(`channels[]=${weeklyId}&limit=1&page=1`);
    const second = await picker(`channels[]=${weeklyId}&limit=1&page=2`);
    expect(first.items.map((item) => item.id)).toEqual([0]);
    expect(second.items.map((item) => item.name)).toEqual(['Engaged readers']);
    expect([first.total, second.total]).toEqual([2, 2]);
  });

  it('spans every channel of the brand when no channel is named', async () => {
    await insertSubscriber(t.db, { channelId: companyId, email: 'staff@example.com' });
    const all = await picker('channels[]=&limit=10');
    const weeklyOnly = await picker(`channels[]=${weeklyId}`);
    expect(all.items[0]).toMatchObject({ id: 0, channelId: null, total: weeklyOnly.items[0]!.total + 1 });
    const both = await picker(`channels[]=${weeklyId}&channels[]=${companyId}`);
    expect(both.items[0]!.total).toBe(all.items[0]!.total);
  });

  it("answers 404 for a channel id of another brand, and refuses a page size over 9999", async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: `${platformPaths.audienceSegments('demo')}?channels[]=${rival.account.channelId}`,
      headers: editor,
    });
    expect(other.statusCode).toBe(404);
    const tooBig = await t.app.inject({ method: 'GET', url: `${platformPaths.audienceSegments('demo')}?limit=10000`, headers: editor });
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().errors).toHaveProperty('limit');
  });
});

describe('creating and reading segments', () => {
  it('stores criteria on tags and custom fields and counts the matching active subscribers', async () => {
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'p1@example.com', customFields: { plan: 'Pro' } });
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'p2@example.com', customFields: { plan: 'pro' }, tags: ['vip'] });
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'p3@example.com', customFields: { plan: 'free' } });
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'p4@example.com', customFields: { plan: 'pro' }, status: 'bounced' });

    const pro = await created({
      name: 'Pro without VIP',
      criteria: {
        match: 'all',
        conditions: [
          { field: 'plan', op: 'is', value: 'PRO' },
          { field: 'tag', op: 'lacks_tag', value: 'vip' },
        ],
      },
    });
    expect(pro).toMatchObject({ name: 'Pro without VIP', total: 1, tags: [], isEngagementSegment: false, channelId: weeklyId });
    // Stored ids start at 100000, away from the built-in 0 and 99991.
    expect(pro.id).toBeGreaterThanOrEqual(100000);

    const anyOf = await created({
      name: 'Pro or Hopper',
      criteria: {
        match: 'any',
        conditions: [
          { field: 'plan', op: 'contains', value: 'ro' },
          { field: 'last_name', op: 'is', value: 'hopper' },
        ],
      },
    });
    expect(anyOf.total).toBe(3);

    // A subscriber without the field reads as empty text, so 'is_not' takes them in.
    const notFree = await created({ name: 'Not free', criteria: { match: 'all', conditions: [{ field: 'plan', op: 'is_not', value: 'free' }] } });
    const active = (await readSegment(0)).total;
    expect(notFree.total).toBe(active - 1);

    await insertSubscriber(t.db, { channelId: weeklyId, email: 'p5@example.com', customFields: { plan: 'PRO' } });
    expect((await readSegment(pro.id)).total).toBe(2);
    expect((await readSegment(pro.id)).criteria).toEqual({
      match: 'all',
      conditions: [
        { field: 'plan', op: 'is', value: 'PRO' },
        { field: 'tag', op: 'lacks_tag', value: 'vip' },
      ],
    });
  });

  it('refuses criteria outside the language, with messages per condition', async () => {
    const unknown = await createSegment({ name: 'X', criteria: { match: 'all', conditions: [{ field: 'shoe_size', op: 'is', value: '9' }] } });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors['criteria.conditions.0.field'][0]).toMatch(/Unknown field 'shoe_size'/);

    const wrongOp = await createSegment({ name: 'X', criteria: { match: 'all', conditions: [{ field: 'email', op: 'has_tag', value: 'vip' }] } });
    expect(wrongOp.json().errors['criteria.conditions.0.op']).toEqual(["'has_tag' applies to the field 'tag' only."]);

    const empty = await createSegment({ name: 'X', criteria: { match: 'all', conditions: [] } });
    expect(empty.json().errors['criteria.conditions']).toEqual(['Add at least one condition.']);

    const typo = await createSegment({ name: 'X', criteria: { match: 'all', conditions: [{ field: 'tag', operator: 'has_tag', value: 'vip' }] } });
    expect(typo.statusCode).toBe(422);

    const duplicate = await createSegment({ name: 'engaged READERS', criteria: { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'x' }] } });
    expect(duplicate.statusCode).toBe(422);
    expect(duplicate.json().errors.name).toEqual(['A segment with this name already exists in this channel.']);
  });

  it("reads 'All active subscribers' as id 0 and answers 404 for another channel's segment", async () => {
    const all = await readSegment(0);
    expect(all).toMatchObject({ id: 0, name: 'All active subscribers', criteria: null, channelId: weeklyId });
    const elsewhere = await t.db
      .insertInto('segments')
      .values({ channelId: companyId, name: 'Staff', criteria: toJson({ match: 'all', conditions: [] }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const response = await t.app.inject({ method: 'GET', url: platformPaths.segment('demo', 'weekly', elsewhere.id), headers: editor });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('This segment does not exist.');
  });

  it('counts a segment whose stored criteria cannot be read as matching nobody', async () => {
    const legacy = await t.db
      .insertInto('segments')
      .values({ channelId: weeklyId, name: 'Legacy', criteria: toJson({ openedWithinDays: 30 }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await readSegment(legacy.id)).toMatchObject({ total: 0, criteria: null });
  });
});

describe('the channel list and the criterias call', () => {
  it('filters by name and tags and pages with itemsPerPage', async () => {
    const url = (query: string) => `${segmentsUrl}?${query}`;
    const get = async (query: string) => {
      const response = await t.app.inject({ method: 'GET', url: url(query), headers: editor });
      expect(response.statusCode, response.body).toBe(200);
      return ChannelSegmentsResponseSchema.parse(response.json());
    };
    const byName = await get('name=PRO');
    expect(byName.segments.map((s) => s.name)).toEqual(['Pro or Hopper', 'Pro without VIP']);
    expect(byName.total).toBe(2);
    const byTag = await get('tags[]=VIP');
    expect(byTag.segments.map((s) => s.name)).toEqual(['Engaged readers']);
    const paged = await get('itemsPerPage=2&page=2');
    const everything = await get('itemsPerPage=100');
    expect(paged.segments.map((s) => s.id)).toEqual(everything.segments.slice(2, 4).map((s) => s.id));
    expect(paged.total).toBe(everything.total);
    expect(everything.segments.some((s) => s.id === 0)).toBe(false);
  });

  it("lists tags with the channel's tags, the subscriber fields and the custom fields seen", async () => {
    const tagsOnly = await t.app.inject({ method: 'GET', url: platformPaths.segmentCriterias('demo', 'weekly'), headers: editor });
    expect(SegmentCriteriasResponseSchema.parse(tagsOnly.json()).items.map((item) => item.attribute)).toEqual(['tags']);
    const response = await t.app.inject({ method: 'GET', url: `${platformPaths.segmentCriterias('demo', 'weekly')}?all=true`, headers: editor });
    expect(response.statusCode).toBe(200);
    const { items } = SegmentCriteriasResponseSchema.parse(response.json());
    expect(items[0]).toEqual({
      attribute: 'tags',
      field: 'tag',
      label: 'Tag',
      kind: 'tag',
      operators: ['has_tag', 'lacks_tag'],
      values: expect.arrayContaining(['engaged', 'vip', 'VIP']),
    });
    expect(items.map((item) => item.field)).toEqual(['tag', 'engagement', 'subscribed_at', 'email', 'first_name', 'last_name', 'plan', 'source']);
  });
});

describe('engagement segments, the live count and editing', () => {
  const engaged = { match: 'all' as const, conditions: [{ field: 'engagement', op: 'opened_within' as const, value: '30' }] };

  async function count(criteria: unknown) {
    const response = await t.app.inject({ method: 'POST', url: platformPaths.segmentsCount('demo', 'weekly'), headers: editor, payload: { criteria } });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().total as number;
  }

  it('counts readers who opened, clicked or did not open within N days, and by subscription date', async () => {
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'opener@example.com' });
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'old-opener@example.com' });
    await insertSubscriber(t.db, { channelId: weeklyId, email: 'clicker@example.com' });
    const letterId = await insertLetter(t.db, { channelId: weeklyId, title: 'Sent one', status: PublicationStatus.published });
    const ids = Object.fromEntries(
      (await t.db.selectFrom('subscribers').select(['id', 'email']).where('channelId', '=', weeklyId).execute()).map((row) => [row.email, row.id]),
    );
    for (const email of ['opener@example.com', 'old-opener@example.com', 'clicker@example.com']) {
      await t.db.insertInto('letterRecipients').values({ letterId, subscriberId: ids[email]!, email, status: 'sent' }).execute();
    }
    await t.db.insertInto('recipientOpens').values([
      { letterId, subscriberId: ids['opener@example.com']!, confirmed: true },
      { letterId, subscriberId: ids['old-opener@example.com']!, confirmed: true, openedAt: new Date(Date.now() - 60 * 86_400_000) },
    ]).execute();
    await t.db.insertInto('letterLinks').values({ letterId, position: 1, url: 'https://example.com/' }).execute();
    await t.db.insertInto('recipientClicks').values({ letterId, subscriberId: ids['clicker@example.com']!, position: 1 }).execute();
    const active = Number((await t.db.selectFrom('subscribers').select((eb) => eb.fn.countAll<string>().as('n')).where('channelId', '=', weeklyId).where('status', '=', 'active').executeTakeFirstOrThrow()).n);

    expect(await count(engaged)).toBe(1);
    expect(await count({ match: 'all', conditions: [{ field: 'engagement', op: 'opened_within', value: '90' }] })).toBe(2);
    expect(await count({ match: 'all', conditions: [{ field: 'engagement', op: 'clicked_within', value: '7' }] })).toBe(1);
    expect(await count({ match: 'any', conditions: [engaged.conditions[0], { field: 'engagement', op: 'clicked_within', value: '7' }] })).toBe(2);
    expect(await count({ match: 'all', conditions: [{ field: 'engagement', op: 'not_opened_within', value: '30' }] })).toBe(active - 1);
    expect(await count({ match: 'all', conditions: [{ field: 'subscribed_at', op: 'after', value: '2000-01-01' }] })).toBe(active);
    expect(await count({ match: 'all', conditions: [{ field: 'subscribed_at', op: 'before', value: '2000-01-01' }] })).toBe(0);
  });

  it('marks a segment with engagement criteria as an engagement segment, on create and on edit', async () => {
    const segment = await created({ name: 'Openers', criteria: engaged });
    expect(segment).toMatchObject({ isEngagementSegment: true, total: 1 });
    const put = (body: object) => t.app.inject({ method: 'PUT', url: platformPaths.segment('demo', 'weekly', segment.id), headers: editor, payload: body });
    const edited = await put({ name: 'Tagged', criteria: { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'vip' }] } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: 'Tagged', isEngagementSegment: false, tags: ['vip'] });
    const back = await put({ name: 'Openers again', criteria: engaged });
    expect(back.json()).toMatchObject({ isEngagementSegment: true });
    expect((await readSegment(segment.id)).name).toBe('Openers again');
  });

  it('refuses bad engagement values and edits of built-in or missing segments, changing nothing', async () => {
    const before = await audienceSnapshot(t.db);
    const bad = await t.app.inject({
      method: 'POST',
      url: platformPaths.segmentsCount('demo', 'weekly'),
      headers: editor,
      payload: { criteria: { match: 'all', conditions: [{ field: 'engagement', op: 'opened_within', value: 'soon' }, { field: 'subscribed_at', op: 'after', value: '2026-02-30' }, { field: 'email', op: 'before', value: 'x' }] } },
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toMatchObject({
      'criteria.conditions.0.value': ['Enter a number of days from 1 to 3650.'],
      'criteria.conditions.1.value': ['Enter a date as YYYY-MM-DD.'],
      'criteria.conditions.2.op': ["'before' applies to the field 'subscribed_at' only."],
    });
    const builtIn = await t.app.inject({ method: 'PUT', url: platformPaths.segment('demo', 'weekly', 0), headers: editor, payload: { name: 'x', criteria: engaged } });
    expect(builtIn.statusCode).toBe(409);
    const missing = await t.app.inject({ method: 'PUT', url: platformPaths.segment('demo', 'weekly', 987654), headers: editor, payload: { name: 'x', criteria: engaged } });
    expect(missing.statusCode).toBe(404);
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });
});

describe('deleting segments', () => {
  it('deletes a segment, and refuses the built-in ones and one a scheduled letter will use', async () => {
    const doomed = await created({ name: 'Doomed', criteria: { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'x' }] } });
    const kept = await created({ name: 'Kept', criteria: { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'y' }] } });
    await insertLetter(t.db, { channelId: weeklyId, title: 'Draft using Doomed', segmentId: doomed.id });
    await insertLetter(t.db, { channelId: weeklyId, title: 'Spring issue', status: PublicationStatus.scheduled, segmentId: kept.id });
    const remove = (id: number) => t.app.inject({ method: 'DELETE', url: platformPaths.segment('demo', 'weekly', id), headers: editor });

    expect((await remove(doomed.id)).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: platformPaths.segment('demo', 'weekly', doomed.id), headers: editor })).statusCode).toBe(404);
    expect((await remove(doomed.id)).statusCode).toBe(404);

    const scheduled = await remove(kept.id);
    expect(scheduled.statusCode).toBe(409);
    expect(scheduled.json().message).toBe("The letter 'Spring issue' is scheduled for this segment. Choose another audience for it first.");
    expect((await readSegment(kept.id)).name).toBe('Kept');

    for (const builtIn of [0, 99991]) expect((await remove(builtIn)).statusCode).toBe(409);

    // A deleted letter will never be sent, so it no longer holds its segment.
    await t.db.updateTable('letters').set({ deletedAt: new Date() }).where('title', '=', 'Spring issue').execute();
    expect((await remove(kept.id)).statusCode).toBe(204);
  });
});

describe('tenancy', () => {
  it("gives another tenant's user 403 on every segment call of brand 'demo', and changes nothing", async () => {
    const before = await audienceSnapshot(t.db);
    const segmentId = (await picker(`channels[]=${weeklyId}`)).items[1]!.id;
    const headers = rival.headers;
    const calls = [
      t.app.inject({ method: 'GET', url: platformPaths.audienceSegments('demo'), headers }),
      t.app.inject({ method: 'GET', url: segmentsUrl, headers }),
      t.app.inject({ method: 'GET', url: platformPaths.segment('demo', 'weekly', segmentId), headers }),
      t.app.inject({ method: 'GET', url: platformPaths.segment('demo', 'weekly', 0), headers }),
      t.app.inject({ method: 'GET', url: platformPaths.segmentCriterias('demo', 'weekly'), headers }),
      createSegment({ name: 'Mine now', criteria: { match: 'all', conditions: [{ field: 'tag', op: 'has_tag', value: 'vip' }] } }, headers),
      t.app.inject({ method: 'DELETE', url: platformPaths.segment('demo', 'weekly', segmentId), headers }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Engaged');
    }
    // Their own brand cannot reach demo's channel by id either.
    const viaOwnBrand = await t.app.inject({
      method: 'GET',
      url: `${platformPaths.audienceSegments('rival')}?channels[]=${weeklyId}`,
      headers,
    });
    expect(viaOwnBrand.statusCode).toBe(404);
    expect(await audienceSnapshot(t.db)).toEqual(before);
  });
});
