import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { AbTestMetrics } from '../../shared/model/letter';
import { AbTestSettingsSchema } from '../../shared/model/letter-settings';
import { abOpenRate, abWinner, defaultAbTestSettings, samplePerSubject } from '../../shared/rules/ab-test';
import type { Db } from '../db/database';
import { toJson } from '../db/database';
import type { Database, LetterRow, RecipientVariant } from '../db/schema';
import { recordRevision } from '../letters/letter-writes';
import { addRestOfAudience, audienceSize, drawAbSample, snapshotAudience } from './audience-snapshot';
import { lockForDelivery } from './delivery-status-writes';

// The A/B subject test of a scheduled send (issue 16, spec 1 §3 A/B metrics, §4):
//   1. the send starts: each subject goes to the letter's sample share of the audience;
//   2. the whole sample sent: the wait starts (decide_at), the letter stays in its sending status;
//   3. decide_at passed: the subject with the higher unique open rate (confirmed opens; a
//      tie goes to A) wins, the rest of the audience — as it is then — is written down with
//      variant NULL and gets the winner's subject.
// Every step runs under the letter's row lock and reads the ab_tests row again, so a run
// after a crash, a restart or on another instance takes the test up where it stood and no
// reader gets a second email (letter_recipients has one row per reader and letter).
// letters.ab_test_metrics is written at each step (and refreshed during the wait), with a
// version and a revision like every letter write, so the app's sync brings it.

export type AbPhase =
  /** No A/B test on this send. */
  | { phase: 'off' }
  /** The sample is being sent; `audience` is what the progress counts against. */
  | { phase: 'sample'; audience: number }
  /** The sample is sent; the winner is picked at `until`. */
  | { phase: 'waiting'; until: Date }
  | { phase: 'rest'; winner: RecipientVariant };

/** While waiting, the opens shown on the letter are refreshed this often. */
export const AB_OPENS_REFRESH_MS = 5 * 60 * 1000;

type Trx = Kysely<Database>;

/** The letter's A/B settings, the defaults when they are missing or unreadable. */
function abSettingsOf(letter: LetterRow) {
  const stored = (letter.settings as { abTest?: unknown } | null)?.abTest;
  const parsed = AbTestSettingsSchema.safeParse(stored);
  return parsed.success ? parsed.data : defaultAbTestSettings();
}

interface SideCounts {
  accepted: number;
  opens: number;
  readers: number;
}

/** Per subject of the sample: readers, emails the mail server took, readers with a confirmed open. */
async function sampleCounts(trx: Trx, letterId: number): Promise<Record<RecipientVariant, SideCounts>> {
  const { rows } = await sql<{ variant: RecipientVariant; readers: string; accepted: string; opens: string }>`
    SELECT r.variant,
      count(*) AS readers,
      count(*) FILTER (WHERE r.status = 'sent') AS accepted,
      count(*) FILTER (WHERE r.status = 'sent' AND EXISTS (
        SELECT 1 FROM recipient_opens o
        WHERE o.letter_id = r.letter_id AND o.subscriber_id = r.subscriber_id AND o.confirmed)) AS opens
    FROM letter_recipients r
    WHERE r.letter_id = ${letterId} AND r.variant IS NOT NULL
    GROUP BY r.variant`.execute(trx);
  const empty = (): SideCounts => ({ accepted: 0, opens: 0, readers: 0 });
  const counts = { A: empty(), B: empty() };
  for (const row of rows) counts[row.variant] = { accepted: Number(row.accepted), opens: Number(row.opens), readers: Number(row.readers) };
  return counts;
}

