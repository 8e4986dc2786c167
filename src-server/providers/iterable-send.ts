import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { deliveryRenderFailedMessage } from '../../shared/contract/platform-delivery-events';
import {
  ITERABLE_CAMPAIGN_UNCERTAIN_MESSAGE,
  ITERABLE_KEY_MISSING_AT_SEND_MESSAGE,
  iterableSendFailedMessage,
} from '../../shared/contract/platform-iterable';
import { stillReceives } from '../audience/recipient-status';
import type { Database } from '../db/schema';
import { snapshotAudience } from '../delivery/audience-snapshot';
import { lockForDelivery } from '../delivery/delivery-status-writes';
import { editionHtml } from '../delivery/edition-html';
import { finishEdition, renderProblem, stopDelivery } from '../delivery/edition-delivery';
import type { DeliveryContext, DeliveryOutcome, EditionJob, StartedEdition } from '../delivery/edition-delivery';
import { subjectFor } from '../delivery/recipient-send';
import { HttpError } from '../http/errors';
import { prepareTracking } from '../tracking/edition-tracking';
import { ITERABLE_SUBSCRIBE_BATCH, IterableApiError, createIterableClient } from './iterable-client';
import type { IterableClient } from './iterable-client';
import { iterableKeyOf } from './iterable-key';
import type { IterableSettings } from './iterable-settings';

// An Iterable letter's send, once the platform has claimed it (edition-delivery.ts):
//   1. the letter rendered as for SMTP (Iterable fills its own {{unsubscribeUrl}} and
//      snippets) and its links stored by position, so Iterable's clicks land on them;
//   2. a static list in Iterable for this send, and the recipients written down at the claim
//      subscribed to it (addresses Iterable calls invalid are marked refused);
//   3. an email template upserted by a client id of this send, holding the HTML and subject;
//   4. a campaign of that template to that list, created without sendAt: Iterable sends it
//      at once; every recipient it took is then 'sent', and the letter published;
//   5. its events read later (iterable-events.ts), from the instant in `next_poll_at`.
// Each answer is kept in iterable_sends before the next step, under an advisory lock of the
// letter, so a run after a crash or a retry carries on where the last stopped. The campaign
// is asked for once: a run finding it asked for and unanswered stops the send, saying so,
// rather than risk Iterable sending the letter twice.

/** The key's second half for the send's advisory lock (letter, 0): the SMTP path claims recipients with leases instead (delivery/recipient-claims.ts). */
const SEND_LOCK = 0;

type Conn = Kysely<Database>;

interface Pending {
  subscriberId: number;
  email: string;
  status: string;
  firstName: string;
  lastName: string;
}

/**
 * The letter's row for this send. A row of an earlier send that never got its campaign (the
 * letter stopped and was scheduled again) starts over: its list holds that send's audience.
 */
async function sendRow(conn: Conn, letterId: number, publicationAt: Date) {
  await conn.insertInto('iterableSends').values({ letterId, publicationAt }).onConflict((conflict) => conflict.column('letterId').doNothing()).execute();
  await conn
    .updateTable('iterableSends')
    .set({ publicationAt, listId: null, templateId: null, campaignRequestedAt: null })
    .where('letterId', '=', letterId)
    .where('campaignId', 'is', null)
    .where('publicationAt', '<>', publicationAt)
    .execute();
  return conn.selectFrom('iterableSends').selectAll().where('letterId', '=', letterId).executeTakeFirstOrThrow();
}

async function pendingRecipients(conn: Conn, letterId: number): Promise<Pending[]> {
  return conn
    .selectFrom('letterRecipients')
    .innerJoin('subscribers', 'subscribers.id', 'letterRecipients.subscriberId')
    .select(['letterRecipients.subscriberId', 'letterRecipients.email', 'subscribers.status', 'subscribers.firstName', 'subscribers.lastName'])
    .where('letterRecipients.letterId', '=', letterId)
    .where('letterRecipients.status', '=', 'pending')
    .orderBy('letterRecipients.subscriberId')
    .execute();
}

