import type { Kysely } from 'kysely';
import { stillReceives } from '../audience/recipient-status';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { MailDeliveryError } from './mail-transport';
import type { MailTransport } from './mail-transport';
import { DEFAULT_LEASE_SECONDS, claimRecipients, releaseClaim, renewClaim } from './recipient-claims';
import type { RecipientClaim } from './recipient-claims';
import { createRecipientRecorder } from './recipient-records';
import type { RecipientAnswer } from './recipient-records';
import { MailServerUnavailableError, recipientMail } from './recipient-send';
import type { PreparedEdition, Recipient } from './recipient-send';

// A scheduled send's emails, a batch at a time (issue 16, `npm run bench -- delivery`;
// shared between instances and exactly once under a kill since issue 39):
//   1. claim the next waiting recipients with a lease (recipient-claims.ts): any run on any
//      instance takes the next unclaimed ones, so several share one send;
//   2. read them under the claim; readers who left the audience meanwhile are dropped;
//   3. `lanes` emails at a time (one per pooled SMTP connection), each recorded as sent or
//      refused within milliseconds of the mail server's answer (recipient-records.ts), every
//      record committed before the batch ends; the lease is renewed meanwhile, and no lane
//      starts an email once the lease may have run out for the others;
//   4. let go of whatever the batch did not send (a stop, the mail server down).
// A process killed between the mail server's "250 OK" and that email's record mails it
// again on the next run: the window is the emails in flight on its connections (at most one
// per lane) and the answers of the last few milliseconds not yet written, inherent to SMTP,
// which has no way to ask whether a message was taken.

/** The recipients a run holds at once. */
export const DEFAULT_BATCH_SIZE = 100;
/** Emails a batch has out at once when the caller does not say (job-runner.ts SEND_CONNECTIONS). */
const DEFAULT_LANES = 8;
/** No email is started in the last part of a lease: it must be answered before the lease can run out. */
const LEASE_MARGIN = 0.25;

export interface BatchOptions {
  batchSize?: number | undefined;
  /** Seconds a claim lasts unrenewed (recipient-claims.ts DEFAULT_LEASE_SECONDS). */
  leaseSeconds?: number | undefined;
  /** Emails out at once: the SMTP connections the transport keeps. */
  lanes?: number | undefined;
  /** True once the run should end: lanes start no further email. */
  shouldStop?: (() => boolean) | undefined;
}

export type BatchOutcome =
  /** Nobody waits: every recipient is recorded. */
  | { kind: 'none-waiting' }
  /** Recipients wait, all claimed by other runs; the first of those claims runs out in `leaseEndsInMs`. */
  | { kind: 'held'; leaseEndsInMs: number }
  | {
      kind: 'sent';
      sent: number;
      /** Addresses the mail server refused, each with its reply, in subscriber order. */
      refused: { subscriberId: number; message: string }[];
      /** Unsubscribed or bounced since the send started: their rows are gone. */
      leftAudience: number;
      /** The mail server stopped taking mail: what it answered is recorded, the rest waits. */
      serverDown: MailServerUnavailableError | null;
    };

type Result = RecipientAnswer | { subscriberId: number; kind: 'server-down'; error: MailServerUnavailableError };

async function readClaimed(db: Kysely<Database>, letterId: number, subscriberIds: number[]): Promise<Recipient[]> {
  return db
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
    .where('letterRecipients.subscriberId', 'in', subscriberIds)
    .where('letterRecipients.status', '=', 'pending')
    .orderBy('letterRecipients.subscriberId')
    .execute();
}

async function sendOne(mail: MailTransport, edition: PreparedEdition, recipient: Recipient): Promise<Result> {
  const { channel } = edition;
  const subscriberId = recipient.subscriberId;
  try {
    await mail.send(recipientMail(edition, recipient), {
      organizationId: channel.organizationId,
      channelId: channel.id,
      letterId: edition.letter.id!,
      userId: null,
    });
    return { subscriberId, kind: 'sent', at: new Date() };
  } catch (error) {
    if (error instanceof MailDeliveryError && error.recipientRefused) return { subscriberId, kind: 'refused', message: error.message };
    if (error instanceof MailDeliveryError) {
      return { subscriberId, kind: 'server-down', error: new MailServerUnavailableError(error.message, { cause: error }) };
    }
    throw error;
  }
}

