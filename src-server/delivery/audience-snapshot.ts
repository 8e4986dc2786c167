import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID, SPECIFIC_EMAILS_SEGMENT_ID } from '../../shared/model/segment';
import { parseSpecificEmails, storedSpecificEmails } from '../../shared/rules/specific-emails';
import type { Database, LetterRow } from '../db/schema';
import { readCriteria, segmentSql } from '../audience/segment-store';

// Who a scheduled send is for, written down when it starts (letter_recipients): the active
// subscribers of the letter's channel that its audience names. Written once per
// (letter, subscriber), so a subscriber already sent to — by an earlier attempt that
// stopped — keeps their row and is not sent to again.

/**
 * 'Specific emails' (99991): the letter's listed addresses. A send row needs a subscriber
 * row, so an address that has none gets one with the status 'recipient' (migration 0030):
 * it receives this letter, and no other audience ever takes it. An address that is a
 * subscriber is sent to as one; one that unsubscribed or bounced is left out, like every
 * audience leaves them out (docs/decisions.md "Specific emails recipients").
 */
async function specificEmailsFilter(trx: Kysely<Database>, letter: LetterRow): Promise<RawBuilder<SqlBool> | null> {
  const emails = parseSpecificEmails(storedSpecificEmails(letter.settings).join('\n')).emails;
  if (emails.length === 0) return null;
  await sql`
    INSERT INTO subscribers (channel_id, unique_id, email, status)
    SELECT ${letter.channelId}, gen_random_uuid()::text, e, 'recipient'
    FROM unnest(${emails}::text[]) AS e
    ON CONFLICT (channel_id, email) DO NOTHING`.execute(trx);
  return sql<SqlBool>`subscribers.status IN ('active', 'recipient') AND subscribers.email = ANY(${emails}::text[])`;
}

/**
 * The audience as a condition on `subscribers`, or null for nobody. A segment whose
 * criteria cannot be read matches nobody, as in the segment totals.
 */
async function audienceFilter(trx: Kysely<Database>, letter: LetterRow): Promise<RawBuilder<SqlBool> | null> {
  if (letter.segmentId === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID) return sql<SqlBool>`true`;
  if (letter.segmentId === SPECIFIC_EMAILS_SEGMENT_ID) return specificEmailsFilter(trx, letter);
  if (letter.segmentId === null) return null;
  return savedSegmentFilter(trx, letter.channelId, letter.segmentId);
}

/** A saved segment of the channel as a condition on `subscribers`; null when it has none such, or its criteria cannot be read. */
async function savedSegmentFilter(trx: Kysely<Database>, channelId: number, segmentId: number): Promise<RawBuilder<SqlBool> | null> {
  const segment = await trx
    .selectFrom('segments')
    .select(['criteria', 'isEngagementSegment'])
    .where('id', '=', segmentId)
    .where('channelId', '=', channelId)
    .executeTakeFirst();
  const criteria = segment ? readCriteria(segment.criteria) : null;
  // An engagement segment leaves out readers who opted out of behaviour-based emails.
  return criteria && segment ? segmentSql(criteria, segment.isEngagementSegment) : null;
}

/**
 * A segment's sample reader for 'Preview as': the first of its active subscribers in the
 * order they joined (the lowest id), so the same reader comes back each time; null when it
 * matches nobody. 'All active subscribers' (0) is every active subscriber of the channel.
 * 'Specific emails' has no saved criteria and no sample.
 */
export async function segmentSampleReaderId(db: Kysely<Database>, channelId: number, segmentId: number): Promise<number | null> {
  const filter = segmentId === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID ? sql<SqlBool>`true` : await savedSegmentFilter(db, channelId, segmentId);
  if (!filter) return null;
  const { rows } = await sql<{ id: number }>`
    SELECT subscribers.id FROM subscribers
    WHERE subscribers.channel_id = ${channelId} AND subscribers.status = 'active' AND ${filter}
    ORDER BY subscribers.id LIMIT 1`.execute(db);
  return rows[0]?.id ?? null;
}

/**
 * The readers of the letter's channel its audience names, as a condition on `subscribers`:
 * active subscribers, and for 'Specific emails' the recipients it lists (its filter says so).
 */
