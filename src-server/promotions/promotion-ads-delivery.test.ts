import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Campaign, Promotion } from '../../shared/contract/platform-promotions';
import { promotionPaths } from '../../shared/contract/platform-promotions';
import { defaultLetterSettings, type LetterSettings } from '../../shared/model/letter-settings';
import { sides } from '../../shared/model/border';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import { promoterAd } from '../../shared/rules/promotions';
import { platformPaths } from '../../shared/contract/platform-api';
import { paragraph } from '../testing/delivery-fixtures';
import { createLetterAs } from '../testing/letter-fixtures';
import { startTrackingHarness, type TrackingHarness } from '../tracking/tracking-test-support';

// The ads the schedule step submits (settings.promotionAds) through the real send: a job
// runner on PostgreSQL and an SMTP server on loopback. Two approved promotions share zone 1
// on the send day; the older one has no start date (it runs on a single date), so a letter
// that submitted both carries the other, and a letter that chose none carries neither.

const DAY = '2099-07-14';
const SEND_AT = `${DAY} 09:00:00`;

let h: TrackingHarness;
let campaign: Campaign;
let dated: Promotion;
let singleDay: Promotion;

async function call<T>(method: 'GET' | 'POST', url: string, payload?: object, status = 200): Promise<T> {
  const response = await h.app.inject({ method, url, headers: h.editor, ...(payload ? { payload } : {}) });
  expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(status);
  return response.json<T>();
}

function zoneLetter(): string {
  const block = newSection('newpromotion', 'promo');
  const sections: Section[] = [paragraph('p-body', 'Harbour news.'), { ...block, blockModel: { ...block.blockModel, zone: 1 } }, newSection('footer', 'footer')];
  return JSON.stringify(sections);
}

function settingsWith(change: Partial<LetterSettings>): string {
  return JSON.stringify({ ...defaultLetterSettings(), ...change });
}

async function collateral(headline: string, when: { dates: string[] } | { dateRangeStart: string; dateRangeEnd: string }): Promise<Promotion> {
  const created = await call<Promotion>(
    'POST',
    promotionPaths.createCollateral(campaign.uniqueId),
    { headline, content: `${headline} copy.`, callToAction: 'Book', callToActionUrl: `https://boats.example/${headline.toLowerCase().replace(/\W+/g, '-')}`, zone: 1, ...when },
    201,
  );
  await call('POST', promotionPaths.approve('demo', 'weekly', created.id), { message: '' });
  return created;
}

beforeAll(async () => {
  h = await startTrackingHarness();
  campaign = await call<Campaign>('POST', promotionPaths.campaigns('demo'), { title: 'Summer boats', promoterName: 'Boats Ltd', channels: ['weekly'] }, 201);
  singleDay = await collateral('Single day sail', { dates: [DAY] });
  dated = await collateral('Week of sails', { dateRangeStart: DAY, dateRangeEnd: '2099-07-20' });
}, 120_000);
afterAll(async () => {
  await h?.close();
});

describe('promoter ads submitted at scheduling', () => {
  it('are what the send carries: an ad submitted without a start date is skipped, and the letter keeps its promotion styles', async () => {
    const audience = await h.audience(['ada']);
    const promotionSettings = { ...defaultLetterSettings().promotionSettings, padding: sides(13), borders: { ...defaultLetterSettings().promotionSettings.borders, thickness: sides(3) } };
    const letter = await h.sendLetter(audience.segmentId, {
      blocks: zoneLetter(),
      publicationDate: SEND_AT,
      settings: settingsWith({ promotionSettings, promotionAds: { date: DAY, ads: [{ ...promoterAd(singleDay), dateStart: null }, promoterAd(dated)] } }),
    });
    const html = String(h.mailTo(audience.email('ada')).mail.html);
    expect(html).toContain('Week of sails');
    expect(html).not.toContain('Single day sail');
    expect(html).toMatch(/padding:13px[;"]/);
    expect(html).toContain('border-top:3px solid');
    const carried = await h.t.db.selectFrom('letterPromotions').select('promotionId').where('letterId', '=', letter.id!).execute();
    expect(carried.map((row) => row.promotionId)).toEqual([dated.id]);
  }, 60_000);

  it('carry collateral placed on single dates: it starts on its first date', async () => {
    const audience = await h.audience(['di']);
    expect(promoterAd(singleDay).dateStart).toBe(DAY);
    const letter = await h.sendLetter(audience.segmentId, { blocks: zoneLetter(), publicationDate: SEND_AT, settings: settingsWith({ promotionAds: { date: DAY, ads: [promoterAd(singleDay)] } }) });
    expect(String(h.mailTo(audience.email('di')).mail.html)).toContain('Single day sail');
    const carried = await h.t.db.selectFrom('letterPromotions').select('promotionId').where('letterId', '=', letter.id!).execute();
    expect(carried.map((row) => row.promotionId)).toEqual([singleDay.id]);
  }, 60_000);

  it('carry nothing when none was chosen for the day', async () => {
    const audience = await h.audience(['bo']);
    const letter = await h.sendLetter(audience.segmentId, { blocks: zoneLetter(), publicationDate: SEND_AT, settings: settingsWith({ promotionAds: { date: DAY, ads: [] } }) });
    const html = String(h.mailTo(audience.email('bo')).mail.html);
    expect(html).not.toContain('Week of sails');
    expect(html).not.toContain('Single day sail');
    expect(html).not.toContain('{{promotion.');
    expect(await h.t.db.selectFrom('letterPromotions').select('promotionId').where('letterId', '=', letter.id!).execute()).toEqual([]);
  }, 60_000);

  it("leave a letter without a choice for its day to the day's first promotion, as before", async () => {
    const audience = await h.audience(['cy']);
    // A choice made for another day does not count.
    await h.sendLetter(audience.segmentId, { blocks: zoneLetter(), publicationDate: SEND_AT, settings: settingsWith({ promotionAds: { date: '2099-07-15', ads: [] } }) });
    expect(String(h.mailTo(audience.email('cy')).mail.html)).toContain('Single day sail');
  }, 60_000);
});

describe('a test email', () => {
  it('carries the promotion its send day would, without an image element it lacks and without counting it; its reader links open the test-email page', async () => {
    const draft = await createLetterAs(h.app, h.editor, h.weekly, { blocks: zoneLetter(), publicationDate: SEND_AT });
    const sent = await h.app.inject({ method: 'POST', url: platformPaths.sendTestEmail(h.weekly.channelId, draft.id!), headers: h.editor, payload: { toEmail: 'promo-test@example.com' } });
    expect(sent.statusCode, sent.body).toBe(200);
    const html = String(h.mailTo('promo-test@example.com').mail.html);
    // The oldest approved promotion of the day for zone 1, as the send would place it.
    expect(html).toContain('Single day sail');
    expect(html).not.toContain('{{promotion.');
    // Saved without an image: no image element, no empty src.
    expect(html).not.toMatch(/<img[^>]*src=""/);
    // Saved without a promoter's display name: no "Promotion from" with no one after it.
    expect(html).not.toContain('Promotion from');
    expect(html).not.toContain('ld-slot');
    expect(await h.t.db.selectFrom('letterPromotions').select('promotionId').where('letterId', '=', draft.id!).execute()).toEqual([]);

    const unsubscribe = /href="([^"]*\/test-email)"/.exec(html)?.[1];
    expect(unsubscribe).toBeDefined();
    for (const method of ['GET', 'POST'] as const) {
      const page = await h.app.inject({ method, url: new URL(unsubscribe!).pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('This is a test email: nothing was recorded.');
    }
  });
});
