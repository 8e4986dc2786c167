import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { publicPagePaths } from '../../shared/contract/public-pages';
import type { Letter } from '../../shared/model/letter';
import { UNTITLED_LETTER } from '../../shared/render/render-letter';
import type { Db } from '../db/database';
import type { ChannelRow, Database, RecipientVariant } from '../db/schema';
import { MailDeliveryError } from './mail-transport';
import type { MailTransport, OutgoingMail } from './mail-transport';
import { fillMergeTags } from './merge-fill';
import { subscriberLookup } from './merge-values';
import { trackedHtml } from '../tracking/link-rewrite';
import type { TrackingTemplate } from '../tracking/link-rewrite';

// One email of a scheduled send: the next recipient still waiting, their merge tags filled
// into the letter rendered once for the whole send, with one-click unsubscribe headers.
//
// The recipient stays locked while the mail server takes the message and is marked in the
// same transaction, so another run (a second instance, a retry) skips it rather than
// sending it too. A process killed between the server's "250 OK" and the commit sends that
// one email again on the next run: at least once, never twice otherwise.

/** What a send renders once: the letter, its channel, its HTML with merge tags unfilled. */
export interface PreparedEdition {
  letter: Letter;
  channel: ChannelRow;
  html: string;
  /** Where the platform's public pages are, without a trailing slash. */
  publicUrl: string;
  /** `html` cut at its tracked links: each reader's copy gets their own links and open pixel. */
  tracking: TrackingTemplate;
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

export type RecipientOutcome =
  | { kind: 'sent' | 'left-audience' | 'none-waiting' }
  /** The mail server refused this one address; `message` is its reply. */
  | { kind: 'refused'; subscriberId: number; message: string };

/** The public unsubscribe page of shared/render/blocks/footer.ts `unsubscribeUrl`, for one reader. */
export function unsubscribeUrl(publicUrl: string, channelSlug: string, subscriberUniqueId: string): string {
  return `${publicUrl}${publicPagePaths.unsubscribe(channelSlug, subscriberUniqueId)}`;
}

/** The sample's readers get their own variant's subject; the rest the winner's (A/B) or the title. */
export function subjectFor(letter: Letter, variant: RecipientVariant | null): string {
  const subject = variant === 'B' && letter.subjectB.trim() !== '' ? letter.subjectB : letter.title;
  return subject.trim() || UNTITLED_LETTER;
}

/** Pending rows looked at per email: more than runs that could be sending the letter at once. */
const CANDIDATES = 20;

export async function sendToNextRecipient(db: Db, mail: MailTransport, edition: PreparedEdition): Promise<RecipientOutcome> {
  const letterId = edition.letter.id!;
  return db.transaction().execute(async (trx) => {
    const candidates = await trx
      .selectFrom('letterRecipients')
      .select('subscriberId')
      .where('letterId', '=', letterId)
      .where('status', '=', 'pending')
      .orderBy('subscriberId')
      .limit(CANDIDATES)
      .execute();
    if (candidates.length === 0) return { kind: 'none-waiting' };
    for (const { subscriberId } of candidates) {
      // An advisory lock, not FOR UPDATE: a row lock would give this transaction an id for
      // as long as the mail server takes, and the sync feeds hold back every change younger
      // than the oldest running transaction id (migration 0002). This transaction writes —
      // and takes an id — only once the server has answered.
      const { rows } = await sql<{ taken: boolean }>`SELECT pg_try_advisory_xact_lock(${letterId}, ${subscriberId}) AS taken`.execute(trx);
      if (!rows[0]?.taken) continue;
      // Read again under the lock: a run that sent it committed before letting the lock go.
      const next = await trx
        .selectFrom('letterRecipients')
        .innerJoin('subscribers', 'subscribers.id', 'letterRecipients.subscriberId')
        .select([
          'letterRecipients.subscriberId',
          'letterRecipients.email',
          'letterRecipients.variant',
          'letterRecipients.trackingToken',
          'subscribers.status as subscriberStatus',
          'subscribers.uniqueId',
          'subscribers.firstName',
          'subscribers.lastName',
          'subscribers.customFields',
        ])
        .where('letterRecipients.letterId', '=', letterId)
        .where('letterRecipients.subscriberId', '=', subscriberId)
        .where('letterRecipients.status', '=', 'pending')
        .executeTakeFirst();
      if (!next) continue;
      return sendTo(trx, mail, edition, next);
    }
    // Every one looked at is being sent by another run.
    return { kind: 'none-waiting' };
  });
}

interface Recipient {
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

async function sendTo(trx: Kysely<Database>, mail: MailTransport, edition: PreparedEdition, next: Recipient): Promise<RecipientOutcome> {
  const { letter, channel } = edition;
  const letterId = letter.id!;
  const row = trx.updateTable('letterRecipients').where('letterId', '=', letterId).where('subscriberId', '=', next.subscriberId);
  // Unsubscribed (or bounced) since the send started: they are no longer its audience.
  if (next.subscriberStatus !== 'active') {
    await trx.deleteFrom('letterRecipients').where('letterId', '=', letterId).where('subscriberId', '=', next.subscriberId).execute();
    return { kind: 'left-audience' };
  }
  const lookup = subscriberLookup({
    subscriber: {
      email: next.email,
      firstName: next.firstName,
      lastName: next.lastName,
      uniqueId: next.uniqueId,
      customFields: next.customFields,
    },
    letter,
    channelName: channel.channelName,
  });
  const unsubscribe = unsubscribeUrl(edition.publicUrl, channel.slug, next.uniqueId);
  const message: OutgoingMail = {
    to: next.email,
    subject: fillMergeTags(subjectFor(letter, next.variant ?? edition.winner), lookup, 'text'),
    // Tracked before the merge tags are filled: a link made by a tag is the reader's own and stays direct.
    html: fillMergeTags(trackedHtml(edition.tracking, next.trackingToken), lookup, 'html'),
    // RFC 8058 one-click unsubscribe: mail clients POST to the same page.
    headers: { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
  try {
    await mail.send(message, { organizationId: channel.organizationId, channelId: channel.id, letterId, userId: null });
  } catch (error) {
    if (error instanceof MailDeliveryError && error.recipientRefused) {
      await row.set({ status: 'refused', error: error.message }).execute();
      return { kind: 'refused', subscriberId: next.subscriberId, message: error.message };
    }
    if (error instanceof MailDeliveryError) throw new MailServerUnavailableError(error.message, { cause: error });
    throw error;
  }
  await row.set({ status: 'sent', sentAt: new Date(), error: null }).execute();
  return { kind: 'sent' };
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
