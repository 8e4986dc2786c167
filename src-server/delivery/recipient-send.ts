import type { Letter } from '../../shared/model/letter';
import { UNTITLED_LETTER } from '../../shared/render/render-letter';
import type { ReaderLinks } from '../audience/reader-links';
import type { Db } from '../db/database';
import type { ChannelRow, RecipientVariant } from '../db/schema';
import type { OutgoingMail } from './mail-transport';
import { recipientMessage } from './recipient-message';
import type { TrackingTemplate } from '../tracking/link-rewrite';

// One reader's email of a scheduled send: their subject (the winner's for the rest of an A/B
// letter), built by recipient-message.ts. Who is sent to when, and how they are marked, is
// batch-send.ts.

/** What a send renders once: the letter, its channel, its HTML with merge tags unfilled. */
export interface PreparedEdition {
  letter: Letter;
  channel: ChannelRow;
  html: string;
  /** The text/plain part made from `html` (letter-text.ts), merge tags unfilled. */
  text: string;
  /** Where the platform's public pages are, without a trailing slash. */
  publicUrl: string;
  /** `html` cut at its tracked links: each reader's copy gets their own links and open pixel. */
  tracking: TrackingTemplate;
  /** Signs each reader's unsubscribe, opt-out and poll links. */
  links: ReaderLinks;
  /** The A/B winner once picked: the subject of every reader outside the sample (variant NULL). */
  winner: RecipientVariant | null;
}

/** The mail server cannot take any message now; `message` is its own words. */
export class MailServerUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'MailServerUnavailableError';
  }
}

/** The sample's readers get their own variant's subject; the rest the winner's (A/B) or the title. */
export function subjectFor(letter: Letter, variant: RecipientVariant | null): string {
  const subject = variant === 'B' && letter.subjectB.trim() !== '' ? letter.subjectB : letter.title;
  return subject.trim() || UNTITLED_LETTER;
}

/** A recipient as the send reads them, under their lock (batch-send.ts). */
export interface Recipient {
  subscriberId: number;
  email: string;
  variant: RecipientVariant | null;
  trackingToken: string;
  subscriberStatus: string;
  uniqueId: string;
  firstName: string;
  lastName: string;
  customFields: Record<string, unknown>;
}

/** One reader's email: their subject, their merge tags, their tracked links, their unsubscribe headers. */
export function recipientMail(edition: PreparedEdition, next: Recipient): OutgoingMail {
  const { letter } = edition;
  return recipientMessage(edition, next, subjectFor(letter, next.variant ?? edition.winner));
}

/** Puts refused recipients back in the queue: their refusal turned out to be the server's, not theirs. */
export async function reopenRecipients(db: Db, letterId: number, subscriberIds: readonly number[]): Promise<void> {
  if (subscriberIds.length === 0) return;
  await db
    .updateTable('letterRecipients')
    .set({ status: 'pending', error: null })
    .where('letterId', '=', letterId)
    .where('subscriberId', 'in', subscriberIds)
    .where('status', '=', 'refused')
    .execute();
}
