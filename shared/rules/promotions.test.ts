import { describe, expect, it } from 'vitest';
import { newSection } from '../model/section-factory';
import {
  adsToSubmit,
  approvedAfterSchedulingNotice,
  fillsLetterSlot,
  letterPromotionSlots,
  weekdayMonthDay,
  allPromotionsAdded,
  carriedPromotionIds,
  chosenAds,
  campaignMatchesFilter,
  campaignStepLabel,
  clampAdTypePosition,
  collateralErrors,
  missingPromotionsNotice,
  missingZones,
  nextCampaignStatus,
  payText,
  priorCampaignStatus,
  promoterAd,
  promotionHeadline,
  promotionDays,
  promotionRunsOn,
  zoneChoices,
  zoneDescription,
} from './promotions';

const limits = { headingCharacterCount: 50, contentCharacterCount: 600, callToActionCharacterCount: 50 };
const fields = {
  headline: 'Sail with us',
  content: 'Boats.',
  callToAction: 'Book now',
  callToActionUrl: 'https://boats.example/book',
  dateRangeStart: '2026-12-01',
  dateRangeEnd: null,
  dates: [] as string[],
};

describe('campaign statuses', () => {
  it('steps 0 → 7 → 2, anything else back to 0; prior 1 → 7, else 0', () => {
    expect([0, 7, 2, 5, 1].map(nextCampaignStatus)).toEqual([7, 2, 0, 0, 0]);
    expect([1, 7, 2, 0].map(priorCampaignStatus)).toEqual([7, 0, 0, 0]);
    expect([0, 7, 2].map(campaignStepLabel)).toEqual(['Step 1 of 3: Campaign details', 'Step 2 of 3: Add promotions', 'Step 3 of 3: Ready for approval']);
  });
  it('filters All 6, Active 5, Inactive 2', () => {
    expect(campaignMatchesFilter(0, 6)).toBe(true);
    expect(campaignMatchesFilter(5, 5)).toBe(true);
    expect(campaignMatchesFilter(5, 2)).toBe(false);
  });
});

describe('collateral', () => {
  it('falls back to the template title for the promoter, then the default', () => {
    expect(promotionHeadline({ headline: ' Own ' })).toBe('Own');
    expect(promotionHeadline({ headline: '', templateTitle: 'Spotlight', promoterName: 'Acme' })).toBe('Spotlight for Acme');
    expect(promotionHeadline({ headline: '', templateTitle: 'Spotlight', promoterName: '' })).toBe('Spotlight');
    expect(promotionHeadline({ headline: '' })).toBe('A Compelling Headline');
  });
  it('enforces the ad type limits, an https URL and a date', () => {
    expect(collateralErrors(fields, limits)).toEqual({});
    const errors = collateralErrors(
      { ...fields, headline: 'x'.repeat(51), callToAction: 'y'.repeat(51), content: 'z'.repeat(601), callToActionUrl: 'http://a.example', dateRangeStart: null },
      limits,
    );
    expect(errors).toEqual({
      headline: 'The headline should be no more than 50 characters.',
      content: 'The content should be no more than 600 characters.',
      callToAction: 'The call to action should be no more than 50 characters.',
      callToActionUrl: 'The call to action URL must be a full https:// address.',
      dates: 'Choose a date or a date range.',
    });
    expect(collateralErrors({ ...fields, dateRangeEnd: '2026-11-01' }, limits).dates).toBe('The end date must not be before the start date.');
    expect(collateralErrors({ ...fields, dates: ['2026-02-30'] }, limits).dates).toBe('Dates are written YYYY-MM-DD.');
  });
  it('runs on its dates or inside its range', () => {
    expect(promotionRunsOn({ dates: ['2026-12-05'], dateRangeStart: null, dateRangeEnd: null }, '2026-12-05')).toBe(true);
    expect(promotionRunsOn({ dates: [], dateRangeStart: '2026-12-01', dateRangeEnd: '2026-12-03' }, '2026-12-03')).toBe(true);
    expect(promotionRunsOn({ dates: [], dateRangeStart: '2026-12-01', dateRangeEnd: null }, '2026-12-02')).toBe(false);
  });
  it('lists the days a promotion runs', () => {
    expect(promotionDays({ dates: ['2026-12-09'], dateRangeStart: '2026-11-30', dateRangeEnd: '2026-12-02' })).toEqual(['2026-11-30', '2026-12-01', '2026-12-02', '2026-12-09']);
  });
  it('clamps the ad type position to 0–100', () => {
    expect([-5, 40.6, 250, Number.NaN].map(clampAdTypePosition)).toEqual([0, 41, 100, 0]);
  });
  it("writes pay as '$value per [n] click/view(s)'", () => {
    expect(payText({ payActionNameCode: 0, payActionQuantity: 1, payActionValue: '2.00' })).toBe('$2 per click');
    expect(payText({ payActionNameCode: 1, payActionQuantity: 1000, payActionValue: 12.5 })).toBe('$12.50 per 1000 views');
  });
});

