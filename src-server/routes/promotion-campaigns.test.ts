import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign } from '../../shared/contract/platform-promotions';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelIdOf, createRival, type Rival } from '../testing/audience-fixtures';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

// The channel's campaign calls (spec 3 §7 "Promotion campaigns"): POST {api2}/promotion-
// campaigns (channelSlug, title) creates a campaign in the channel's organization running in
// that channel, as the organization's create does; GET {api2}/channels/{c}/promotions/
// campaigns lists the campaigns that run there with the organization list's query; an
// advertiser creates and sees only their own.

let t: TestApp;
let editor: { authorization: string };
let advertiser: { authorization: string };
let rival: Rival;

type CampaignList = { campaigns: Campaign[]; total: number };

async function call<T>(method: 'GET' | 'POST', url: string, who: object, payload?: object, status = 200): Promise<T> {
  const response = await t.app.inject({ method, url, headers: who as Record<string, string>, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

const campaignCount = async () => Number((await t.db.selectFrom('promotionCampaigns').select(t.db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);
const titles = (list: CampaignList) => list.campaigns.map((c) => c.title);

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  rival = await createRival(t);
  await call('POST', promotionPaths.advertisers('demo'), editor, { email: 'ads@channel.example', name: 'Channel ads', password: 'advertiser-pass' }, 201);
  advertiser = await signIn(t.app, 'ads@channel.example', 'advertiser-pass');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('POST {api2}/promotion-campaigns', () => {
  it("creates the campaign in the channel's organization, running in that channel, at status 0 by its caller", async () => {
    const created = await call<Campaign>('POST', promotionPaths.channelCampaignCreate(), editor, { channelSlug: 'weekly', title: 'Weekly kites', status: 5 }, 201);
    const demo = await t.db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    expect(created).toMatchObject({ title: 'Weekly kites', channelSlug: 'weekly', channels: ['weekly'], status: 0, brandId: demo.id, isTemplate: false });
    expect(await call<Campaign>('GET', promotionPaths.campaignByUniqueId(created.uniqueId), editor)).toMatchObject({ title: 'Weekly kites', channels: ['weekly'] });
    expect(await call<Campaign>('POST', promotionPaths.channelCampaignCreate(), editor, { channelSlug: 'weekly' }, 201)).toMatchObject({ title: 'New campaign' });
  });

  it("lets an advertiser of the organization create one that is theirs", async () => {
    const mine = await call<Campaign>('POST', promotionPaths.channelCampaignCreate(), advertiser, { channelSlug: 'weekly', title: 'Advertised kites' }, 201);
    expect(titles(await call<CampaignList>('GET', promotionPaths.campaigns('demo'), advertiser))).toEqual(['Advertised kites']);
    const row = await t.db.selectFrom('promotionCampaigns').select('createdByUserId').where('uniqueId', '=', mine.uniqueId).executeTakeFirstOrThrow();
    const user = await t.db.selectFrom('users').select('id').where('email', '=', 'ads@channel.example').executeTakeFirstOrThrow();
    expect(row.createdByUserId).toBe(user.id);
  });

  it('refuses a missing channel (422) and a channel the caller does not reach (404), creating nothing', async () => {
    const before = await campaignCount();
    const missing = await t.app.inject({ method: 'POST', url: promotionPaths.channelCampaignCreate(), headers: editor, payload: { title: 'No channel' } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ channelSlug: ['Name the channel (channelSlug).'] });
    for (const [who, channelSlug] of [[editor, 'nowhere'], [editor, 'daily'], [rival.headers, 'weekly']] as const) {
      const response = await t.app.inject({ method: 'POST', url: promotionPaths.channelCampaignCreate(), headers: who, payload: { channelSlug, title: 'Elsewhere' } });
      expect(response.statusCode, `${channelSlug}: ${response.body}`).toBe(404);
    }
    expect(await campaignCount()).toBe(before);
  });
});

describe('GET {api2}/channels/{channel}/promotions/campaigns', () => {
  beforeAll(async () => {
    await call('POST', promotionPaths.campaigns('demo'), editor, { title: 'Company only', channels: ['company'] }, 201);
    await call('POST', promotionPaths.campaigns('demo'), editor, { title: 'Everywhere' }, 201);
  });

  it("lists the campaigns that run in the channel (those naming it or naming none), in the organization list's shape", async () => {
    const url = promotionPaths.channelCampaigns('weekly');
    const all = await call<CampaignList>('GET', `${url}?orderBy=title&orderDirection=asc`, editor);
    expect(titles(all)).toEqual(['Advertised kites', 'Everywhere', 'New campaign', 'Weekly kites']);
    expect(all.total).toBe(4);
    expect(titles(await call<CampaignList>('GET', `${promotionPaths.channelCampaigns('company')}?orderBy=title&orderDirection=asc`, editor))).toEqual(['Company only', 'Everywhere']);
    // The channel by its id, as the other channel paths take it.
    const weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
    expect((await call<CampaignList>('GET', promotionPaths.channelCampaigns(String(weeklyId)), editor)).total).toBe(4);
  });

  it("takes the organization list's search, sort, paging and status filter", async () => {
    const url = promotionPaths.channelCampaigns('weekly');
    expect(titles(await call<CampaignList>('GET', `${url}?search=KITES&orderBy=title&orderDirection=desc`, editor))).toEqual(['Weekly kites', 'Advertised kites']);
    expect(await call<CampaignList>('GET', `${url}?orderBy=title&orderDirection=asc&limit=1&page=2`, editor)).toMatchObject({ total: 4, campaigns: [{ title: 'Everywhere' }] });
    expect(await call<CampaignList>('GET', `${url}?status=5`, editor)).toEqual({ campaigns: [], total: 0 });
    expect((await t.app.inject({ method: 'GET', url: `${url}?status=9`, headers: editor })).statusCode).toBe(422);
  });

  it("answers an advertiser their own campaigns only, and another tenant 404", async () => {
    expect(titles(await call<CampaignList>('GET', promotionPaths.channelCampaigns('weekly'), advertiser))).toEqual(['Advertised kites']);
    expect((await t.app.inject({ method: 'GET', url: promotionPaths.channelCampaigns('weekly'), headers: rival.headers })).statusCode).toBe(404);
  });
});
