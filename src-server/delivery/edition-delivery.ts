import {
  ITERABLE_DELIVERY_REFUSED_MESSAGE,
  deliveryRenderFailedMessage,
  deliveryStoppedMessage,
} from '../../shared/contract/platform-delivery-events';
import { PublicationStatus } from '../../shared/model/publication';
import { ITERABLE_ESP } from '../../shared/rules/merge-tag';
import type { ReaderLinks } from '../audience/reader-links';
import type { Db } from '../db/database';
import { HttpError } from '../http/errors';
import { findLetter, toLetter } from '../letters/letter-records';
import { abPhase, refreshAbMetrics, startAbWait, writeDownAudience } from './ab-test';
import { recipientCounts } from './audience-snapshot';
import type { RecipientCounts } from './audience-snapshot';
import { recordDeliveryEvent } from './delivery-events';
import { IN_DELIVERY_STATUSES, lockForDelivery, progressStatus, writeDeliveryStatus } from './delivery-status-writes';
import { editionHtml } from './edition-html';
import type { FetchGuard } from '../integrations/guarded-fetch';
import type { MailTransport } from './mail-transport';
import { DEFAULT_BATCH_SIZE, sendNextBatch } from './batch-send';
import { MailServerUnavailableError, reopenRecipients } from './recipient-send';
import type { PreparedEdition } from './recipient-send';
import { prepareTracking } from '../tracking/edition-tracking';
import { letterTextTemplate } from './letter-text';
import type { EmailProviders } from '../providers/email-provider';

// A scheduled letter's send, from its publication time to published (or back to draft):
//   1. claim: still scheduled for this instant and due → publishing 5, the audience written
//      down, a 'started' event — one transaction, so two runs cannot both claim it;
//   2. sending 12, the letter rendered once and kept for the send (edition-html.ts): later
//      runs of the same send take the kept copy;
//   3. the waiting recipients a batch at a time (batch-send.ts), moving through 13/14/15 at 25/50/75 %;
//      a big audience is shared: the first run asks for more runs of the same send
//      (`shareSend`, SEND_PARTS jobs that any instance takes), and every run claims batches
//      until nobody waits, waiting out the batches other runs hold (a dead run's lease ends);
//   4. none left waiting → published 1 and a 'sent' event, by whichever run gets there first
//      (finishEdition, under the letter's row lock: once).
// An A/B letter (ab-test.ts) sends its sample in step 3, then waits in its sending status;
// the run after the wait picks the winner and sends the rest, then step 4.
// A run that finds the letter already in 5/12–15 carries the send on (a restart, a retry, a
// second instance), so every step is safe to run twice. The job runner (jobs/) decides when
// runs happen and what happens when the mail server keeps failing (stopDelivery).

const S = PublicationStatus;

/** What a run of the send job is for: the letter and the publication instant it was queued for. */
export interface EditionJob {
  letterId: number;
  /** ISO 8601: a letter paused and scheduled again has another instant, and another job. */
  publicationAt: string;
  /** A shared send's extra runs are parts 2, 3, …; the first run has none. */
  part?: number | undefined;
}

export interface DeliveryContext {
  db: Db;
  mail: MailTransport;
  /** The platform's public address, for unsubscribe links. */
  publicUrl: string;
  /** Signs the readers' links; made from the platform's secret, which the app verifies them with. */
  links: ReaderLinks;
  /** True once the runner is stopping: the run ends between two emails and the rest waits. */
  shouldStop: () => boolean;
  /** A run ends after this long and leaves the rest to the next, so it never outlives its job. */
  runMilliseconds: number;
  /** Recipients sent at once (batch-send.ts DEFAULT_BATCH_SIZE when unset). */
  batchSize?: number | undefined;
  /** Emails out at once: the SMTP connections `mail` keeps (batch-send.ts). */
  sendConnections?: number | undefined;
  /** Seconds a claim on recipients lasts unrenewed (recipient-claims.ts DEFAULT_LEASE_SECONDS when unset). */
  leaseSeconds?: number | undefined;
  /**
   * Asks for more runs of this send, which other instances take (job-runner.ts): called by
   * the first run of a send with at least SHARED_SEND_BATCHES batches waiting. Unset: one run sends it all.
   */
  shareSend?: ((job: EditionJob) => Promise<void>) | undefined;
  /** Seconds every A/B test waits, in place of the letter's setting (AB_TEST_MIN_WAIT_SECONDS); unset: the letter's. */
  abTestWaitSeconds?: number | undefined;
  /** Which addresses a legacy RSS block's feed may be read from (ALLOW_PRIVATE_FETCH). */
  fetchGuard: FetchGuard;
  /**
   * The email service providers other than the platform's SMTP, by esp
   * (providers/email-provider.ts). A letter whose provider is not here is refused at its
   * send time, as before there were any.
   */
  providers?: EmailProviders | undefined;
}

