import type { Poll } from '../../shared/contract/platform-polls';
import { defaultPollModel } from '../../shared/model/blocks/poll';
import type { Section } from '../../shared/model/section';
import { newSection } from '../../shared/model/section-factory';
import type { Db } from '../db/database';
import { insertSubscriber } from './audience-fixtures';

// Letters for the preview and test-send tests: text a reader would see, merge tags a
// subscriber fills, a promotion zone and the footer (whose unsubscribe link carries the
// subscriber's id).

export const LETTER_TEXT = 'This week: tide tables and harbour news.';

export function paragraph(id: string, text: string): Section {
  return { ...newSection('paragraph', id), delta: { ops: [{ insert: `${text}\n` }] } };
}

export function deliverySections(options: { promotionZone?: number } = {}): Section[] {
  const sections: Section[] = [
    paragraph('p-greeting', `Hello {{ first_name | capitalize or 'friend' }}, you read this at {{ email }}.`),
    paragraph('p-body', LETTER_TEXT),
    paragraph('p-custom', `Member code: {{ member_code | upcase or 'none yet' }}.`),
  ];
  if (options.promotionZone !== undefined) {
    const promotion = newSection('newpromotion', 'promo');
    sections.push({ ...promotion, blockModel: { ...promotion.blockModel, zone: options.promotionZone } });
  }
  sections.push(newSection('footer', 'footer'));
  return sections;
}

export const deliveryBlocks = (options: { promotionZone?: number } = {}) => JSON.stringify(deliverySections(options));

/**
 * Makes `member_code` a custom field of the channel, as a reader who has one would: the
 * letters above use it, and scheduling and test sends refuse a tag the channel does not know.
 * The reader is unsubscribed, so no audience counts them.
 */
export async function knowMemberCodeField(db: Db, channelId: number): Promise<void> {
  await insertSubscriber(db, { channelId, email: `member-code-${channelId}@example.com`, status: 'unsubscribed', customFields: { member_code: 'M-0' } });
}

/** A poll block answering `chosen`, as the composer's picker places it. */
export function pollSection(chosen: Poll): Section {
  const section = newSection('poll', 'poll-1') as Extract<Section, { type: 'poll' }>;
  return {
    ...section,
    blockModel: {
      ...defaultPollModel(),
      id: chosen.id,
      title: chosen.title,
      questionText: chosen.questionText,
      pollType: chosen.pollType,
      originType: chosen.originType,
      options: chosen.options.map(({ id, title }) => ({ id, title })),
    },
  };
}
