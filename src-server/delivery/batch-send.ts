import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { stillReceives } from '../audience/recipient-status';
import type { Database } from '../db/schema';
import { MailDeliveryError } from './mail-transport';
import type { MailTransport } from './mail-transport';
import { MailServerUnavailableError, recipientMail } from './recipient-send';
import type { PreparedEdition, Recipient } from './recipient-send';

// A scheduled send's emails, a batch at a time (issue 16, `npm run bench -- delivery`):
//   1. take the next waiting recipients, each under an advisory lock of this session;
//   2. read them again under the locks (a run that sent one marked it before letting go);
//   3. hand every email to the mail transport at once — its pool of SMTP connections sends
//      them in parallel;
//   4. mark the whole batch in one short transaction, then let the locks go.
//
// The locks are session locks on a connection the run keeps for itself, not FOR UPDATE: a
// row lock needs a transaction id for as long as the mail server takes, and the sync feeds
// hold back every change younger than the oldest running transaction id (migration 0002).
// Here only step 4 writes, and it is over in milliseconds. So another run (a second
// instance, a retry) skips a locked recipient rather than sending it too. A process killed
// between the mail server's "250 OK" and step 4 sends those emails of its batch again on
// the next run: at least once, never twice otherwise; the batch size bounds that window.

/** The recipients a run holds at once. */
export const DEFAULT_BATCH_SIZE = 100;
/** Waiting rows looked at per batch: room for the batches other runs hold at the same time. */
const WINDOW_FACTOR = 4;

export type BatchOutcome =
  /** Nobody waits, or everyone waiting is held by another run. */
  | { kind: 'none-waiting' }
  | {
      kind: 'sent';
      sent: number;
      /** Addresses the mail server refused, each with its reply, in subscriber order. */
      refused: { subscriberId: number; message: string }[];
      /** Unsubscribed or bounced since the send started: their rows are gone. */
      leftAudience: number;
      /** The mail server stopped taking mail: the batch's other emails were marked, these wait. */
      serverDown: MailServerUnavailableError | null;
    };

type Result =
  | { subscriberId: number; kind: 'sent'; at: Date }
  | { subscriberId: number; kind: 'refused'; message: string }
  | { subscriberId: number; kind: 'server-down'; error: MailServerUnavailableError };

async function lockNextBatch(conn: Kysely<Database>, letterId: number, batchSize: number): Promise<number[]> {
  // The inner LIMIT bounds the rows the lock function runs on; the outer one stops at a batch.
  const { rows } = await sql<{ subscriberId: number }>`
    SELECT c.subscriber_id FROM (
      SELECT subscriber_id FROM letter_recipients
      WHERE letter_id = ${letterId} AND status = 'pending'
      ORDER BY subscriber_id
      LIMIT ${batchSize * WINDOW_FACTOR}
    ) c
    WHERE pg_try_advisory_lock(${letterId}, c.subscriber_id)
    LIMIT ${batchSize}`.execute(conn);
  return rows.map((row) => row.subscriberId);
}

async function readLocked(conn: Kysely<Database>, letterId: number, subscriberIds: number[]): Promise<Recipient[]> {
  return conn
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

/** Marks a batch: sent with the instant the server took each, refused with its words; leavers' rows go. */
async function markBatch(conn: Kysely<Database>, letterId: number, results: Result[], leavers: number[]): Promise<void> {
  const sent = results.filter((result) => result.kind === 'sent');
  const refused = results.filter((result) => result.kind === 'refused');
  if (sent.length === 0 && refused.length === 0 && leavers.length === 0) return;
  await conn.transaction().execute(async (trx) => {
    if (leavers.length > 0) {
      await trx.deleteFrom('letterRecipients').where('letterId', '=', letterId).where('subscriberId', 'in', leavers).execute();
    }
    if (sent.length > 0) {
      await sql`
        UPDATE letter_recipients r SET status = 'sent', sent_at = v.sent_at, error = NULL
        FROM unnest(${sent.map((r) => r.subscriberId)}::integer[], ${sent.map((r) => r.at.toISOString())}::timestamptz[]) AS v(subscriber_id, sent_at)
        WHERE r.letter_id = ${letterId} AND r.subscriber_id = v.subscriber_id`.execute(trx);
    }
    if (refused.length > 0) {
      await sql`
        UPDATE letter_recipients r SET status = 'refused', error = v.error
        FROM unnest(${refused.map((r) => r.subscriberId)}::integer[], ${refused.map((r) => r.message)}::text[]) AS v(subscriber_id, error)
        WHERE r.letter_id = ${letterId} AND r.subscriber_id = v.subscriber_id`.execute(trx);
    }
  });
}

/**
 * Sends the next batch of a letter's waiting recipients. `conn` is a connection the run
 * holds for itself (Kysely's db.connection()): the locks live on it between the steps.
 */
export async function sendNextBatch(
  conn: Kysely<Database>,
  mail: MailTransport,
  edition: PreparedEdition,
  batchSize: number = DEFAULT_BATCH_SIZE,
): Promise<BatchOutcome> {
  const letterId = edition.letter.id!;
  const locked = await lockNextBatch(conn, letterId, batchSize);
  if (locked.length === 0) return { kind: 'none-waiting' };
  try {
    const recipients = await readLocked(conn, letterId, locked);
    // Unsubscribed (or bounced) since the send started: they are no longer its audience.
    const leavers = recipients.filter((recipient) => !stillReceives(recipient.subscriberStatus)).map((recipient) => recipient.subscriberId);
    const readers = recipients.filter((recipient) => stillReceives(recipient.subscriberStatus));
    const results = await Promise.all(readers.map((recipient) => sendOne(mail, edition, recipient)));
    await markBatch(conn, letterId, results, leavers);
    const down = results.find((result) => result.kind === 'server-down');
    return {
      kind: 'sent',
      sent: results.filter((result) => result.kind === 'sent').length,
      refused: results.flatMap((result) => (result.kind === 'refused' ? [{ subscriberId: result.subscriberId, message: result.message }] : [])),
      leftAudience: leavers.length,
      serverDown: down?.kind === 'server-down' ? down.error : null,
    };
  } finally {
    // After the marks are committed: a run that takes a lock next reads them.
    await sql`SELECT pg_advisory_unlock(${letterId}, id) FROM unnest(${locked}::integer[]) AS id`.execute(conn);
  }
}
