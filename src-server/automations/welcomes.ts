import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import { PublicationStatus } from '../../shared/model/publication';
import type { Db } from '../db/database';
import type { Database } from '../db/schema';
import { sendNextBatch } from '../delivery/batch-send';
import type { DeliveryContext } from '../delivery/edition-delivery';
import { editionHtml } from '../delivery/edition-html';
import { letterTextTemplate } from '../delivery/letter-text';
import type { PreparedEdition } from '../delivery/recipient-send';
import { findLetter, toLetter } from '../letters/letter-records';
import { prepareTracking } from '../tracking/edition-tracking';

// New-subscriber templates (publication type 1, issue 32): an active one is sent to each
// subscriber who joins its channel, once, after the delay its configure step set.
//
//   1. A join (added in the app, signed up through the API or the public form, imported
//      with "send welcome") writes one automation_welcomes row per active welcome template
//      of the channel, due at the join plus the delay. The row is keyed by (template,
//      subscriber): a second join of the same address owes nothing more.
//   2. The jobs' sweep finds templates with welcomes due; a run moves the due ones of an
//      active subscriber into the template's letter_recipients (unique per letter and
//      subscriber, as every send's rows) and drops those of a reader who unsubscribed or
//      bounced meanwhile.
//   3. The run sends the template's waiting recipients through the send path of scheduled
//      letters (delivery/batch-send.ts): the email rendered once per activation and kept
//      (letter_send_snapshots, keyed by the activation instant), tracked links and open
//      pixel, signed unsubscribe links and List-Unsubscribe, DKIM. Its figures are the
//      template's report. Batch-send's leased claims make two instances share the work,
//      never double it; a reader who leaves between steps 2 and 3 is taken out there.

/** Why a welcome run ended. */
export type WelcomeOutcome = 'nothing-to-do' | 'sent' | 'paused';

/**
 * Step 1: welcomes owed to subscribers who joined `channelId` at `joinedAt`, one per active
 * new-subscriber template of the channel. Answers how many were written.
 */
