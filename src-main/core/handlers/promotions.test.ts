import { describe, expect, it } from 'vitest';
import type { Campaign, CampaignMetrics, Promotion } from '../../../shared/contract/platform-promotions';
import type { Letter } from '../../../shared/model/letter';
import { PublicationStatus } from '../../../shared/model/publication';
import { newSection } from '../../../shared/model/section-factory';
import { call, platformView, useTestPlatform, WEEKLY } from '../testing/test-core';
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

  it("submits the letter's promoter ads at Schedule (the chosen ones or the day's; one lacking a start date is skipped) and previews what the send carries", async () => {
    const { core } = await testPlatform.openCore();
    await call(core, 'app.session', {});
    const day = '2099-08-01';
    const campaign = await call<Campaign>(core, 'promotions.createCampaign', {
      brandSlug: 'demo',
      campaign: { title: 'August', promoterName: 'Boats', promoterEmail: '', channels: ['weekly'], campaignInstructions: '', dateRangeStart: null, dateRangeEnd: null, isTemplate: false },
    });
    const approved = async (dates: { headline: string; dates?: string[]; dateRangeStart?: string; dateRangeEnd?: string }) => {
      const saved = await call<Promotion>(core, 'promotions.saveCollateral', { campaignUniqueId: campaign.uniqueId, id: null, collateral: { ...collateral, dateRangeStart: null, dateRangeEnd: null, ...dates } });
      await call(core, 'promotions.review', { ...WEEKLY, promotionId: saved.id, kind: 'approve', message: '' });
      return saved;
    };
    const singleDay = await approved({ headline: 'Single day sail', dates: [day] });
    const dated = await approved({ headline: 'Week of sails', dateRangeStart: day, dateRangeEnd: day });
    const zoneBlock = newSection('newpromotion', 'promo');
    const blocks = JSON.stringify([{ ...zoneBlock, blockModel: { ...zoneBlock.blockModel, zone: 1 } }, newSection('footer', 'footer')]);

    const schedule = async (choice?: Letter['settings']['promotionAds']) => {
      const letter = await call<Letter>(core, 'letters.create', WEEKLY);
      await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { title: 'August news', blocks } });
      const inSchedule = await call<Letter>(core, 'letters.changeStatus', { uniqueId: letter.uniqueId, to: PublicationStatus.schedule });
      await call(core, 'letters.saveLocal', {
        uniqueId: letter.uniqueId,
        changes: {
          subtitle: 'Boats',
          segmentId: 0,
          segmentName: 'All active subscribers',
          publicationDate: `${day} 10:00:00`,
          openGraphHeadline: 'Boats',
          settings: { ...inSchedule.settings, ...(choice ? { promotionAds: choice } : {}) },
        },
      });
      await call(core, 'letters.schedule', { uniqueId: letter.uniqueId });
      return (await (await platformView(testPlatform.platform().url)).letter(letter.id!))?.settings.promotionAds;
    };

    // No choice: every ad of the day; single dates start on the first of them.
    const submitted = await schedule();
    expect(submitted?.date).toBe(day);
    expect([...(submitted?.ads ?? [])].sort((a, b) => a.id - b.id)).toEqual([{ id: singleDay.id, zone: 1, dateStart: day }, { id: dated.id, zone: 1, dateStart: day }]);
    // The editor's choice for the day, with an ad that reached the submit without a start date: it is skipped.
    expect(await schedule({ date: day, ads: [{ id: singleDay.id, zone: 1, dateStart: null }, { id: dated.id, zone: 1, dateStart: day }] })).toEqual({ date: day, ads: [{ id: dated.id, zone: 1, dateStart: day }] });

    // The schedule step's preview shows what the send will carry, and empties the rest.
    const previewWith = async (choice?: Letter['settings']['promotionAds']) => {
      const letter = await call<Letter>(core, 'letters.create', WEEKLY);
      const settings = { ...letter.settings, ...(choice ? { promotionAds: choice } : {}) };
      await call(core, 'letters.saveLocal', { uniqueId: letter.uniqueId, changes: { blocks, publicationDate: `${day} 10:00:00`, settings } });
      return (await call<{ html: string }>(core, 'promotions.schedulePreview', { uniqueId: letter.uniqueId })).html;
    };
    const chosen = await previewWith({ date: day, ads: [{ id: dated.id, zone: 1, dateStart: day }] });
    expect(chosen).toContain('Week of sails');
    expect(chosen).not.toContain('Single day sail');
    expect(chosen).not.toContain('{{promotion.');
    // Without a choice the slot takes the day's first promotion, as the send does.
    const all = await previewWith();
    expect(all).toContain('Single day sail');
    expect(all).not.toContain('Week of sails');
    const none = await previewWith({ date: day, ads: [] });
    expect(none).not.toContain('Week of sails');
    expect(none).not.toContain('{{promotion.');
  });
});
