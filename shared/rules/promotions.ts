import type { PromotionAd, PromotionAdsChoice } from '../model/promotion-settings';
import type { Section } from '../model/section';

// Rules of promotion campaigns and collateral (spec 3 §3–§5, §9; spec 1 §4 and §8),
// shared by the platform (which enforces them) and the app (which shows them as you type).

export const CampaignStatus = { new: 0, prior: 1, draft: 2, approved: 5, any: 6, setup: 7 } as const;
export const PromotionStatus = { new: 0, approved: 4 } as const;
/** Promotion filter value for the promotions derived from a collateral. */
export const DERIVED_PROMOTIONS_FILTER = 3;

export const CAMPAIGN_TITLE_DEFAULT = 'New campaign';
export const HEADLINE_DEFAULT = 'A Compelling Headline';
export const CAMPAIGN_COMMENTS_LIMIT = 250;
export const PROMOTIONS_PAGE_SIZE = 100;
export const CAMPAIGN_CREATE_FAILED =
  'There was an error trying to create your campaign. Try again, and if there is still a problem please contact support.';

export const AD_TYPE_DEFAULTS = {
  headingCharacterCount: 50,
  contentCharacterCount: 600,
  callToActionCharacterCount: 50,
  imageWidth: 300,
  imageHeight: 300,
  inventory: 1,
  positionManual: 1,
  position: 0,
} as const;

/** The campaign list's status filter: label and the status value it sends. */
export const CAMPAIGN_STATUS_FILTERS = [
  { label: 'All', value: CampaignStatus.any },
  { label: 'Active', value: CampaignStatus.approved },
  { label: 'Inactive', value: CampaignStatus.draft },
] as const;

/** The setup stepper: 0 → 7 → 2; anything else starts over at 0. */
export function nextCampaignStatus(status: number): number {
  if (status === CampaignStatus.new) return CampaignStatus.setup;
  if (status === CampaignStatus.setup) return CampaignStatus.draft;
  return CampaignStatus.new;
}

/** Back one step: 1 goes to 7, anything else to 0. */
export function priorCampaignStatus(status: number): number {
  return status === CampaignStatus.prior ? CampaignStatus.setup : CampaignStatus.new;
}

export function isCampaignInSetup(status: number): boolean {
  return status === CampaignStatus.new || status === CampaignStatus.setup;
}

/** The setup steps in order, for the stepper's 'Step X of Y'. */
export const CAMPAIGN_SETUP_STEPS = [CampaignStatus.new, CampaignStatus.setup, CampaignStatus.draft] as const;

/**
 * What each setup step is for (the spec numbers them only): 0 new, 7 'setup promotion
 * selection', 2 'ready for publisher'.
 */
export const CAMPAIGN_STEP_NAMES: Record<(typeof CAMPAIGN_SETUP_STEPS)[number], string> = {
  [CampaignStatus.new]: 'Campaign details',
  [CampaignStatus.setup]: 'Add promotions',
  [CampaignStatus.draft]: 'Ready for approval',
};

/** 'Step 2 of 3: Add promotions'; any status past setup reads as the last step. */
export function campaignStepLabel(status: number): string {
  const index = CAMPAIGN_SETUP_STEPS.indexOf(status as (typeof CAMPAIGN_SETUP_STEPS)[number]);
  const step = index === -1 ? CAMPAIGN_SETUP_STEPS.length - 1 : index;
  return `Step ${step + 1} of ${CAMPAIGN_SETUP_STEPS.length}: ${CAMPAIGN_STEP_NAMES[CAMPAIGN_SETUP_STEPS[step]!]}`;
}

/** Whether a stored campaign status passes the list filter (6 = all). */
export function campaignMatchesFilter(status: number, filter: number): boolean {
  return filter === CampaignStatus.any || status === filter;
}

/**
 * The headline a promotion shows: its own, else the template's title with ' for {promoter}'
 * when the campaign has a promoter, else the default.
 */
export function promotionHeadline(input: { headline: string; templateTitle?: string | null; promoterName?: string | null }): string {
  const own = input.headline.trim();
  if (own !== '') return own;
  const template = input.templateTitle?.trim() ?? '';
  if (template === '') return HEADLINE_DEFAULT;
  const promoter = input.promoterName?.trim() ?? '';
  return promoter === '' ? template : `${template} for ${promoter}`;
}

/** Ad type position: 0 to 100, whole numbers; anything else is brought inside. */
export function clampAdTypePosition(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, Math.round(value)));
}

export interface CharacterLimits {
  headingCharacterCount: number;
  contentCharacterCount: number;
  callToActionCharacterCount: number;
}

export const COLLATERAL_MESSAGES = {
  headingTooLong: (max: number) => `The headline should be no more than ${max} characters.`,
  contentTooLong: (max: number) => `The content should be no more than ${max} characters.`,
  callToActionTooLong: (max: number) => `The call to action should be no more than ${max} characters.`,
  callToActionUrl: 'The call to action URL must be a full https:// address.',
  callToActionRequired: 'The call to action URL is required.',
  dates: 'Choose a date or a date range.',
  dateOrder: 'The end date must not be before the start date.',
  date: 'Dates are written YYYY-MM-DD.',
} as const;