export async function oweWelcomes(db: Kysely<Database>, channelId: number, subscriberIds: readonly number[], joinedAt: Date): Promise<number> {
  if (subscriberIds.length === 0) return 0;
  const result = await sql`
    INSERT INTO automation_welcomes (template_id, subscriber_id, due_at)
    SELECT l.id, s.id,
      ${joinedAt.toISOString()}::timestamptz
        + (l.automation->'delay'->>'amount')::integer
          * CASE l.automation->'delay'->>'unit' WHEN 'days' THEN interval '1 day' WHEN 'hours' THEN interval '1 hour' ELSE interval '1 minute' END
    FROM letters l
    JOIN template_activations a ON a.letter_id = l.id
    CROSS JOIN unnest(${[...subscriberIds]}::integer[]) AS s(id)
    WHERE l.channel_id = ${channelId}
      AND l.deleted_at IS NULL
      AND l.publication_status = ${PublicationStatus.templateConfigured}
      AND l.automation->>'trigger' = 'newSubscriber'
    ON CONFLICT (template_id, subscriber_id) DO NOTHING`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Templates that have welcomes due at `now`, or recipients still waiting (a run that stopped). */
export async function templatesWithWelcomesDue(db: Db, now: Date): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT a.letter_id AS id FROM template_activations a
    WHERE EXISTS (SELECT 1 FROM automation_welcomes w WHERE w.template_id = a.letter_id AND w.state = 'waiting' AND w.due_at <= ${now.toISOString()}::timestamptz)
       OR EXISTS (SELECT 1 FROM letter_recipients r WHERE r.letter_id = a.letter_id AND r.status = 'pending')
    ORDER BY a.letter_id`.execute(db);
  return rows.map((row) => row.id);
}

/** The soonest welcome still waiting, for the runner to wake at; null when none waits. */
export async function nextWelcomeDue(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('automationWelcomes')
    .select((eb) => eb.fn.min('dueAt').as('dueAt'))
    .where('state', '=', 'waiting')
    .executeTakeFirst();
  return row?.dueAt ? new Date(row.dueAt) : null;
}

/** Step 2, in one transaction: the template still active, its due welcomes become recipients. */
async function queueDueWelcomes(db: Db, templateId: number, now: Date): Promise<{ activatedAt: Date; channelId: number } | null> {
  return db.transaction().execute(async (trx) => {
    const active = await trx
      .selectFrom('templateActivations')
      .innerJoin('letters', 'letters.id', 'templateActivations.letterId')
      .select(['templateActivations.activatedAt', 'letters.channelId'])
      .where('templateActivations.letterId', '=', templateId)
      .where('letters.publicationStatus', '=', PublicationStatus.templateConfigured)
      .where('letters.deletedAt', 'is', null)
      .where(sql<boolean>`letters.automation->>'trigger' = 'newSubscriber'`)
      // Deactivate waits for this to commit, and then finds these rows queued (and sent).
      .forUpdate('templateActivations')
      .executeTakeFirst();
    if (!active) return null;
    const due = sql`w.template_id = ${templateId} AND w.state = 'waiting' AND w.due_at <= ${now.toISOString()}::timestamptz`;
    await sql`
      INSERT INTO letter_recipients (letter_id, subscriber_id, email, variant)
      SELECT w.template_id, s.id, s.email, NULL
      FROM automation_welcomes w JOIN subscribers s ON s.id = w.subscriber_id
      WHERE ${due} AND s.status = 'active'
      ON CONFLICT (letter_id, subscriber_id) DO NOTHING`.execute(trx);
    // Unsubscribed or bounced before their welcome was due: they never get it.
    await sql`
      UPDATE automation_welcomes w SET state = CASE WHEN s.status = 'active' THEN 'queued' ELSE 'dropped' END
      FROM subscribers s
      WHERE s.id = w.subscriber_id AND ${due}`.execute(trx);
    return active;
  });
}

/** One run of a template's welcomes: those due at `now` queued, then every waiting one sent. */
export async function deliverWelcomes(ctx: DeliveryContext, templateId: number, now: Date): Promise<WelcomeOutcome> {
  const { db } = ctx;
  const active = await queueDueWelcomes(db, templateId, now);
  if (!active) return 'nothing-to-do';
  const waiting = await db
    .selectFrom('letterRecipients')
    .select('subscriberId')
    .where('letterId', '=', templateId)
    .where('status', '=', 'pending')
    .limit(1)
    .executeTakeFirst();
  if (!waiting) return 'nothing-to-do';

  const record = await findLetter(db, active.channelId, templateId);
  if (!record) return 'nothing-to-do';
  const letter = toLetter(record);
  const channel = await db.selectFrom('channels').selectAll().where('id', '=', record.channelId).executeTakeFirstOrThrow();
  const publicUrl = ctx.publicUrl.replace(/\/+$/, '');
  // Rendered once per activation and kept: every welcome of this activation is the same email.
  const html = await editionHtml({
    db,
    letter: { ...letter, id: templateId },
    channel,
    publicationAt: active.activatedAt,
    publicUrl,
    fetchGuard: ctx.fetchGuard,
    abTest: false,
  });
  const edition: PreparedEdition = {
    letter,
    channel,
    html,
    text: letterTextTemplate(html),
    publicUrl,
    links: ctx.links,
    tracking: await prepareTracking(db, templateId, html, publicUrl),
    winner: null,
  };
  const deadline = Date.now() + ctx.runMilliseconds;
  const batchOptions = { batchSize: ctx.batchSize, leaseSeconds: ctx.leaseSeconds, lanes: ctx.sendConnections, shouldStop: ctx.shouldStop };
  for (;;) {
    if (ctx.shouldStop() || Date.now() >= deadline) return 'paused';
    const batch = await sendNextBatch(db, ctx.mail, edition, batchOptions);
    // The rest is claimed by another run, which records it; a dead one's claims wait for the next sweep.
    if (batch.kind === 'none-waiting' || batch.kind === 'held') return 'sent';
    // What the batch sent is marked; the rest waits for the job's retry.
    if (batch.serverDown) throw batch.serverDown;
  }
}