/**
 * Sends the next batch of a letter's waiting recipients (see the top of this file). Answers
 * 'held' when every waiting recipient is claimed by another run: the caller waits for those
 * to be recorded, or for their lease to run out, and asks again.
 */
export async function sendNextBatch(db: Db, mail: MailTransport, edition: PreparedEdition, options: BatchOptions = {}): Promise<BatchOutcome> {
  const letterId = edition.letter.id!;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const claimed = await claimRecipients(db, letterId, options.batchSize ?? DEFAULT_BATCH_SIZE, leaseSeconds);
  if (claimed.kind !== 'claimed') return claimed;
  const { claim } = claimed;
  // Renewed well before it runs out; a renewal that fails leaves the old end, and the lanes stop there.
  const renewal = setInterval(() => {
    renewClaim(db, claim, leaseSeconds).catch(() => undefined);
  }, (leaseSeconds * 1000) / 3);
  try {
    const recipients = await readClaimed(db, letterId, claim.subscriberIds);
    // Unsubscribed (or bounced) since the send started: they are no longer its audience.
    const leavers = recipients.filter((recipient) => !stillReceives(recipient.subscriberStatus)).map((recipient) => recipient.subscriberId);
    if (leavers.length > 0) await db.deleteFrom('letterRecipients').where('letterId', '=', letterId).where('subscriberId', 'in', leavers).execute();
    const readers = recipients.filter((recipient) => stillReceives(recipient.subscriberStatus));
    const results = await sendInLanes(db, mail, edition, readers, claim, leaseSeconds, options);
    const down = results.find((result) => result.kind === 'server-down');
    const refused = results.flatMap((result) => (result.kind === 'refused' ? [{ subscriberId: result.subscriberId, message: result.message }] : []));
    return {
      kind: 'sent',
      sent: results.filter((result) => result.kind === 'sent').length,
      refused: refused.sort((a, b) => a.subscriberId - b.subscriberId),
      leftAudience: leavers.length,
      serverDown: down?.kind === 'server-down' ? down.error : null,
    };
  } finally {
    clearInterval(renewal);
    // What was not sent goes back at once rather than when the lease runs out.
    await releaseClaim(db, claim);
  }
}

/** `lanes` emails at a time, every answer recorded before it returns; stops early on a stop, a lease running out or the server down. */
async function sendInLanes(
  db: Db,
  mail: MailTransport,
  edition: PreparedEdition,
  readers: Recipient[],
  claim: RecipientClaim,
  leaseSeconds: number,
  options: BatchOptions,
): Promise<Result[]> {
  const recorder = createRecipientRecorder(db, claim.letterId);
  const waiting = [...readers];
  const results: Result[] = [];
  let serverDown = false;
  // A fault (the database gone while recording) ends every lane, and the batch throws once they have.
  let fault: { error: unknown } | null = null;
  const records: Promise<void>[] = [];
  const lane = async () => {
    try {
      for (;;) {
        if (serverDown || fault || options.shouldStop?.()) return;
        if (Date.now() >= claim.leaseEndsAt - leaseSeconds * 1000 * LEASE_MARGIN) return;
        const next = waiting.shift();
        if (!next) return;
        const result = await sendOne(mail, edition, next);
        if (result.kind === 'server-down') serverDown = true;
        else records.push(recorder.record(result).catch((error: unknown) => void (fault ??= { error })));
        results.push(result);
      }
    } catch (error) {
      fault ??= { error };
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.lanes ?? DEFAULT_LANES) }, lane));
  recorder.flush();
  await Promise.all(records);
  if (fault) throw (fault as { error: unknown }).error;
  return results;
}