/** Subscribes the waiting readers to the send's list; answers the addresses Iterable refused. */
async function subscribeAll(conn: Conn, client: IterableClient, letterId: number, listId: number): Promise<void> {
  const waiting = await pendingRecipients(conn, letterId);
  // Unsubscribed or bounced since the send started: no longer its audience (as batch-send.ts drops them).
  const leavers = waiting.filter((reader) => !stillReceives(reader.status)).map((reader) => reader.subscriberId);
  if (leavers.length > 0) await conn.deleteFrom('letterRecipients').where('letterId', '=', letterId).where('subscriberId', 'in', leavers).execute();
  const readers = waiting.filter((reader) => stillReceives(reader.status));
  for (let start = 0; start < readers.length; start += ITERABLE_SUBSCRIBE_BATCH) {
    const batch = readers.slice(start, start + ITERABLE_SUBSCRIBE_BATCH);
    const { invalidEmails } = await client.subscribe(
      listId,
      batch.map((reader) => ({ email: reader.email, dataFields: { firstName: reader.firstName, lastName: reader.lastName } })),
    );
    if (invalidEmails.length === 0) continue;
    await conn
      .updateTable('letterRecipients')
      .set({ status: 'refused', error: 'Iterable refused this address as invalid.' })
      .where('letterId', '=', letterId)
      .where('status', '=', 'pending')
      .where('email', 'in', invalidEmails)
      .execute();
  }
}

/**
 * Iterable sends one subject to everyone: an A/B letter's claim wrote down only its sample,
 * so its test is dropped and the whole audience taken, as when A/B is switched off before a
 * winner (delivery/ab-test.ts writeDownAudience).
 */
async function withoutAbTest(conn: Conn, letterId: number): Promise<void> {
  await conn.transaction().execute(async (trx) => {
    const row = await lockForDelivery(trx, letterId);
    const test = await trx.selectFrom('abTests').select('letterId').where('letterId', '=', letterId).executeTakeFirst();
    if (!row || !test) return;
    await trx.deleteFrom('abTests').where('letterId', '=', letterId).execute();
    await snapshotAudience(trx, row);
  });
}

