import { sql } from 'kysely';
import type { z } from 'zod';
import type { SyncChangesResponseSchema } from '../../shared/contract/platform-letters';
import type { Db } from '../db/database';
import { feedCursor, parseFeedCursor } from '../db/feed-cursor';
import { letterFields, selectLetters } from './letter-records';

// The sync feed: every letter of every channel the user can read, in the order their
// writes happened, from a cursor. Why a transaction id orders it (and not a timestamp or
// a plain sequence) is in migration 0002; in short, a row is only handed out once every
// transaction that could still commit before it has finished, so a cursor never skips one.

export async function changesSince(db: Db, userId: number, since: string, limit: number): Promise<z.input<typeof SyncChangesResponseSchema>> {
  const { xid, position: seq } = parseFeedCursor(since);
  const rows = await selectLetters(db)
    .innerJoin('memberships', (join) =>
      join.onRef('memberships.organizationId', '=', 'organizations.id').on('memberships.userId', '=', userId),
    )
    .where(sql<boolean>`(letters.change_xid, letters.change_seq) > (${xid}::xid8, ${seq}::bigint)`)
    // pg_current_snapshot() is this statement's snapshot: the rows it can see and the fence agree.
    .where(sql<boolean>`letters.change_xid < pg_snapshot_xmin(pg_current_snapshot())`)
    .orderBy('letters.changeXid')
    .orderBy('letters.changeSeq')
    .limit(limit + 1)
    .execute();
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((row) =>
      row.deletedAt === null ? letterFields(row) : { id: row.id, uniqueId: row.uniqueId, deleted: true as const },
    ),
    cursor: last ? feedCursor(last.changeXid, last.changeSeq) : since,
    hasMore: rows.length > limit,
  };
}
