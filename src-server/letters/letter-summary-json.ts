import { sql } from 'kysely';
import {
  ALL_ACTIVE_SUBSCRIBERS_NAME,
  ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID,
  SPECIFIC_EMAILS_NAME,
  SPECIFIC_EMAILS_SEGMENT_ID,
} from '../../shared/model/segment';

// Letter lists answer summaries (LetterSummarySchema) that PostgreSQL writes as JSON. A list
// of 200 letters built in JavaScript spent its time decoding 2,000 fields, mapping rows,
// checking them with zod and serialising them again: about 500 lists/s with p99 near
// 200 ms under 50 connections; with the JSON made in the query, about 740/s and p99 near
// 125 ms (issue 23, `npm run bench -- server`). The answer is therefore not checked on its
// way out; letter-summary-json.test.ts holds every list to the schema and to the fields of
// the same letter read whole.

/** The letter's audience as lists show it: a built-in option's name, or the stored segment's. */
export const segmentNameSql = sql<string | null>`CASE letters.segment_id
  WHEN ${sql.lit(ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID)} THEN ${sql.lit(ALL_ACTIVE_SUBSCRIBERS_NAME)}
  WHEN ${sql.lit(SPECIFIC_EMAILS_SEGMENT_ID)} THEN ${sql.lit(SPECIFIC_EMAILS_NAME)}
  ELSE segments.name END`;

/**
 * The row's letter summary as JSON text, on the joins of `fromLetters` (letter-records.ts).
 * Dates are written as the Letter has them: `updatedAt` an ISO instant to the millisecond
 * (as Date#toISOString), `publicationDate` the stored wall-clock text.
 */
export const letterSummaryJson = sql<string>`json_build_object(
  'id', letters.id,
  'uniqueId', letters.unique_id,
  'version', letters.version,
  'title', letters.title,
  'publicationStatus', letters.publication_status,
  'publicationDate', to_char(letters.publication_date, 'YYYY-MM-DD HH24:MI:SS'),
  'channelSlug', channels.slug,
  'brandSlug', organizations.slug,
  'segmentName', ${segmentNameSql},
  'private', letters.private,
  'updatedAt', to_char(letters.updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
)::text`;

/** A list answer from rows that selected `letterSummaryJson` as `summary`, with `fields` beside its items. */
export function summaryListJson(rows: readonly { summary: string }[], fields: Record<string, unknown> = {}): string {
  const rest = Object.keys(fields).length === 0 ? '}' : `,${JSON.stringify(fields).slice(1)}`;
  return `{"items":[${rows.map((row) => row.summary).join(',')}]${rest}`;
}