export type DeliveryOutcome =
  /** Not scheduled for this instant, not yet due, or finished before. */
  | 'nothing-to-do'
  /** Could not be sent at all (an Iterable letter, sections that do not render): back to draft. */
  | 'refused'
  | 'published'
  /** Stopped between two emails (the runner stopping, the run's time up): the rest is waiting. */
  | 'paused'
  /** Every email still waiting is being sent by another run, which will finish the letter. */
  | 'others-sending'
  /** An A/B sample is sent and its wait not over: a run at ab-test.ts abWakeUp carries on. */
  | 'ab-waiting';

type Claim = 'nothing' | 'refused' | 'sending';

/**
 * A mail server that refuses this many addresses in a row before it has taken a single email
 * of the send is refusing the sender, not the readers (relay denied, a blocked account):
 * the send is treated as the server being down, and those readers wait for the retry.
 */
export const REFUSALS_BEFORE_SERVER_BLAMED = 10;

/** A send with at least this many batches waiting is worth sharing with other instances. */
export const SHARED_SEND_BATCHES = 4;
/** How often a run whose waiting recipients are all claimed by others looks again. */
const HELD_POLL_MS = 500;

async function claimEdition(db: Db, job: EditionJob, providers: EmailProviders | undefined): Promise<Claim> {
  return db.transaction().execute(async (trx) => {
    const row = await lockForDelivery(trx, job.letterId);
    if (!row) return 'nothing';
    if (IN_DELIVERY_STATUSES.includes(row.publicationStatus)) return 'sending';
    const sameInstant = row.publicationAt !== null && row.publicationAt.getTime() === Date.parse(job.publicationAt);
    if (row.publicationStatus !== S.scheduled || !sameInstant || !row.due) return 'nothing';
    if (row.esp === ITERABLE_ESP && !providers?.has(ITERABLE_ESP)) {
      await writeDeliveryStatus(trx, row, S.draft);
      await recordDeliveryEvent(trx, {
        letterId: row.id,
        kind: 'failed',
        title: row.title,
        recipients: 0,
        delivered: 0,
        message: ITERABLE_DELIVERY_REFUSED_MESSAGE,
      });
      return 'refused';
    }
    await writeDeliveryStatus(trx, row, S.publishing);
    const audience = await writeDownAudience(trx, row);
    const counts = await recipientCounts(trx, row.id);
    // An A/B send starts with its sample written down: it is for the whole audience.
    counts.recipients = Math.max(counts.recipients, audience);
    await recordDeliveryEvent(trx, { letterId: row.id, kind: 'started', title: row.title, ...counts });
    return 'sending';
  });
}

/** A claimed send: the letter and its channel as they are now, and the instant it is for. */
export type StartedEdition = NonNullable<Awaited<ReturnType<typeof beginSending>>>;

/** Publishing → sending (or already sending): the letter and its channel as they are now, or null. */
async function beginSending(db: Db, letterId: number) {
  return db.transaction().execute(async (trx) => {
    const row = await lockForDelivery(trx, letterId);
    if (!row || !IN_DELIVERY_STATUSES.includes(row.publicationStatus)) return null;
    if (row.publicationStatus === S.publishing) await writeDeliveryStatus(trx, row, S.sending);
    const record = await findLetter(trx, row.channelId, row.id);
    const channel = await trx.selectFrom('channels').selectAll().where('id', '=', row.channelId).executeTakeFirstOrThrow();
    return { letter: toLetter(record!), channel, publicationAt: row.publicationAt };
  });
}

