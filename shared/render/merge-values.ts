import type { PreviewPromotion } from '../contract/platform-delivery';
import type { Letter } from '../model/letter';
import { promotionMergeTag } from './blocks/promotion';
import type { PromotionPart } from './blocks/promotion';
import { promotionParts } from './promotion-fill';
import { LETTER_MERGE_FIELDS, SUBSCRIBER_MERGE_FIELDS } from '../rules/merge-tag';
import type { MergeLookup, MergeValue } from './merge-fill';

// What merge tags are filled with: a test subscriber's fields and the letter's own (test
// sends), a real subscriber's (scheduled sends), and the promotions the schedule step
// passes to a preview.

/** The stand-in reader of a test email; its address is the one the test goes to. */
export const TEST_SUBSCRIBER = { uniqueId: 'test', first_name: 'Test', last_name: 'Subscriber' } as const;

type SubscriberField = (typeof SUBSCRIBER_MERGE_FIELDS)[number];
type LetterField = (typeof LETTER_MERGE_FIELDS)[number];

export function letterFieldValues(letter: Letter, channelName: string): Record<LetterField, string> {
  return {
    'letter.id': letter.id === null ? '' : String(letter.id),
    'letter.uniqueId': letter.uniqueId,
    'letter.title': letter.title,
    'letter.subtitle': letter.subtitle,
    'letter.publicationDate': letter.publicationDate ?? '',
    'letter.openGraphHeadline': letter.openGraphHeadline,
    'letter.openGraphDescription': letter.openGraphDescription,
    'letter.channelName': channelName,
  };
}

/** Filled later by the sending step for the promotion of the send date (DECISIONS "Email rendering"). */
const PROMOTION_TAG_PREFIX = 'promotion.';

/**
 * Every name a subscriber's email fills: the fixed fields and the letter's. Any other name
 * is a custom field, which the test subscriber has empty (a missing custom field reads as
 * empty), so a tag's default shows as it would for a subscriber without that field.
 * Promotion tags are left for the sending step.
 */
export function testSubscriberLookup(input: { toEmail: string; letter: Letter; channelName: string }): MergeLookup {
  const subscriber: Record<SubscriberField, string> = { ...TEST_SUBSCRIBER, email: input.toEmail };
  const values = new Map<string, string>([
    ...Object.entries(subscriber),
    ...Object.entries(letterFieldValues(input.letter, input.channelName)),
  ]);
  return (name) => values.get(name) ?? (name.startsWith(PROMOTION_TAG_PREFIX) ? undefined : '');
}

/** The fields of a subscriber that merge tags read. */
export interface MergeSubscriber {
  email: string;
  firstName: string;
  lastName: string;
  uniqueId: string;
  customFields: Record<string, unknown>;
}

/** A custom field as text: numbers and yes/no as written, anything else structured as JSON. */
export function customFieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * A real subscriber's email on a scheduled send: their fields, their custom fields, the
 * letter's fields. The fixed fields win over a custom field spelled the same (as in the
 * criteria list). A custom field they lack reads as empty, so a tag's default shows.
 * Promotion tags are emptied: promotions chosen by send date do not exist yet, and a reader
 * must never see a raw `{{promotion.zone1.heading}}`.
 */
export function subscriberLookup(input: { subscriber: MergeSubscriber; letter: Letter; channelName: string }): MergeLookup {
  const { subscriber } = input;
  const fixed: Record<SubscriberField, string> = {
    email: subscriber.email,
    first_name: subscriber.firstName,
    last_name: subscriber.lastName,
    uniqueId: subscriber.uniqueId,
  };
  const values = new Map<string, string>([
    ...Object.entries(subscriber.customFields).map(([name, value]) => [name, customFieldText(value)] as const),
    ...Object.entries(letterFieldValues(input.letter, input.channelName)),
    ...Object.entries(fixed),
  ]);
  return (name) => values.get(name) ?? '';
}

/**
 * The promotion tags of each slot a promotion names: a new block's zone (`zone3`) and a
 * legacy block's ad type (`adType12`). The first promotion for a slot wins, as a zone
 * holds one promotion.
 */
export function promotionLookup(promotions: readonly PreviewPromotion[]): MergeLookup {
  const values = new Map<string, MergeValue>();
  const place = (slot: string, parts: Record<PromotionPart, MergeValue>) => {
    for (const [part, value] of Object.entries(parts) as [PromotionPart, MergeValue][]) {
      const name = promotionMergeTag(slot, part).slice(2, -2);
      if (!values.has(name)) values.set(name, value);
    }
  };
  for (const promotion of promotions) {
    const parts = promotionParts(promotion);
    if (promotion.zone != null) place(`zone${promotion.zone}`, parts);
    if (promotion.adTypeId != null) place(`adType${promotion.adTypeId}`, parts);
  }
  return (name) => values.get(name);
}
