import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, CampaignEvent, Promotion } from '../../shared/contract/platform-promotions';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../db/seed-demo';
import { createTestApp, signIn, type TestApp } from '../testing/test-app';

// A campaign's history through GET .../campaigns/{id}/events: what the advertiser and the
// editor did, newest first, with who did it, paged and filtered by type.

let t: TestApp;
let editor: { authorization: string };
let advertiser: { authorization: string };
let otherAdvertiser: { authorization: string };
let campaign: Campaign;
let promotion: Promotion;

async function call<T>(method: 'GET' | 'POST', url: string, headers: object, payload?: object, status = 200): Promise<T> {
  const response = await t.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json() as T;
}

const events = (query = '', who: object = editor) =>
  call<{ items: CampaignEvent[]; total: number; page: number; records: number }>('GET', `${promotionPaths.campaignEvents('demo', campaign.id)}${query}`, who);

beforeAll(async () => {
  t = await createTestApp();
  editor = await signIn(t.app, DEMO_EMAIL, DEMO_PASSWORD);
  for (const email of ['ads@sails.example', 'ads@other.example']) {
    await call('POST', promotionPaths.advertisers('demo'), editor, { email, name: 'Sails', password: 'advertiser-pass' }, 201);
  }
  advertiser = await signIn(t.app, 'ads@sails.example', 'advertiser-pass');
  otherAdvertiser = await signIn(t.app, 'ads@other.example', 'advertiser-pass');
  campaign = await call<Campaign>('POST', promotionPaths.campaigns('demo'), advertiser, { title: 'Sails', promoterName: 'Sails Ltd' }, 201);
  await call('POST', promotionPaths.campaignStatus(campaign.uniqueId), advertiser, { status: 7, comment: 'Choosing promotions' });
  promotion = await call<Promotion>('POST', promotionPaths.createCollateral(campaign.uniqueId), advertiser, { callToActionUrl: 'https://sails.example', dates: ['2099-01-02'] }, 201);
  await call('POST', promotionPaths.requestChanges('demo', 'weekly', promotion.id), editor, { message: 'Add a price' });
  await call('POST', promotionPaths.approve('demo', 'weekly', promotion.id), editor, { message: 'Looks good' });
  await call('POST', promotionPaths.channelCampaignStatus('weekly', campaign.id), editor, { status: 7, comment: 'Nice boats' });
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('campaign events', () => {
  it('lists the whole history newest first, with who did what', async () => {
    const answer = await events();
    expect(answer.total).toBe(6);
    expect(answer.items.map((e) => [e.type, e.message])).toEqual([
      ['comment', 'Nice boats'],
      ['collateral-approved', 'Looks good'],
      ['changes-requested', 'Add a price'],
      ['collateral-submitted', ''],
      ['status-changed', 'Choosing promotions'],
      ['created', ''],
    ]);
    const [comment, approved, , submitted, status, created] = answer.items;
    expect(comment!.authorName).not.toBe('Sails');
    expect(approved!.promotionId).toBe(promotion.id);
    expect(submitted).toMatchObject({ promotionId: promotion.id, authorName: 'Sails' });
    expect(status).toMatchObject({ status: 7, authorName: 'Sails' });
    expect(created).toMatchObject({ status: 0, authorName: 'Sails', createdAt: campaign.createdAt });
    expect(new Set(answer.items.map((e) => e.id)).size).toBe(6);
  });

  it('pages and filters by type', async () => {
    const second = await events('?page=2&records=4');
    expect(second).toMatchObject({ total: 6, page: 2, records: 4 });
    expect(second.items.map((e) => e.type)).toEqual(['status-changed', 'created']);
    const past = await events('?page=9&records=4');
    expect(past).toMatchObject({ items: [], total: 6 });
    const reviews = await events('?type=collateral-approved&type=changes-requested');
    expect(reviews.items.map((e) => e.type)).toEqual(['collateral-approved', 'changes-requested']);
    expect((await events('?type=created,comment')).items.map((e) => e.type)).toEqual(['comment', 'created']);
  });

  it('is the advertiser’s own history, and no one else’s', async () => {
    expect((await events('', advertiser)).total).toBe(6);
    const other = await t.app.inject({ method: 'GET', url: promotionPaths.campaignEvents('demo', campaign.id), headers: otherAdvertiser });
    expect(other.statusCode).toBe(404);
    expect(other.body).not.toContain('Nice boats');
  });

  it('refuses an unknown type or page size', async () => {
    for (const query of ['?type=deleted', '?records=0', '?records=251', '?page=0']) {
      const response = await t.app.inject({ method: 'GET', url: `${promotionPaths.campaignEvents('demo', campaign.id)}${query}`, headers: editor });
      expect(response.statusCode, query).toBe(422);
    }
    const bad = await t.app.inject({ method: 'GET', url: `${promotionPaths.campaignEvents('demo', campaign.id)}?type=deleted`, headers: editor });
    expect(JSON.stringify(bad.json().errors)).toContain('Event types are created, status-changed');
  });
});
