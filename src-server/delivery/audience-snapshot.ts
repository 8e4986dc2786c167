import { sql } from 'kysely';
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID } from '../../shared/model/segment';
import type { Database, LetterRow } from '../db/schema';
import { readCriteria, segmentSql } from '../audience/segment-store';

// Who a scheduled send is for, written down when it starts (letter_recipients): the active
// subscribers of the letter's channel that its audience names. Written once per
// (letter, subscriber), so a subscriber already sent to — by an earlier attempt that
// stopped — keeps their row and is not sent to again.

/**
 * The audience as a condition on `subscribers`, or null for nobody. "Specific emails"
 * (99991) has no stored list on the platform yet, so it reaches nobody; a segment whose
 * criteria cannot be read matches nobody, as in the segment totals.
 */
async function audienceFilter(trx: Kysely<Database>, letter: LetterRow): Promise<RawBuilder<SqlBool> | null> {
  if (letter.segmentId === ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID) return sql<SqlBool>`true`;
  if (letter.segmentId === null) return null;
  const segment = await trx
    .selectFrom('segments')
    .select(['criteria', 'isEngagementSegment'])
    .where('id', '=', letter.segmentId)
    .where('channelId', '=', letter.channelId)
    .executeTakeFirst();
  const criteria = segment ? readCriteria(segment.criteria) : null;
  // An engagement segment leaves out readers who opted out of behaviour-based emails.
  return criteria && segment ? segmentSql(criteria, segment.isEngagementSegment) : null;
}

/**
 * Takes the audience as it is now. Rows still pending from an earlier attempt are taken
 * again, so someone who left the audience meanwhile is not sent to and someone who joined
 * is. An A/B letter's audience is split evenly between the subjects, in an order that is
 * random but fixed for the letter (DECISIONS asks for a 20 % sample and a winner by opens;
 * until the job that picks the winner exists, the whole audience is split).
 */
export async function snapshotAudience(trx: Kysely<Database>, letter: LetterRow): Promise<void> {
  await trx.deleteFrom('letterRecipients').where('letterId', '=', letter.id).where('status', '=', 'pending').execute();
  const filter = await audienceFilter(trx, letter);
  if (!filter) return;
  const variant = letter.hasAbTest
    ? sql`CASE WHEN row_number() OVER (ORDER BY md5(${letter.id}::text || ':' || subscribers.id::text)) % 2 = 1 THEN 'A' ELSE 'B' END`
    : sql`NULL`;
  await sql`
    INSERT INTO letter_recipients (letter_id, subscriber_id, email, variant)
    SELECT ${letter.id}, subscribers.id, subscribers.email, ${variant}
    FROM subscribers
    WHERE subscribers.channel_id = ${letter.channelId} AND subscribers.status = 'active' AND ${filter}
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