async function restCount(trx: Trx, letterId: number): Promise<number> {
  const row = await trx
    .selectFrom('letterRecipients')
    .select(sql<string>`count(*)`.as('n'))
    .where('letterId', '=', letterId)
    .where('variant', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The letter's A/B metrics as they stand. sampleSize: readers of the sample (both subjects);
 * variantRecipientsCount: readers of the rest, who got the winner — '-' until it is picked.
 */
async function currentMetrics(trx: Trx, letterId: number, winner: RecipientVariant | null): Promise<AbTestMetrics> {
  const counts = await sampleCounts(trx, letterId);
  return {
    winner,
    acceptA: counts.A.accepted,
    acceptB: counts.B.accepted,
    openA: counts.A.opens,
    openB: counts.B.opens,
    openRateA: abOpenRate(counts.A.opens, counts.A.accepted),
    openRateB: abOpenRate(counts.B.opens, counts.B.accepted),
    sampleSize: counts.A.readers + counts.B.readers,
    variantRecipientsCount: winner === null ? '-' : await restCount(trx, letterId),
  };
}

/**
 * Writes the metrics on the letter (locked by the caller) when they changed: one more
 * version, from the stored one, so it can follow a status write in the same transaction.
 */
async function writeMetrics(trx: Trx, letter: LetterRow, metrics: AbTestMetrics): Promise<void> {
  const stored = await trx.selectFrom('letters').select(['abTestMetrics']).where('id', '=', letter.id).executeTakeFirstOrThrow();
  if (JSON.stringify(stored.abTestMetrics) === JSON.stringify(metrics)) return;
  await trx
    .updateTable('letters')
    .set({ abTestMetrics: toJson(metrics), version: sql<number>`version + 1`, updatedAt: sql<Date>`now()` })
    .where('id', '=', letter.id)
    .execute();
  await recordRevision(trx, letter.channelId, letter.id, null);
}

/**
 * Who a send is for, written down when it starts (the claim's transaction). An A/B letter
 * whose winner is not known yet gets its sample drawn (again, after an attempt that
 * stopped: readers already sent to keep their subject and count towards it); once the
 * winner is known, or without a test, everyone left. Answers the audience the 'started'
 * event announces.
 */
export async function writeDownAudience(trx: Trx, letter: LetterRow): Promise<number> {
  const test = await trx.selectFrom('abTests').selectAll().where('letterId', '=', letter.id).executeTakeFirst();
  if (!letter.hasAbTest || test?.winner) {
    // A/B switched off before a winner: the readers of the sample sent so far keep their subject.
    if (test && !test.winner) await trx.deleteFrom('abTests').where('letterId', '=', letter.id).execute();
    await snapshotAudience(trx, letter);
    return 0;
  }
  const settings = abSettingsOf(letter);
  const audience = await audienceSize(trx, letter);
  const perSubject = samplePerSubject(audience, settings.samplePercent);
  const done = await trx
    .selectFrom('letterRecipients')
    .select(['variant', sql<string>`count(*)`.as('n')])
    .where('letterId', '=', letter.id)
    .where('status', '<>', 'pending')
    .where('variant', 'is not', null)
    .groupBy('variant')
    .execute();
  const already = (variant: RecipientVariant) => Number(done.find((row) => row.variant === variant)?.n ?? 0);
  await drawAbSample(trx, letter, Math.max(0, perSubject - already('A')), Math.max(0, perSubject - already('B')));
  const values = {
    samplePercent: settings.samplePercent,
    waitMinutes: settings.waitMinutes,
    audience,
    samplePerSubject: perSubject,
    decideAt: null,
  };
  await trx
    .insertInto('abTests')
    .values({ letterId: letter.id, ...values })
    .onConflict((oc) => oc.column('letterId').doUpdateSet(values))
    .execute();
  await writeMetrics(trx, letter, await currentMetrics(trx, letter.id, null));
  return audience;
}

/** Where the letter's A/B test stands; picks the winner first when its wait is over. */
export async function abPhase(db: Db, letterId: number): Promise<AbPhase> {
  const test = await db.selectFrom('abTests').selectAll().where('letterId', '=', letterId).executeTakeFirst();
  if (!test) return { phase: 'off' };
  if (test.winner) return { phase: 'rest', winner: test.winner };
  if (test.decideAt === null) return { phase: 'sample', audience: test.audience };
  if (test.decideAt.getTime() > Date.now()) return { phase: 'waiting', until: test.decideAt };
  const winner = await decideWinner(db, letterId);
  // Not over by the database's clock yet: a moment more.
  return winner ? { phase: 'rest', winner } : { phase: 'waiting', until: test.decideAt };
}

/**
 * The whole sample has been sent: the wait starts now (`waitSeconds` in place of the
 * letter's when the server says so). Answers when it ends, or null while another run still
 * sends part of the sample (that run starts the wait).
 */
export async function startAbWait(db: Db, letterId: number, waitSeconds: number | undefined): Promise<Date | null> {
  return db.transaction().execute(async (trx) => {
    const letter = await lockForDelivery(trx, letterId);
    const test = await trx.selectFrom('abTests').selectAll().where('letterId', '=', letterId).executeTakeFirst();
    if (!letter || !test) return null;
    if (test.decideAt !== null) return test.decideAt;
    const pending = await trx
      .selectFrom('letterRecipients')
      .select('subscriberId')
      .where('letterId', '=', letterId)
      .where('status', '=', 'pending')
      .limit(1)
      .executeTakeFirst();
    if (pending) return null;
    // Nobody to compare (an audience of one): nothing to wait for.
    const seconds = test.samplePerSubject === 0 ? 0 : (waitSeconds ?? test.waitMinutes * 60);
    const row = await trx
      .updateTable('abTests')
      .set({ decideAt: sql<Date>`now() + make_interval(secs => ${seconds})` })
      .where('letterId', '=', letterId)
      .returning('decideAt')
      .executeTakeFirstOrThrow();
    await writeMetrics(trx, letter, await currentMetrics(trx, letterId, null));
    return row.decideAt;
  });
}

/** During the wait: the opens counted so far, on the letter. */
export async function refreshAbMetrics(db: Db, letterId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const letter = await lockForDelivery(trx, letterId);
    const test = await trx.selectFrom('abTests').select('winner').where('letterId', '=', letterId).executeTakeFirst();
    if (!letter || !test || test.winner) return;
    await writeMetrics(trx, letter, await currentMetrics(trx, letterId, null));
  });
}