/** Moves the status forward to what `done` of the recipients reaches; never back. */
async function advanceProgress(db: Db, letterId: number, counts: RecipientCounts): Promise<void> {
  const target = progressStatus(counts.done, counts.recipients);
  await db.transaction().execute(async (trx) => {
    const row = await lockForDelivery(trx, letterId);
    // 12–15 rise with the number: forward only, whichever run got there first.
    if (!row || row.publicationStatus < S.sending || row.publicationStatus > S.sending75) return;
    if (row.publicationStatus >= target) return;
    await writeDeliveryStatus(trx, row, target);
  });
}

/** Every recipient done: published and a 'sent' event; else who is still sending finishes it. */
export async function finishEdition(db: Db, letterId: number): Promise<DeliveryOutcome> {
  return db.transaction().execute(async (trx) => {
    const row = await lockForDelivery(trx, letterId);
    if (!row || !IN_DELIVERY_STATUSES.includes(row.publicationStatus)) return 'nothing-to-do';
    const counts = await recipientCounts(trx, letterId);
    // Pending rows another run holds locked are still pending here: that run finishes.
    if (counts.done < counts.recipients) return 'others-sending';
    await writeDeliveryStatus(trx, row, S.published);
    await recordDeliveryEvent(trx, {
      letterId,
      kind: 'sent',
      title: row.title,
      recipients: counts.recipients,
      delivered: counts.delivered,
    });
    return 'published';
  });
}

/**
 * Ends a send that cannot go on: back to draft, so the editor sees it and can schedule it
 * again (those already sent to are not sent again), and a 'failed' event saying why.
 * Does nothing to a letter that is no longer being sent.
 */
export async function stopDelivery(db: Db, letterId: number, reason: (counts: RecipientCounts) => string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const row = await lockForDelivery(trx, letterId);
    if (!row || !IN_DELIVERY_STATUSES.includes(row.publicationStatus)) return false;
    const counts = await recipientCounts(trx, letterId);
    await writeDeliveryStatus(trx, row, S.draft);
    await recordDeliveryEvent(trx, {
      letterId,
      kind: 'failed',
      title: row.title,
      recipients: counts.recipients,
      delivered: counts.delivered,
      message: reason(counts),
    });
    return true;
  });
}

/** The 'failed' message of a send the mail server stopped, in its own words. */
export function mailServerStopped(serverWords: string) {
  return (counts: RecipientCounts) => deliveryStoppedMessage(counts.delivered, counts.recipients, serverWords);
}

/** The first thing a render refused, in the words the 'failed' event shows. */
export function renderProblem(error: HttpError): string {
  const first = Object.values(error.errors ?? {}).flat()[0];
  return first ?? error.message;
}

/**
 * One run of the send job. Throws MailServerUnavailableError when the mail server cannot
 * take messages (the runner retries, and stops the send after the last retry).
 */
export async function deliverEdition(ctx: DeliveryContext, job: EditionJob): Promise<DeliveryOutcome> {
  const claim = await claimEdition(ctx.db, job, ctx.providers);
  if (claim === 'nothing') return 'nothing-to-do';
  if (claim === 'refused') return 'refused';
  const started = await beginSending(ctx.db, job.letterId);
  if (!started) return 'nothing-to-do';
  // The claim, the audience and the statuses are the platform's whoever sends; the emails are the provider's.
  const provider = ctx.providers?.get(started.letter.esp);
  return provider ? provider.sendEdition(ctx, job, started) : sendBySmtp(ctx, job, started);
}