function audienceSql(letter: LetterRow, filter: RawBuilder<SqlBool>) {
  const status = letter.segmentId === SPECIFIC_EMAILS_SEGMENT_ID ? sql<SqlBool>`true` : sql<SqlBool>`subscribers.status = 'active'`;
  return sql<SqlBool>`subscribers.channel_id = ${letter.channelId} AND ${status} AND ${filter}`;
}

/**
 * Takes the audience as it is now. Rows still pending from an earlier attempt are taken
 * again, so someone who left the audience meanwhile is not sent to and someone who joined
 * is. Everyone gets variant NULL: no A/B subject, or the A/B winner's (delivery/ab-test.ts).
 */
export async function snapshotAudience(trx: Kysely<Database>, letter: LetterRow): Promise<void> {
  await trx.deleteFrom('letterRecipients').where('letterId', '=', letter.id).where('status', '=', 'pending').execute();
  await addRestOfAudience(trx, letter);
}

/**
 * Adds everyone of the audience who has no row yet, with variant NULL: the rest of an A/B
 * letter once its winner is known. A reader of the sample keeps their row and gets nothing more.
 */
export async function addRestOfAudience(trx: Kysely<Database>, letter: LetterRow): Promise<void> {
  const filter = await audienceFilter(trx, letter);
  if (!filter) return;
  await sql`
    INSERT INTO letter_recipients (letter_id, subscriber_id, email, variant)
    SELECT ${letter.id}, subscribers.id, subscribers.email, NULL
    FROM subscribers
    WHERE ${audienceSql(letter, filter)}
    ON CONFLICT (letter_id, subscriber_id) DO NOTHING`.execute(trx);
}

/** How many readers the audience has now. */
export async function audienceSize(trx: Kysely<Database>, letter: LetterRow): Promise<number> {
  const filter = await audienceFilter(trx, letter);
  if (!filter) return 0;
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM subscribers WHERE ${audienceSql(letter, filter)}`.execute(trx);
  return Number(rows[0]?.n ?? 0);
}

/**
 * Writes down an A/B sample: rows still pending from an earlier attempt are dropped, then
 * `needA` readers get subject A and `needB` subject B, drawn from those with no row yet in
 * an order that is random but fixed for the letter (md5 of letter and subscriber).
 */
export async function drawAbSample(trx: Kysely<Database>, letter: LetterRow, needA: number, needB: number): Promise<void> {
  await trx.deleteFrom('letterRecipients').where('letterId', '=', letter.id).where('status', '=', 'pending').execute();
  const filter = await audienceFilter(trx, letter);
  if (!filter || needA + needB <= 0) return;
  await sql`
    INSERT INTO letter_recipients (letter_id, subscriber_id, email, variant)
    SELECT ${letter.id}, drawn.id, drawn.email, CASE WHEN drawn.n <= ${needA} THEN 'A' ELSE 'B' END
    FROM (
      SELECT subscribers.id, subscribers.email,
        row_number() OVER (ORDER BY md5(${letter.id}::text || ':' || subscribers.id::text)) AS n
      FROM subscribers
      WHERE ${audienceSql(letter, filter)}
        AND NOT EXISTS (SELECT 1 FROM letter_recipients r WHERE r.letter_id = ${letter.id} AND r.subscriber_id = subscribers.id)
    ) drawn
    WHERE drawn.n <= ${needA + needB}
    ON CONFLICT (letter_id, subscriber_id) DO NOTHING`.execute(trx);
}

export interface RecipientCounts {
  /** Everyone the send is for. */
  recipients: number;
  /** Emails the mail server took. */
  delivered: number;
  /** Sent or refused: no longer waiting. */
  done: number;
}

export async function recipientCounts(trx: Kysely<Database>, letterId: number): Promise<RecipientCounts> {
  const row = await trx
    .selectFrom('letterRecipients')
    .select([
      sql<string>`count(*)`.as('recipients'),
      sql<string>`count(*) FILTER (WHERE status = 'sent')`.as('delivered'),
      sql<string>`count(*) FILTER (WHERE status <> 'pending')`.as('done'),
    ])
    .where('letterId', '=', letterId)
    .executeTakeFirstOrThrow();
  return { recipients: Number(row.recipients), delivered: Number(row.delivered), done: Number(row.done) };
}
