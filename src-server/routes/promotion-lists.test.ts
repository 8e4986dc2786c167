import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, Promotion } from '../../shared/contract/platform-promotions';
import type { PromotionItem } from '../../shared/contract/platform-promotion-calls';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { channelIdOf } from '../testing/audience-fixtures';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

// The spec's promotion lists (spec 3 §7 "Promotions and collateral"): a channel's, a
// brand's, an organization's by days and as occurrences, and the letters' GET promotions
// with rendered MJML; each an advertiser's own only.

let t: TestApp;
let editor: { authorization: string };
let advertiser: { authorization: string };
let weeklyId: number;
/** Headline → promotion. */
const made = new Map<string, Promotion>();

type List = { items: PromotionItem[]; total: number };

async function call<T>(method: 'GET' | 'POST', url: string, who: object, payload?: object, status = 200): Promise<T> {
  const response = await t.app.inject({ method, url, headers: who as Record<string, string>, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

const headlines = (list: List) => list.items.map((p) => p.headline);

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  weeklyId = await channelIdOf(t.db, 'demo', 'weekly');
  await call('POST', promotionPaths.advertisers('demo'), editor, { email: 'ads@lists.example', name: 'Lists', password: 'advertiser-pass' }, 201);
  advertiser = await signIn(t.app, 'ads@lists.example', 'advertiser-pass');
  const second = await call<{ id: number }>('POST', promotionPaths.customizations('demo'), editor, { title: 'Second', position: 20 }, 201);
  const first = await call<{ id: number }>('POST', promotionPaths.customizations('demo'), editor, { title: 'First', position: 10, hasImage: false }, 201);
  // The editor's campaign runs everywhere; the advertiser's in weekly only.
  const everywhere = await call<Campaign>('POST', promotionPaths.campaigns('demo'), editor, { title: 'Everywhere' }, 201);
  const weekly = await call<Campaign>('POST', promotionPaths.campaigns('demo'), advertiser, { title: 'Weekly only', channels: ['weekly'] }, 201);
  const add = async (campaign: Campaign, who: object, headline: string, fields: object) => {
    const body = { headline, callToAction: 'Go', callToActionUrl: `https://lists.example/${made.size}`, content: `About ${headline}`, ...fields };
    made.set(headline, await call<Promotion>('POST', promotionPaths.createCollateral(campaign.uniqueId), who, body, 201));
  };
  await add(everywhere, editor, 'Anchors', { dates: ['2099-03-01'], adTypeId: second.id, zone: 2 });
  await add(everywhere, editor, 'Buoys', { dateRangeStart: '2099-03-02', dateRangeEnd: '2099-03-04', adTypeId: first.id });
  await add(weekly, advertiser, 'Canoes', { dates: ['2099-03-03', '2099-03-10'] });
  await call('POST', promotionPaths.approve('demo', 'weekly', made.get('Buoys')!.id), editor, { message: '' });
  await call('POST', promotionPaths.approve('demo', 'weekly', made.get('Canoes')!.id), editor, { message: '' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('channels/{id}/promotions', () => {
  it('lists what runs in the channel, by scheduled date newest first; filter, keyword, paging', async () => {
    const url = promotionPaths.channelIdPromotions(weeklyId);
    expect(headlines(await call<List>('GET', url, editor))).toEqual(['Canoes', 'Buoys', 'Anchors']);
    expect(headlines(await call<List>('GET', `${url}?direction=asc`, editor))).toEqual(['Anchors', 'Buoys', 'Canoes']);
    expect(headlines(await call<List>('GET', `${url}?filter=4`, editor))).toEqual(['Canoes', 'Buoys']);
    expect(headlines(await call<List>('GET', `${url}?filter=0`, editor))).toEqual(['Anchors']);
    expect(headlines(await call<List>('GET', `${url}?keyword=BUOY`, editor))).toEqual(['Buoys']);
    expect(await call<List>('GET', `${url}?records=1&page=2&sortBy=headline&direction=asc`, editor)).toMatchObject({ total: 3, items: [{ headline: 'Buoys' }] });
    // The company channel carries the campaign that names no channel, not the weekly-only one.
    expect(headlines(await call<List>('GET', promotionPaths.channelIdPromotions('company'), editor))).toEqual(['Buoys', 'Anchors']);
  });

  it("answers an advertiser only their own campaigns' promotions", async () => {
    expect(headlines(await call<List>('GET', promotionPaths.channelIdPromotions(weeklyId), advertiser))).toEqual(['Canoes']);
    expect(headlines(await call<List>('GET', promotionPaths.brandPromotions('demo'), advertiser))).toEqual(['Canoes']);
    expect(headlines(await call<List>('GET', promotionPaths.organizationPromotions('demo'), advertiser))).toEqual(['Canoes']);
  });

  it('refuses an unknown filter or sort', async () => {
    for (const query of ['?filter=9', '?sortBy=price', '?records=101']) {
      const response = await t.app.inject({ method: 'GET', url: `${promotionPaths.channelIdPromotions(weeklyId)}${query}`, headers: editor });
      expect(response.statusCode, query).toBe(422);
    }
  });
});

describe('brands/{b}/promotions and organizations/{slug}/promotions', () => {
  it("lists a brand's promotions in a channel by date", async () => {
    expect(headlines(await call<List>('GET', `${promotionPaths.brandPromotions('demo')}?channelId=company&sortDate=asc`, editor))).toEqual(['Anchors', 'Buoys']);
    expect(headlines(await call<List>('GET', `${promotionPaths.brandPromotions('demo')}?channelId=${weeklyId}&keyword=canoe`, editor))).toEqual(['Canoes']);
    expect((await t.app.inject({ method: 'GET', url: `${promotionPaths.brandPromotions('demo')}?channelId=elsewhere`, headers: editor })).statusCode).toBe(404);
  });

  it('answers the days from..to, one item per occurrence on request, and in zone order by position', async () => {
    const url = promotionPaths.organizationPromotions('demo');
    expect(headlines(await call<List>('GET', `${url}?from=2099-03-02&to=2099-03-03&direction=asc`, editor))).toEqual(['Buoys', 'Canoes']);
    const occurrences = await call<List>('GET', `${url}?from=2099-03-01&to=2099-03-04&occurrences=true&direction=asc`, editor);
    expect(occurrences.items.map((p) => [p.occurrence, p.headline])).toEqual([
      ['2099-03-01', 'Anchors'],
      ['2099-03-02', 'Buoys'],
      ['2099-03-03', 'Buoys'],
      ['2099-03-03', 'Canoes'],
      ['2099-03-04', 'Buoys'],
    ]);
    expect(occurrences.total).toBe(5);
    // Buoys' ad type sits at position 10, Anchors' at 20; Canoes has none and comes last.
    expect(headlines(await call<List>('GET', `${url}?sortBy=position&direction=asc`, editor))).toEqual(['Buoys', 'Anchors', 'Canoes']);
    expect(headlines(await call<List>('GET', `${url}?channel=company`, editor))).toEqual(['Buoys', 'Anchors']);
    const backwards = await t.app.inject({ method: 'GET', url: `${url}?from=2099-03-04&to=2099-03-01`, headers: editor });
    expect(backwards.statusCode).toBe(422);
  });
});

describe('GET promotions', () => {
  it("answers the channels' approved promotions on the dates, each with its block's MJML on request", async () => {
    const url = promotionPaths.promotions();
    const plain = await call<List>('GET', `${url}?channelSlug=weekly&dates[]=2099-03-03&dates[]=2099-03-01&status=approved`, editor);
    expect(headlines(plain)).toEqual(['Canoes', 'Buoys']);
    expect(plain.items[0]).not.toHaveProperty('mjml');
    expect(headlines(await call<List>('GET', `${url}?channelSlug=weekly&dates[]=2099-03-01&status=any`, editor))).toEqual(['Anchors']);
    const rendered = await call<List>('GET', `${url}?channels[]=weekly&dates[]=2099-03-10&mjml=true`, editor);
    expect(headlines(rendered)).toEqual(['Canoes']);
    expect(rendered.items[0]!.mjml).toContain('<mj-');
    expect(rendered.items[0]!.mjml).toContain('About Canoes');
    expect(rendered.items[0]!.mjml).not.toContain('{{promotion.');
    expect(rendered.items[0]!.html).toContain('About Canoes');
    expect(headlines(await call<List>('GET', `${url}?channelSlug=weekly&dates[]=2099-03-03`, advertiser))).toEqual(['Canoes']);
    const none = await t.app.inject({ method: 'GET', url, headers: editor });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors).toEqual({ channelSlug: ['Name a channel (channelSlug or channels[]).'] });
  });
});

describe('customizations/{id}', () => {
  it('reads, updates and deletes an ad type (members only); its promotions keep their content without a type', async () => {
    const anchors = made.get('Anchors')!;
    const url = promotionPaths.customization('demo', anchors.adTypeId!);
    expect(await call<{ title: string; zone: number }>('GET', url, advertiser)).toMatchObject({ title: 'Second', zone: 2 });
    expect(await call<{ position: number }>('POST', url, editor, { title: 'Second', position: -5 })).toMatchObject({ position: 0 });
    expect((await t.app.inject({ method: 'DELETE', url, headers: advertiser })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url, headers: editor })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url, headers: editor })).statusCode).toBe(404);
    expect(await call<Promotion>('GET', promotionPaths.promotion(anchors.id), editor)).toMatchObject({ headline: 'Anchors', adTypeId: null, content: 'About Anchors' });
  });
});