/** The platform's own SMTP sending a claimed edition (the `smtp` provider, providers/email-provider.ts). */
export async function sendBySmtp(ctx: DeliveryContext, job: EditionJob, started: StartedEdition): Promise<DeliveryOutcome> {
  const { db } = ctx;
  const ab = await abPhase(db, job.letterId);
  if (ab.phase === 'waiting') {
    await refreshAbMetrics(db, job.letterId);
    return 'ab-waiting';
  }

  const publicUrl = ctx.publicUrl.replace(/\/+$/, '');
  let html: string;
  try {
    html = await editionHtml({
      db,
      letter: { ...started.letter, id: job.letterId },
      channel: started.channel,
      // The instant this send is for: a letter stopped and scheduled again is another send.
      publicationAt: started.publicationAt ?? new Date(job.publicationAt),
      publicUrl,
      fetchGuard: ctx.fetchGuard,
      abTest: ab.phase !== 'off',
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await stopDelivery(db, job.letterId, () => deliveryRenderFailedMessage(renderProblem(error)));
    return 'refused';
  }
  const tracking = await prepareTracking(db, job.letterId, html, publicUrl);
  const edition: PreparedEdition = {
    letter: started.letter,
    channel: started.channel,
    html,
    text: letterTextTemplate(html),
    publicUrl,
    links: ctx.links,
    tracking,
    winner: ab.phase === 'rest' ? ab.winner : null,
  };

  // Counted once, then kept up to date with this run's own emails: the status may move a
  // little late while another run sends too, never early.
  const counts = await recipientCounts(db, job.letterId);
  // Those written down and not yet answered: the rest of an A/B audience is not written yet.
  const waiting = counts.recipients - counts.done;
  // While the sample goes out, progress counts against the whole audience.
  if (ab.phase === 'sample') counts.recipients = Math.max(counts.recipients, ab.audience);
  let shown = progressStatus(counts.done, counts.recipients);
  const batchSize = ctx.batchSize ?? DEFAULT_BATCH_SIZE;
  if (!job.part && ctx.shareSend && waiting >= SHARED_SEND_BATCHES * batchSize) await ctx.shareSend(job);
  const deadline = Date.now() + ctx.runMilliseconds;
  const refusedInARow: number[] = [];
  const batchOptions = { batchSize, leaseSeconds: ctx.leaseSeconds, lanes: ctx.sendConnections, shouldStop: ctx.shouldStop };
  const ended = await (async () => {
    for (;;) {
      if (ctx.shouldStop() || Date.now() >= deadline) return 'paused';
      const batch = await sendNextBatch(db, ctx.mail, edition, batchOptions);
      if (batch.kind === 'none-waiting') return 'none-waiting';
      if (batch.kind === 'held') {
        // Others are sending the last batches: this run stays until they are recorded, or
        // takes them over once a dead run's lease runs out — no sweep needed for that.
        await new Promise((resolve) => setTimeout(resolve, Math.min(HELD_POLL_MS, Math.max(50, batch.leaseEndsInMs))));
        continue;
      }
      counts.recipients -= batch.leftAudience;
      counts.done += batch.sent + batch.refused.length;
      counts.delivered += batch.sent;
      if (batch.refused.length > 0 && counts.delivered === 0) {
        refusedInARow.push(...batch.refused.map((refusal) => refusal.subscriberId));
        if (refusedInARow.length >= REFUSALS_BEFORE_SERVER_BLAMED) {
          await reopenRecipients(db, job.letterId, refusedInARow);
          const words = batch.refused.at(-1)!.message;
          throw new MailServerUnavailableError(`The mail server refused ${refusedInARow.length} addresses in a row: ${words}`);
        }
      }
      const reached = progressStatus(counts.done, counts.recipients);
      if (reached > shown) {
        await advanceProgress(db, job.letterId, counts);
        shown = reached;
      }
      // What the batch sent is marked; the rest waits for the retry.
      if (batch.serverDown) throw batch.serverDown;
    }
  })();
  if (ended === 'paused') return 'paused';
  if (ab.phase === 'sample') {
    const until = await startAbWait(db, job.letterId, ctx.abTestWaitSeconds);
    if (until === null) return 'others-sending';
    // No wait at all (an audience too small to compare): the winner goes out in the same run.
    if (until.getTime() <= Date.now()) return deliverEdition(ctx, job);
    return 'ab-waiting';
  }
  return finishEdition(db, job.letterId);
}
