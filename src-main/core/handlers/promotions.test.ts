import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignMetrics, Promotion } from '../../../shared/contract/platform-promotions';
import { call, useTestPlatform, WEEKLY } from '../testing/test-core';
import { PROMOTIONS_OFFLINE_MESSAGE } from './promotions';

// The promotions channels through the core against a real platform, as the demo editor:
// a campaign through its setup to approval, collateral refused then saved, approved,
// previewed and found for its day; offline, each says it needs the platform.

const testPlatform = useTestPlatform({ faultyProxy: true });

const collateral = {
  headline: '',
  content: 'Sail the bay.',
  image: '',
  imageAlternativeText: '',
  callToAction: 'Book',
  callToActionUrl: 'https://boats.example/book',
  promoterDisplayName: 'Boats',
  dateRangeStart: '2099-07-01',
  dateRangeEnd: '2099-07-03',
  dates: [],
  adTypeId: null,
  zone: 1,
};

describe('promotions through the core', () => {
  it('creates, steps and approves a campaign with collateral, and answers its day, preview and metrics', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const created = await call<Campaign>(core, 'promotions.createCampaign', {
      brandSlug: 'demo',
      campaign: { title: 'Sailing', promoterName: 'Boats', promoterEmail: '', channels: [], campaignInstructions: '', dateRangeStart: null, dateRangeEnd: null, isTemplate: false },
    });
    for (const status of [7, 2, 5]) await call(core, 'promotions.setCampaignStatus', { uniqueId: created.uniqueId, status, comment: '' });

    const refused = await core.dispatch('promotions.saveCollateral', { campaignUniqueId: created.uniqueId, id: null, collateral: { ...collateral, callToActionUrl: 'http://boats.example' } });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { callToActionUrl: ['The call to action URL must be a full https:// address.'] } } });
    const saved = await call<Promotion>(core, 'promotions.saveCollateral', { campaignUniqueId: created.uniqueId, id: null, collateral });
    expect(saved.headline).toBe('A Compelling Headline');
    const approved = await call<Promotion>(core, 'promotions.review', { ...WEEKLY, promotionId: saved.id, kind: 'approve', message: 'ok' });
    expect(approved.status).toBe(4);

    const opened = await call<{ campaign: Campaign; promotions: Promotion[] }>(core, 'promotions.campaign', { uniqueId: created.uniqueId });
    expect(opened.campaign.status).toBe(5);
    expect(opened.promotions.map((p) => p.id)).toEqual([saved.id]);
    const listed = await call<{ campaigns: Campaign[] }>(core, 'promotions.campaigns', { brandSlug: 'demo', status: 5, search: 'sail', page: 1 });
    expect(listed.campaigns.map((c) => c.uniqueId)).toEqual([created.uniqueId]);
    const onDay = await call<{ items: Promotion[] }>(core, 'promotions.scheduled', { ...WEEKLY, date: '2099-07-02' });
    expect(onDay.items.map((p) => p.id)).toEqual([saved.id]);
    const offDay = await call<{ items: Promotion[] }>(core, 'promotions.scheduled', { ...WEEKLY, date: '2099-07-04' });
    expect(offDay.items).toEqual([]);
    const preview = await call<{ html: string }>(core, 'promotions.preview', { promotionId: saved.id });
    expect(preview.html).toContain('Sail the bay.');
    const metrics = await call<CampaignMetrics>(core, 'promotions.metrics', { brandSlug: 'demo', campaignId: created.id });
    expect(metrics).toMatchObject({ clicks: 0, views: 0, metricsByDay: [] });
    expect(await call<string>(core, 'promotions.metricsCsv', { brandSlug: 'demo', campaignId: created.id })).toContain('date,clicks,impressions,promotions');

    await call(core, 'promotions.comment', { channelSlug: 'weekly', campaignId: created.id, status: 5, comment: 'Runs in July' });
    const thread = await call<{ comments: { comment: string; status: number | null }[] }>(core, 'promotions.comments', { channelSlug: 'weekly', campaignId: created.id });
    expect(thread.comments.map((c) => [c.comment, c.status])).toEqual([['Runs in July', null], ['', 5], ['', 2], ['', 7]]);
  });

  it('makes templates through the scaffold call; a clone of one is a campaign', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const template = await call<Campaign>(core, 'promotions.createCampaign', {
      brandSlug: 'demo',
      campaign: { title: 'Spotlight', promoterName: '', promoterEmail: '', channels: ['weekly'], campaignInstructions: '', dateRangeStart: null, dateRangeEnd: null, isTemplate: true },
    });
    expect(template.isTemplate).toBe(true);
    const copy = await call<Campaign>(core, 'promotions.cloneCampaign', { brandSlug: 'demo', id: template.id });
    expect(copy).toMatchObject({ title: 'Spotlight', isTemplate: false, status: 0, channels: ['weekly'] });
  });

  it('saves ad types with the position clamped, each a zone, and deletes them', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const input = { title: 'Banner', headingCharacterCount: 40, contentCharacterCount: 300, callToActionCharacterCount: 20, imageWidth: 600, imageHeight: 200, inventory: 2, position: 250 };
    const saved = await call<{ id: number; position: number; zone: number }>(core, 'promotions.saveAdType', { brandSlug: 'demo', id: null, adType: input });
    expect(saved).toMatchObject({ position: 100, zone: 1 });
    const listed = await call<{ items: { id: number }[] }>(core, 'promotions.adTypes', { brandSlug: 'demo' });
    expect(listed.items.map((a) => a.id)).toContain(saved.id);
    await call(core, 'promotions.deleteAdType', { brandSlug: 'demo', id: saved.id });
    expect((await call<{ items: { id: number }[] }>(core, 'promotions.adTypes', { brandSlug: 'demo' })).items.map((a) => a.id)).not.toContain(saved.id);
  });

  it('says promotions need the platform when it cannot be reached, and changes nothing', async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    testPlatform.proxy().mode = 'down';
    const result = await core.dispatch('promotions.campaigns', { brandSlug: 'demo', status: 6, search: '', page: 1 });
    expect(result).toEqual({ ok: false, error: { code: 'offline', message: PROMOTIONS_OFFLINE_MESSAGE } });
  });
});
