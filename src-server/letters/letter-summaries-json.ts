import { sql } from 'kysely';
import type { z } from 'zod';
import type { LetterSummarySchema } from '../../shared/model/letter';
import {
  ALL_ACTIVE_SUBSCRIBERS_NAME,
  ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID,
  SPECIFIC_EMAILS_NAME,
  SPECIFIC_EMAILS_SEGMENT_ID,
} from '../../shared/model/segment';
import type { Db } from '../db/database';

// A channel's whole letter list (GET brands' channel letters) built by PostgreSQL as one
// JSON array, the summaries exactly as toLetterSummary makes them. Reading 200 rows into
// objects (parsing each timestamp, renaming each column, mapping each row) took most of
// the platform's time for this call under load (issue 23); one text value parsed at once
// does not. The answer is still checked whole by sendAs before it leaves.

/** The channel's live letters, newest first (ties by id), as summaries. */
export async function channelLetterSummaries(db: Db, channelId: number): Promise<z.input<typeof LetterSummarySchema>[]> {
  const { rows } = await sql<{ items: string }>`
    select coalesce(json_agg(json_build_object(
        'id', letters.id,
        'uniqueId', letters.unique_id,
        'version', letters.version,
        'title', letters.title,
        'publicationStatus', letters.publication_status,
        -- Wall-clock text, as the pool reads a timestamp without zone.
        'publicationDate', letters.publication_date::text,
        'channelSlug', channels.slug,
        'brandSlug', organizations.slug,
        'segmentName', case letters.segment_id
          when ${ALL_ACTIVE_SUBSCRIBERS_SEGMENT_ID}::integer then ${ALL_ACTIVE_SUBSCRIBERS_NAME}::text
          when ${SPECIFIC_EMAILS_SEGMENT_ID}::integer then ${SPECIFIC_EMAILS_NAME}::text
          else segments.name end,
        -- Date.toISOString's form: UTC, milliseconds (both truncate the microseconds).
        'updatedAt', to_char(letters.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      ) order by letters.updated_at desc, letters.id desc), '[]')::text as items
    from letters
    join channels on channels.id = letters.channel_id
    join organizations on organizations.id = channels.organization_id
    left join segments on segments.id = letters.segment_id and segments.channel_id = letters.channel_id
    where letters.channel_id = ${channelId} and letters.deleted_at is null`.execute(db);
  return JSON.parse(rows[0]!.items) as z.input<typeof LetterSummarySchema>[];
}
