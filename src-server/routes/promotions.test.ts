import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MeResponseSchema, platformPaths } from '../../shared/contract/platform-api';
import type { Campaign, CampaignMetrics, Promotion } from '../../shared/contract/platform-promotions';
import { WeekPromotionsSchema, promotionPaths } from '../../shared/contract/platform-promotions';
import dayjs from 'dayjs';
import { newSection } from '../../shared/model/section-factory';
import type { Section } from '../../shared/model/section';
import { signIn } from '../testing/test-app';
import { FUTURE_DATE } from '../testing/letter-fixtures';
import { paragraph } from '../testing/delivery-fixtures';
import { PUBLIC_URL, hrefsOf, pathOf, startTrackingHarness } from '../tracking/tracking-test-support';
import type { TrackingHarness } from '../tracking/tracking-test-support';
import { fillScheduledPromotions } from '../promotions/scheduled-promotions';
import { promotionMergeTag } from '../../shared/render/blocks/promotion';
import { adTypeNeedsImageMessage } from '../promotions/promotion-review';

// Promotions end to end on the platform: an advertiser's campaign and collateral, an
// editor's approval, a real scheduled send that fills the zone, a click and an open that
// come back as the campaign's metrics; and what an advertiser may not see.

const SEND_DAY = FUTURE_DATE.slice(0, 10);
const CTA_URL = 'https://boats.example/book?from=letter';

let h: TrackingHarness;
let advertiser: { authorization: string };
let otherAdvertiser: { authorization: string };
let campaign: Campaign;
let promotion: Promotion;