/** Counter text under a limited field: '12/50'. */
export function characterCounter(value: string, max: number): string {
  return `${[...value].length}/${max}`;
}

export interface CollateralFields {
  headline: string;
  content: string;
  callToAction: string;
  callToActionUrl: string;
  dateRangeStart: string | null;
  dateRangeEnd: string | null;
  dates: readonly string[];
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(value: string): boolean {
  if (!DAY.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Field messages for collateral against its ad type's limits; empty when it may be saved. */
export function collateralErrors(fields: CollateralFields, limits: CharacterLimits): Record<string, string> {
  const errors: Record<string, string> = {};
  const length = (value: string) => [...value].length;
  if (length(fields.headline) > limits.headingCharacterCount) errors.headline = COLLATERAL_MESSAGES.headingTooLong(limits.headingCharacterCount);
  if (length(fields.content) > limits.contentCharacterCount) errors.content = COLLATERAL_MESSAGES.contentTooLong(limits.contentCharacterCount);
  if (length(fields.callToAction) > limits.callToActionCharacterCount) {
    errors.callToAction = COLLATERAL_MESSAGES.callToActionTooLong(limits.callToActionCharacterCount);
  }
  const url = fields.callToActionUrl.trim();
  if (url === '') errors.callToActionUrl = COLLATERAL_MESSAGES.callToActionRequired;
  else if (!isHttpsUrl(url)) errors.callToActionUrl = COLLATERAL_MESSAGES.callToActionUrl;
  const { dateRangeStart: start, dateRangeEnd: end } = fields;
  if ([start, end, ...fields.dates].some((day) => day !== null && day !== '' && !isDay(day))) errors.dates = COLLATERAL_MESSAGES.date;
  else if (fields.dates.length === 0 && !start) errors.dates = COLLATERAL_MESSAGES.dates;
  else if (start && end && end < start) errors.dates = COLLATERAL_MESSAGES.dateOrder;
  return errors;
}

export function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && !/\s/.test(value);
  } catch {
    return false;
  }
}

/** Whether a promotion runs on a day (YYYY-MM-DD): one of its dates, or inside its range (open end = that day only). */
export function promotionRunsOn(promotion: Pick<CollateralFields, 'dates' | 'dateRangeStart' | 'dateRangeEnd'>, day: string): boolean {
  if (promotion.dates.includes(day)) return true;
  const start = promotion.dateRangeStart;
  if (!start) return false;
  const end = promotion.dateRangeEnd ?? start;
  return start <= day && day <= end;
}

/** The days a promotion runs, in order (a range is walked day by day, at most a year of it). */
export function promotionDays(promotion: Pick<CollateralFields, 'dates' | 'dateRangeStart' | 'dateRangeEnd'>): string[] {
  const days = new Set(promotion.dates);
  if (promotion.dateRangeStart) {
    const end = promotion.dateRangeEnd ?? promotion.dateRangeStart;
    const at = new Date(`${promotion.dateRangeStart}T00:00:00Z`);
    for (let i = 0; i < 366 && at.toISOString().slice(0, 10) <= end; i++, at.setUTCDate(at.getUTCDate() + 1)) days.add(at.toISOString().slice(0, 10));
  }
  return [...days].sort();
}

/** Pay text: '$value per [n] click/view(s)'. */
export function payText(pay: { payActionNameCode: number; payActionQuantity: number; payActionValue: number | string }): string {
  const value = Number(pay.payActionValue);
  const amount = Number.isInteger(value) ? String(value) : value.toFixed(2);
  const n = pay.payActionQuantity;
  const action = pay.payActionNameCode === 1 ? 'view' : 'click';
  return n === 1 ? `$${amount} per ${action}` : `$${amount} per ${n} ${action}s`;
}

// --- Zones in a letter (spec 1 §4, spec 2 §4) ---------------------------------------------

/** The zones a letter's zone blocks use (0 = none chosen is left out). */
export function placedZones(zones: readonly number[]): number[] {
  return zones.filter((zone) => zone > 0);
}

/** The slots a letter's promotion blocks hold (nested ones too): zones of zone blocks, ad types of ad-type blocks. */
export function letterPromotionSlots(sections: readonly Section[]): { zones: number[]; adTypeIds: number[] } {
  const zones = new Set<number>();
  const adTypeIds = new Set<number>();
  const walk = (list: readonly Section[]) => {
    for (const section of list) {
      if (section.type === 'newpromotion' && section.blockModel.zone > 0) zones.add(section.blockModel.zone);
      if (section.type === 'promotion' && section.blockModel.adTypeId !== null) adTypeIds.add(section.blockModel.adTypeId);
      walk(section.blocks);
    }
  };
  walk(sections);
  return { zones: [...zones].sort((a, b) => a - b), adTypeIds: [...adTypeIds].sort((a, b) => a - b) };
}

/** Whether a promotion would fill one of those slots: its zone, or its ad type. */
export function fillsLetterSlot(promotion: { zone: number; adTypeId: number | null }, slots: { zones: readonly number[]; adTypeIds: readonly number[] }): boolean {
  return slots.zones.includes(promotion.zone) || (promotion.adTypeId !== null && slots.adTypeIds.includes(promotion.adTypeId));
}

/** The palette's Promotion block is disabled ('all promotions added') once placements reach the zones. */
export const ALL_PROMOTIONS_ADDED = 'all promotions added';
export function allPromotionsAdded(placedBlocks: number, availableZones: number): boolean {
  return placedBlocks >= availableZones;
}

/** Zones a block may pick: its own, and those no other block uses. */
export function zoneChoices(availableZones: number, usedByOthers: readonly number[], own: number): number[] {
  const zones = Array.from({ length: Math.max(0, availableZones) }, (_, i) => i + 1);
  return zones.filter((zone) => zone === own || !usedByOthers.includes(zone));
}

/** 'Zone 1', 'Zone 1 and Zone 3', 'Zone 1, 2 and Zone 3' (spec 1 §8). */
export function zoneDescription(zones: readonly number[]): string {
  const sorted = [...new Set(zones)].sort((a, b) => a - b);
  if (sorted.length === 0) return '';
  if (sorted.length === 1) return `Zone ${sorted[0]}`;
  const last = sorted.at(-1)!;
  return `Zone ${sorted.slice(0, -1).join(', ')} and Zone ${last}`;
}

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** 'Month D' of a YYYY-MM-DD day. */
export function monthDay(day: string): string {
  const [, month, date] = day.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1]} ${date}`;
}

/** Zones with a promotion scheduled for the send day that no block of the letter shows. */
export function missingZones(scheduledZones: readonly number[], letterZones: readonly number[]): number[] {
  const placed = new Set(placedZones(letterZones));
  return [...new Set(scheduledZones)].filter((zone) => !placed.has(zone)).sort((a, b) => a - b);
}

export const SEE_TUTORIAL = 'See our tutorial';

/** The missing-promotions notice of spec 1 §8, word for word. */
export function missingPromotionsNotice(zones: readonly number[], day: string): string {
  const many = new Set(zones).size > 1;
  return (
    `${many ? 'Promotions' : 'A promotion'} scheduled in ${zoneDescription(zones)} for ${monthDay(day)}, ` +
    `${many ? 'are' : 'is'} missing from your newsletter. You can continue without ${many ? 'them' : 'it'}, ` +
    'or go back to continue editing.'
  );
}

/** Promoter ads without a start date are skipped on submit. */
export function adsToSubmit<T extends { dateStart?: string | null }>(ads: readonly T[]): T[] {
  return ads.filter((ad) => typeof ad.dateStart === 'string' && ad.dateStart.trim() !== '');
}

/** A collateral image must have its ad type's exact size (300x300 by default). */
export function collateralImageSizeMessage(required: { imageWidth: number; imageHeight: number }, actual: { width: number; height: number }): string {
  return `The image must be ${required.imageWidth}x${required.imageHeight} pixels; this one is ${actual.width}x${actual.height}.`;
}

// --- Promoter ads at scheduling (spec 1 §3, §5) --------------------------------------------

/**
 * A day's promotion as the schedule step submits it. Its start date is its range's start,
 * or for collateral placed on single dates the first of them: both run on the send day, so
 * both go out; only an ad that reaches the submit without one (an API client's) is skipped.
 */
export function promoterAd(promotion: { id: number; zone: number; dateRangeStart: string | null; dates: readonly string[] }): PromotionAd {
  const firstDate = [...promotion.dates].sort()[0] ?? null;
  return { id: promotion.id, zone: promotion.zone, dateStart: promotion.dateRangeStart ?? firstDate };
}

/** The ads chosen for a send day: the letter's own choice for that day, else every ad of the day. */
export function chosenAds(choice: PromotionAdsChoice | undefined, day: string, dayAds: readonly PromotionAd[]): PromotionAd[] {
  return choice?.date === day ? [...choice.ads] : [...dayAds];
}

/**
 * The promotions a send may carry: the ads submitted for its day (start date required, the
 * platform checks again), or null when the letter made no choice for that day (all of the day's).
 */
export function carriedPromotionIds(choice: PromotionAdsChoice | undefined, day: string | null): number[] | null {
  if (!choice || day === null || choice.date !== day) return null;
  return adsToSubmit(choice.ads).map((ad) => ad.id);
}

// --- Promotions approved after scheduling (docs/decisions.md "Promotions approved after scheduling") ---

const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** 'Tue Dec 1' of a YYYY-MM-DD day. */
export function weekdayMonthDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  return `${WEEKDAYS[date.getUTCDay()]} ${SHORT_MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}`;
}

/** The scheduled view's notice: '2 promotions were approved for Tue Dec 1 after you scheduled this letter.' */
export function approvedAfterSchedulingNotice(count: number, day: string): string {
  const what = count === 1 ? '1 promotion was' : `${count} promotions were`;
  return `${what} approved for ${weekdayMonthDay(day)} after you scheduled this letter.`;
}