describe('zones in a letter', () => {
  it("lists zones as 'Zone X, Y and Zone Z'", () => {
    expect(zoneDescription([2])).toBe('Zone 2');
    expect(zoneDescription([3, 1])).toBe('Zone 1 and Zone 3');
    expect(zoneDescription([1, 2, 3])).toBe('Zone 1, 2 and Zone 3');
  });
  it('words the missing-promotions notice for one and for several', () => {
    expect(missingPromotionsNotice([2], '2026-12-05')).toBe(
      'A promotion scheduled in Zone 2 for December 5, is missing from your newsletter. You can continue without it, or go back to continue editing.',
    );
    expect(missingPromotionsNotice([1, 3], '2026-01-20')).toBe(
      'Promotions scheduled in Zone 1 and Zone 3 for January 20, are missing from your newsletter. You can continue without them, or go back to continue editing.',
    );
  });
  it('finds scheduled zones the letter lacks; a zone serves one block; the palette closes when full', () => {
    expect(missingZones([1, 2, 3], [0, 2])).toEqual([1, 3]);
    expect(zoneChoices(3, [1, 3], 0)).toEqual([2]);
    expect(zoneChoices(3, [1], 3)).toEqual([2, 3]);
    expect(allPromotionsAdded(2, 2)).toBe(true);
    expect(allPromotionsAdded(1, 2)).toBe(false);
  });
  it('skips promoter ads without a start date', () => {
    expect(adsToSubmit([{ dateStart: '2026-12-01', id: 1 }, { dateStart: null, id: 2 }, { id: 3 }])).toEqual([{ dateStart: '2026-12-01', id: 1 }]);
  });
  it("makes a promoter ad of a day's promotion: its start date is its range's start", () => {
    expect(promoterAd({ id: 4, zone: 2, dateRangeStart: '2026-12-01', dates: [] })).toEqual({ id: 4, zone: 2, dateStart: '2026-12-01' });
    // Single dates start on the first of them: the ad runs on the send day like a range's.
    expect(promoterAd({ id: 5, zone: 1, dateRangeStart: null, dates: ['2026-12-09', '2026-12-03'] })).toEqual({ id: 5, zone: 1, dateStart: '2026-12-03' });
    expect(promoterAd({ id: 6, zone: 1, dateRangeStart: null, dates: [] })).toEqual({ id: 6, zone: 1, dateStart: null });
  });
  it("chooses the letter's own ads for its day, else all of the day's", () => {
    const day = [{ id: 1, zone: 1, dateStart: '2026-12-01' }, { id: 2, zone: 1, dateStart: null }];
    const choice = { date: '2026-12-05', ads: [day[1]!] };
    expect(chosenAds(choice, '2026-12-05', day)).toEqual([day[1]]);
    expect(chosenAds(choice, '2026-12-06', day)).toEqual(day);
    expect(chosenAds(undefined, '2026-12-05', day)).toEqual(day);
  });
  it('carries only submitted ads with a start date, and only on the day they were chosen for', () => {
    const choice = { date: '2026-12-05', ads: [{ id: 1, zone: 1, dateStart: '2026-12-01' }, { id: 2, zone: 2, dateStart: null }] };
    expect(carriedPromotionIds(choice, '2026-12-05')).toEqual([1]);
    expect(carriedPromotionIds({ date: '2026-12-05', ads: [] }, '2026-12-05')).toEqual([]);
    expect(carriedPromotionIds(choice, '2026-12-06')).toBeNull();
    expect(carriedPromotionIds(undefined, '2026-12-05')).toBeNull();
    expect(carriedPromotionIds(choice, null)).toBeNull();
  });
});

describe('promotions approved after scheduling', () => {
  it("say how many, for the send day as 'ddd MMM D', in the singular for one", () => {
    expect(weekdayMonthDay('2026-12-01')).toBe('Tue Dec 1');
    expect(weekdayMonthDay('2027-02-28')).toBe('Sun Feb 28');
    expect(approvedAfterSchedulingNotice(2, '2026-12-01')).toBe('2 promotions were approved for Tue Dec 1 after you scheduled this letter.');
    expect(approvedAfterSchedulingNotice(1, '2026-12-01')).toBe('1 promotion was approved for Tue Dec 1 after you scheduled this letter.');
  });

  it("count only those for the letter's slots: its zone blocks' zones and its ad-type blocks' ad types, nested ones too", () => {
    const zone = newSection('newpromotion', 'z');
    const adType = newSection('promotion', 'a');
    const layout = newSection('layout', 'l');
    const sections = [
      { ...zone, blockModel: { ...zone.blockModel, zone: 2 } },
      { ...layout, blocks: [{ ...adType, blockModel: { ...adType.blockModel, adTypeId: 7 } }] },
      newSection('newpromotion', 'unset'),
    ];
    const slots = letterPromotionSlots(sections);
    expect(slots).toEqual({ zones: [2], adTypeIds: [7] });
    expect(fillsLetterSlot({ zone: 2, adTypeId: null }, slots)).toBe(true);
    expect(fillsLetterSlot({ zone: 1, adTypeId: 7 }, slots)).toBe(true);
    expect(fillsLetterSlot({ zone: 1, adTypeId: 3 }, slots)).toBe(false);
  });
});