async function call<T>(method: 'GET' | 'POST' | 'DELETE', url: string, headers: object, payload?: object, status = 200): Promise<T> {
  const response = await h.app.inject({ method, url, headers: headers as Record<string, string>, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return (response.body ? response.json() : undefined) as T;
}

function zoneLetter(zone: number): string {
  const block = newSection('newpromotion', 'promo');
  const sections: Section[] = [paragraph('p-body', 'Harbour news.'), { ...block, blockModel: { ...block.blockModel, zone } }, newSection('footer', 'footer')];
  return JSON.stringify(sections);
}

beforeAll(async () => {
  h = await startTrackingHarness();
  for (const [email, name] of [['ads@boats.example', 'Boats'], ['ads@rival-ads.example', 'Other']]) {
    await call('POST', promotionPaths.advertisers('demo'), h.editor, { email, name, password: 'advertiser-pass' }, 201);
  }
  advertiser = await signIn(h.app, 'ads@boats.example', 'advertiser-pass');
  otherAdvertiser = await signIn(h.app, 'ads@rival-ads.example', 'advertiser-pass');
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('an advertiser', () => {
  it('finds the organization of their grant in /api/me, marked advertiser; a member keeps their role', async () => {
    const me = MeResponseSchema.parse(await call('GET', platformPaths.me(), advertiser));
    expect(me.organizations.map((o) => [o.slug, o.role])).toEqual([['demo', 'advertiser']]);
    expect(me.organizations[0]!.channels.map((c) => c.channelSlug)).toContain('weekly');
    const editorMe = MeResponseSchema.parse(await call('GET', platformPaths.me(), h.editor));
    expect(editorMe.organizations.find((o) => o.slug === 'demo')?.role).not.toBe('advertiser');
  });

  it('creates a campaign that starts its setup at 0 and steps 0 → 7 → 2', async () => {
    campaign = await call<Campaign>('POST', promotionPaths.campaigns('demo'), advertiser, { title: '', promoterName: 'Boats Ltd', promoterEmail: 'Owner@Boats.example', channels: ['weekly'], status: 5 }, 201);
    expect(campaign).toMatchObject({ title: 'New campaign', status: 0, promoterEmail: 'owner@boats.example', channels: ['weekly'] });
    for (const status of [7, 2]) {
      campaign = await call<Campaign>('POST', promotionPaths.campaignStatus(campaign.uniqueId), advertiser, { status });
      expect(campaign.status).toBe(status);
    }
    const refused = await h.app.inject({ method: 'POST', url: promotionPaths.campaignStatus(campaign.uniqueId), headers: advertiser, payload: { status: 5 } });
    expect(refused.statusCode).toBe(403);
  });

  it('is told what is wrong with collateral and nothing is stored', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: promotionPaths.createCollateral(campaign.uniqueId),
      headers: advertiser,
      payload: { headline: 'x'.repeat(51), callToAction: 'Book', callToActionUrl: 'http://boats.example', dates: [SEND_DAY] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      headline: ['The headline should be no more than 50 characters.'],
      callToActionUrl: ['The call to action URL must be a full https:// address.'],
    });
    const listed = await call<{ total: number }>('GET', promotionPaths.campaignPromotions(campaign.uniqueId), advertiser);
    expect(listed.total).toBe(0);
  });

  it('adds collateral for the send day; a blank headline falls back to the default', async () => {
    promotion = await call<Promotion>(
      'POST',
      promotionPaths.createCollateral(campaign.uniqueId),
      advertiser,
      { headline: '', content: 'Sail the bay this weekend.', callToAction: 'Book a boat', callToActionUrl: CTA_URL, dates: [SEND_DAY], zone: 1, payActionValue: 2 },
      201,
    );
    expect(promotion).toMatchObject({ headline: 'A Compelling Headline', status: 0, zone: 1, payText: '$2 per click' });
  });

  it('previews the collateral as the letter will show it; another advertiser cannot', async () => {
    const preview = await call<{ html: string }>('GET', promotionPaths.collateralPreview(promotion.id), advertiser);
    expect(preview.html).toContain('A Compelling Headline');
    expect(preview.html).toContain('Sail the bay this weekend.');
    expect(preview.html).toContain(`href="${CTA_URL.replace('&', '&amp;')}"`);
    expect(preview.html).not.toContain('{{promotion.');
    expect((await h.app.inject({ method: 'GET', url: promotionPaths.collateralPreview(promotion.id), headers: otherAdvertiser })).statusCode).toBe(404);
  });

  it('sees only its own campaigns, and no letters at all', async () => {
    const own = await call<{ campaigns: Campaign[] }>('GET', `${promotionPaths.campaigns('demo')}?status=6`, advertiser);
    expect(own.campaigns.map((c) => c.id)).toEqual([campaign.id]);
    const other = await call<{ campaigns: Campaign[]; total: number }>('GET', promotionPaths.campaigns('demo'), otherAdvertiser);
    expect(other).toEqual({ campaigns: [], total: 0 });
    for (const url of [promotionPaths.campaign('demo', campaign.id), promotionPaths.campaignByUniqueId(campaign.uniqueId), promotionPaths.campaignMetrics('demo', campaign.id)]) {
      expect((await h.app.inject({ method: 'GET', url, headers: otherAdvertiser })).statusCode).toBe(404);
    }
    const letters = await h.app.inject({ method: 'GET', url: platformPaths.letters('demo', 'weekly'), headers: advertiser });
    expect(letters.statusCode).toBe(403);
    const approve = await h.app.inject({ method: 'POST', url: promotionPaths.approve('demo', 'weekly', promotion.id), headers: advertiser, payload: { message: 'self' } });
    expect(approve.statusCode).toBe(403);
  });
});

describe('an editor', () => {
  it('filters campaigns All / Active / Inactive and searches them', async () => {
    const inactive = await call<{ campaigns: Campaign[] }>('GET', `${promotionPaths.campaigns('demo')}?status=2`, h.editor);
    expect(inactive.campaigns.map((c) => c.id)).toContain(campaign.id);
    const active = await call<{ campaigns: Campaign[] }>('GET', `${promotionPaths.campaigns('demo')}?status=5`, h.editor);
    expect(active.campaigns.map((c) => c.id)).not.toContain(campaign.id);
    const found = await call<{ campaigns: Campaign[] }>('GET', `${promotionPaths.campaigns('demo')}?search=boats%20ltd`, h.editor);
    expect(found.campaigns.map((c) => c.id)).toEqual([campaign.id]);
  });

  it('requests changes, then approves the promotion and the campaign, each with its message in the thread', async () => {
    const sentBack = await call<{ promotion: Promotion; message: { message: string } }>('POST', promotionPaths.requestChanges('demo', 'weekly', promotion.id), h.editor, { message: 'Add a price' });
    expect(sentBack.promotion.status).toBe(0);
    const approved = await call<{ promotion: Promotion }>('POST', promotionPaths.approve('demo', 'weekly', promotion.id), h.editor, { message: 'Looks good' });
    expect(approved.promotion.status).toBe(4);
    expect(approved.promotion.messages.map((m) => [m.kind, m.message])).toEqual([['request-changes', 'Add a price'], ['approve', 'Looks good']]);
    const active = await call<Campaign>('POST', promotionPaths.channelCampaignStatus('weekly', campaign.id), h.editor, { status: 5, comment: 'Running from June' });
    expect(active.status).toBe(5);
    const thread = await call<{ comments: { comment: string; status: number | null }[] }>('GET', `${promotionPaths.campaignComments('weekly', campaign.id)}?records=250`, h.editor);
    expect(thread.comments[0]).toMatchObject({ comment: 'Running from June', status: 5 });
    const scheduled = await call<{ items: Promotion[] }>('GET', `${promotionPaths.channelPromotions('demo', 'weekly')}?date=${SEND_DAY}`, h.editor);
    expect(scheduled.items.map((p) => p.id)).toEqual([promotion.id]);
  });

  it("lists the channel's week of approved promotions from firstDate; an advertiser cannot see the publisher's week", async () => {
    const before = dayjs(SEND_DAY).subtract(2, 'day').format('YYYY-MM-DD');
    const week = WeekPromotionsSchema.parse(await call('GET', `${promotionPaths.weekPromotions('weekly')}?firstDate=${before}`, h.editor));
    expect(week.days.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => dayjs(before).add(i, 'day').format('YYYY-MM-DD')));
    expect(week.days.map((d) => d.items.map((p) => p.id))).toEqual([[], [], [promotion.id], [], [], [], []]);
    const refused = await h.app.inject({ method: 'GET', url: `${promotionPaths.weekPromotions('weekly')}?firstDate=${before}`, headers: advertiser });
    expect(refused.statusCode).toBe(404);
    const bad = await h.app.inject({ method: 'GET', url: `${promotionPaths.weekPromotions('weekly')}?firstDate=next-week`, headers: h.editor });
    expect(bad.statusCode).toBe(422);
  });

  it('sends a letter whose zone carries the promotion; its click and open are the campaign metrics', async () => {
    const audience = await h.audience(['ada', 'bo']);
    await h.sendLetter(audience.segmentId, { blocks: zoneLetter(1), publicationDate: FUTURE_DATE });
    const mail = h.mailTo(audience.email('ada'));
    const html = String(mail.mail.html);
    expect(html).toContain('A Compelling Headline');
    expect(html).toContain('Sail the bay this weekend.');
    expect(html).not.toContain('{{promotion.');
    let clicked = false;
    for (const href of hrefsOf(mail).filter((href) => href.startsWith(`${PUBLIC_URL}/t/c/`))) {
      const response = await h.app.inject({ method: 'GET', url: pathOf(href) });
      if (response.headers.location === CTA_URL) {
        clicked = true;
        break;
      }
    }
    expect(clicked).toBe(true);
    const pixel = html.match(/\/t\/o\/[^"]+\.gif/)![0];
    expect((await h.app.inject({ method: 'GET', url: pixel })).statusCode).toBe(200);

    const metrics = await call<CampaignMetrics>('GET', promotionPaths.campaignMetrics('demo', campaign.id), advertiser);
    expect(metrics.clicks).toBe(1);
    expect(metrics.views).toBe(1);
    expect(metrics.metricsByPromotion).toEqual([{ promotionId: promotion.id, headline: 'A Compelling Headline', clicks: 1, impressions: 1, payText: '$2 per click' }]);
    expect(metrics.metricsByDay).toHaveLength(1);
    expect(metrics.metricsByDay[0]).toMatchObject({ clicks: 1, impressions: 1, promotions: 1 });
    const listed = await call<Campaign>('GET', promotionPaths.campaign('demo', campaign.id), h.editor);
    expect(listed).toMatchObject({ clicks: 1, views: 1 });
    const csv = await h.app.inject({ method: 'GET', url: promotionPaths.campaignMetricsDownload('demo', campaign.id), headers: advertiser });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain(`${promotion.id},A Compelling Headline,1,1,$2 per click`);
  }, 60_000);

  it('emails the metrics CSV as an attachment with the message; bad addresses and other advertisers queue nothing', async () => {
    const url = promotionPaths.campaignMetricsExport('demo', campaign.id);
    const before = h.smtp.received.length;
    for (const [payload, headers, status] of [
      [{ email: 'not-an-address' }, advertiser, 422],
      [{}, advertiser, 422],
      [{ email: 'boss@boats.example' }, otherAdvertiser, 404],
    ] as const) {
      expect((await h.app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(status);
    }
    const queued = await call<{ queued: boolean }>('POST', url, advertiser, { email: 'Boss@Boats.example', message: 'Numbers for <June>' }, 202);
    expect(queued.queued).toBe(true);
    await expect.poll(() => h.smtp.received.some((m) => m.envelope.to.includes('boss@boats.example')), { timeout: 20_000 }).toBe(true);
    expect(h.smtp.received.length).toBe(before + 1);
    const mail = h.smtp.received.find((m) => m.envelope.to.includes('boss@boats.example'))!;
    expect(String(mail.mail.html)).toContain('Numbers for &lt;June&gt;');
    const attachment = mail.mail.attachments[0]!;
    expect(attachment.filename).toBe(`campaign-${campaign.id}-metrics.csv`);
    expect(attachment.contentType).toBe('text/csv');
    const download = await h.app.inject({ method: 'GET', url: promotionPaths.campaignMetricsDownload('demo', campaign.id), headers: advertiser });
    expect(attachment.content.toString('utf8')).toBe(download.body);
    expect(download.body).toContain(`${promotion.id},A Compelling Headline,1,1,$2 per click`);
  }, 60_000);

  it("answers one promotion's CSV and a channel's promotion metrics, counted in that channel's letters", async () => {
    const csv = await h.app.inject({ method: 'GET', url: promotionPaths.promotionMetricsDownload(promotion.id), headers: advertiser });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="promotion-${promotion.id}-metrics.csv"`);
    expect(csv.body).toContain(`${promotion.id},A Compelling Headline,1,1,$2 per click`);
    expect((await h.app.inject({ method: 'GET', url: promotionPaths.promotionMetricsDownload(promotion.id), headers: otherAdvertiser })).statusCode).toBe(404);
    const byIds = (ids: string, who: object = h.editor) => call<CampaignMetrics>('GET', `${promotionPaths.channelIdPromotionMetrics(h.weekly.channelId)}?promotionIds=${ids}`, who);
    expect(await byIds(String(promotion.id))).toMatchObject({ clicks: 1, views: 1, metricsByPromotion: [{ promotionId: promotion.id, clicks: 1 }] });
    expect(await byIds(String(promotion.id + 1000))).toMatchObject({ clicks: 0, views: 0, metricsByPromotion: [] });
    // Another advertiser's metrics hold only their own promotions: none.
    expect(await byIds(String(promotion.id), otherAdvertiser)).toMatchObject({ clicks: 0, metricsByPromotion: [] });
    expect(await call<CampaignMetrics>('GET', promotionPaths.channelPromotionMetrics('demo', 'weekly'), advertiser)).toMatchObject({ clicks: 1, views: 1 });
    // The campaign runs in weekly only: the company channel carried none of it.
    expect(await call<CampaignMetrics>('GET', promotionPaths.channelPromotionMetrics('demo', 'company'), h.editor)).toMatchObject({ clicks: 0, views: 0 });
  });

  it('keeps a campaign that ran; clones it as a new campaign at status 0 with unapproved collateral', async () => {
    const refused = await h.app.inject({ method: 'DELETE', url: promotionPaths.campaignDelete('demo', campaign.id), headers: h.editor });
    expect(refused.statusCode).toBe(409);
    const copy = await call<Campaign>('POST', promotionPaths.campaignClone('demo', campaign.id), h.editor, undefined, 201);
    expect(copy).toMatchObject({ title: 'Copy of New campaign', status: 0 });
    const promotions = await call<{ items: Promotion[] }>('GET', promotionPaths.campaignPromotions(copy.uniqueId), h.editor);
    expect(promotions.items.map((p) => p.status)).toEqual([0]);
    await call('DELETE', promotionPaths.campaignDelete('demo', copy.id), h.editor, undefined, 204);
  });

  it('keeps ad types with default limits, the position clamped, and a zone each', async () => {
    const created = await call<{ id: number; position: number; headingCharacterCount: number; imageWidth: number; zone: number }>(
      'POST',
      promotionPaths.customizations('demo'),
      h.editor,
      { title: 'Sponsored', position: 250 },
      201,
    );
    expect(created).toMatchObject({ position: 100, headingCharacterCount: 50, imageWidth: 300, zone: 1 });
    const refused = await h.app.inject({ method: 'POST', url: promotionPaths.customizations('demo'), headers: advertiser, payload: { title: 'Mine' } });
    expect(refused.statusCode).toBe(403);
    const promoters = await call<{ items: { email: string }[] }>('GET', promotionPaths.promoters('demo'), h.editor);
    expect(promoters.items.map((p) => p.email)).toContain('owner@boats.example');

    // Preview per ad type: the collateral in the legacy block of that ad type.
    const byType = await call<{ html: string }>('GET', `${promotionPaths.collateralPreview(promotion.id)}?adTypeId=${created.id}`, advertiser);
    expect(byType.html).toContain('Sail the bay this weekend.');
    expect(byType.html).not.toContain('{{promotion.');
    const unknown = await h.app.inject({ method: 'GET', url: `${promotionPaths.collateralPreview(promotion.id)}?adTypeId=${created.id + 1000}`, headers: advertiser });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ adTypeId: ['This ad type does not exist.'] });
  });

  it("fills a legacy block's ad type slot with the day's approved promotion of that type, and records it", async () => {
    const adType = await call<{ id: number }>('POST', promotionPaths.customizations('demo'), h.editor, { title: 'Legacy', hasImage: false }, 201);
    const legacy = await call<Promotion>(
      'POST',
      promotionPaths.createCollateral(campaign.uniqueId),
      advertiser,
      { headline: 'Ferry times', callToAction: 'Timetable', callToActionUrl: 'https://ferries.example/times', dates: ['2099-09-09'], adTypeId: adType.id, zone: 2 },
      201,
    );
    await call('POST', promotionPaths.approve('demo', 'weekly', legacy.id), h.editor, { message: '' });
    const letter = await h.draftLetter();
    const slot = `adType${adType.id}`;
    const html = `<h2>${promotionMergeTag(slot, 'heading')}</h2><a href="${promotionMergeTag(slot, 'callToActionUrl')}">${promotionMergeTag(slot, 'callToAction')}</a>`;
    const organization = await h.t.db.selectFrom('organizations').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow();
    const fill = (day: string) => fillScheduledPromotions(h.t.db, { letterId: letter.id!, organizationId: organization.id, channelSlug: 'weekly', day, html });
    expect(await fill('2099-09-10')).toBe(html);
    expect(await fill('2099-09-09')).toBe('<h2>Ferry times</h2><a href="https://ferries.example/times">Timetable</a>');
    const carried = await h.t.db.selectFrom('letterPromotions').selectAll().where('letterId', '=', letter.id!).execute();
    expect(carried).toMatchObject([{ promotionId: legacy.id, slot, callToActionUrl: 'https://ferries.example/times' }]);

    // The ad type sells one a day (inventory 1): a second for that day is refused, one for another day is not.
    const second = await call<Promotion>('POST', promotionPaths.createCollateral(campaign.uniqueId), advertiser, { headline: 'More ferries', callToActionUrl: 'https://ferries.example/more', dateRangeStart: '2099-09-08', dateRangeEnd: '2099-09-10', adTypeId: adType.id }, 201);
    const refused = await h.app.inject({ method: 'POST', url: promotionPaths.approve('demo', 'weekly', second.id), headers: h.editor, payload: { message: '' } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Legacy has no inventory left on 2099-09-09: 1 of 1 approved.');
    const after = await call<{ items: Promotion[] }>('GET', promotionPaths.campaignPromotions(campaign.uniqueId), h.editor);
    expect(after.items.find((p) => p.id === second.id)).toMatchObject({ status: 0, messages: [] });
    const otherDay = await call<Promotion>('POST', promotionPaths.createCollateral(campaign.uniqueId), advertiser, { headline: 'Late ferries', callToActionUrl: 'https://ferries.example/late', dates: ['2099-09-11'], adTypeId: adType.id }, 201);
    await call('POST', promotionPaths.approve('demo', 'weekly', otherDay.id), h.editor, { message: '' });

    // An ad type that shows an image does not take collateral without one: readers would get an empty frame.
    const pictured = await call<{ id: number }>('POST', promotionPaths.customizations('demo'), h.editor, { title: 'Banner' }, 201);
    const imageless = await call<Promotion>('POST', promotionPaths.createCollateral(campaign.uniqueId), advertiser, { headline: 'No picture', callToActionUrl: 'https://ferries.example/none', dates: ['2099-09-12'], adTypeId: pictured.id }, 201);
    const noImage = await h.app.inject({ method: 'POST', url: promotionPaths.approve('demo', 'weekly', imageless.id), headers: h.editor, payload: { message: '' } });
    expect(noImage.statusCode).toBe(409);
    expect(noImage.json().message).toBe(adTypeNeedsImageMessage('Banner'));
    const unchanged = await call<{ items: Promotion[] }>('GET', promotionPaths.campaignPromotions(campaign.uniqueId), h.editor);
    expect(unchanged.items.find((p) => p.id === imageless.id)).toMatchObject({ status: 0, messages: [] });
  });
});