/**
 * The wait is over: picks the winner by unique confirmed open rate (a tie goes to A) and
 * writes down the rest of the audience as it is now. Answers the winner, or null when the
 * wait is not over (another run may have picked it: the caller reads the phase again).
 */
async function decideWinner(db: Db, letterId: number): Promise<RecipientVariant | null> {
  return db.transaction().execute(async (trx) => {
    const letter = await lockForDelivery(trx, letterId);
    if (!letter) return null;
    const test = await trx
      .selectFrom('abTests')
      .select(['winner', sql<boolean>`decide_at IS NOT NULL AND decide_at <= now()`.as('due')])
      .where('letterId', '=', letterId)
      .executeTakeFirst();
    if (!test) return null;
    if (test.winner) return test.winner;
    if (!test.due) return null;
    const counts = await sampleCounts(trx, letterId);
    const winner = abWinner(counts.A, counts.B);
    await trx.updateTable('abTests').set({ winner, decidedAt: sql<Date>`now()` }).where('letterId', '=', letterId).execute();
    await addRestOfAudience(trx, letter);
    await writeMetrics(trx, letter, await currentMetrics(trx, letterId, winner));
    return winner;
  });
}

/** When the run that picks the winner should come: the end of the wait, or sooner to refresh the opens. */
export async function abWakeUp(db: Db, letterId: number): Promise<Date | null> {
  const test = await db.selectFrom('abTests').select(['decideAt', 'winner']).where('letterId', '=', letterId).executeTakeFirst();
  if (!test?.decideAt || test.winner) return null;
  return new Date(Math.min(test.decideAt.getTime(), Date.now() + AB_OPENS_REFRESH_MS));
}