async function handOver(settings: IterableSettings, ctx: DeliveryContext, client: IterableClient, conn: Conn, job: EditionJob, started: StartedEdition, html: string): Promise<DeliveryOutcome> {
  const { db } = ctx;
  const letterId = job.letterId;
  const { letter, channel } = started;
  const send = await sendRow(conn, letterId, new Date(job.publicationAt));
  if (send.campaignId === null && send.campaignRequestedAt !== null) {
    await stopDelivery(db, letterId, () => ITERABLE_CAMPAIGN_UNCERTAIN_MESSAGE);
    return 'refused';
  }
  if (send.campaignId === null) {
    await withoutAbTest(conn, letterId);
    const title = letter.title.trim() || 'Untitled letter';
    let listId = send.listId === null ? null : Number(send.listId);
    if (listId === null) {
      listId = await client.createList(`${title} (Letterdesk letter ${letterId}, ${job.publicationAt})`);
      await conn.updateTable('iterableSends').set({ listId }).where('letterId', '=', letterId).execute();
    }
    await subscribeAll(conn, client, letterId, listId);
    // Upserted on every run by its client id: the kept copy of this send's HTML is what Iterable holds.
    const templateId = await client.upsertEmailTemplate({
      // One template per send: a letter scheduled again is another send, with its own.
      clientTemplateId: `letterdesk-${letter.uniqueId}-${Date.parse(job.publicationAt)}`,
      name: title,
      subject: subjectFor(letter, null),
      html,
      ...(channel.fromName ? { fromName: channel.fromName } : {}),
      ...(channel.fromAddress ? { fromEmail: channel.fromAddress } : {}),
    });
    await conn.updateTable('iterableSends').set({ templateId }).where('letterId', '=', letterId).execute();
    const waiting = await conn
      .selectFrom('letterRecipients')
      .select(sql<string>`count(*)`.as('n'))
      .where('letterId', '=', letterId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    // Nobody left to send to: no campaign, the letter is simply done.
    if (Number(waiting.n) > 0) {
      await conn.updateTable('iterableSends').set({ campaignRequestedAt: new Date() }).where('letterId', '=', letterId).execute();
      const campaignId = await client.createCampaign({ name: title, listIds: [listId], templateId });
      const now = new Date();
      await conn.transaction().execute(async (trx) => {
        await trx
          .updateTable('iterableSends')
          .set({ campaignId, nextPollAt: new Date(now.getTime() + settings.firstReadAfterSeconds * 1000), pollUntil: new Date(now.getTime() + settings.readForDays * 86_400_000) })
          .where('letterId', '=', letterId)
          .execute();
        // Iterable took them: 'sent' as the mail server's 250 is for SMTP (Iterable's emailSend events refine the time).
        await trx.updateTable('letterRecipients').set({ status: 'sent', sentAt: now, error: null }).where('letterId', '=', letterId).where('status', '=', 'pending').execute();
      });
    }
  }
  return finishEdition(db, letterId);
}

/** One run of an Iterable letter's send (the `iterable` provider's sendEdition). */
export async function sendThroughIterable(settings: IterableSettings, ctx: DeliveryContext, job: EditionJob, started: StartedEdition): Promise<DeliveryOutcome> {
  const { db } = ctx;
  const letterId = job.letterId;
  const apiKey = await iterableKeyOf(db, settings.secret, started.channel.organizationId);
  if (!apiKey) {
    await stopDelivery(db, letterId, () => ITERABLE_KEY_MISSING_AT_SEND_MESSAGE);
    return 'refused';
  }
  const publicUrl = ctx.publicUrl.replace(/\/+$/, '');
  let html: string;
  try {
    html = await editionHtml({
      db,
      letter: { ...started.letter, id: letterId },
      channel: started.channel,
      publicationAt: started.publicationAt ?? new Date(job.publicationAt),
      publicUrl,
      fetchGuard: ctx.fetchGuard,
      // Iterable sends one subject: no A/B test (docs/decisions.md "Iterable provider").
      abTest: false,
    });
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    await stopDelivery(db, letterId, () => deliveryRenderFailedMessage(renderProblem(error)));
    return 'refused';
  }
  // Stored by position as an SMTP send stores them: the report lists them and counts Iterable's clicks on them.
  await prepareTracking(db, letterId, html, publicUrl);
  const client = createIterableClient({ apiKey, baseUrl: settings.apiUrl });
  return db.connection().execute(async (conn) => {
    const { rows } = await sql<{ got: boolean }>`SELECT pg_try_advisory_lock(${letterId}, ${SEND_LOCK}) AS got`.execute(conn);
    if (!rows[0]?.got) return 'others-sending';
    try {
      return await handOver(settings, ctx, client, conn, job, started, html);
    } catch (error) {
      // Iterable refused (a bad key, a payload it will not take): a retry hears the same.
      // Too many requests (429) is a wait, not a refusal: retried like a failing server.
      if (error instanceof IterableApiError && error.status >= 400 && error.status < 500 && error.status !== 429) {
        // A campaign Iterable refused was not made: scheduling again may ask for it again.
        await conn.updateTable('iterableSends').set({ campaignRequestedAt: null }).where('letterId', '=', letterId).where('campaignId', 'is', null).execute();
        await stopDelivery(db, letterId, () => iterableSendFailedMessage(error.message));
        return 'refused';
      }
      // Unreachable or failing (5xx): the job runner retries, and stops the send after the last.
      throw error;
    } finally {
      await sql`SELECT pg_advisory_unlock(${letterId}, ${SEND_LOCK})`.execute(conn);
    }
  });
}
