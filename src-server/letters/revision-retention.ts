import { sql } from 'kysely';
import { REVISION_RETENTION_DAYS_DEFAULT, SESSION_GAP_MS, versionsToThin } from '../../shared/model/letter-history';
import type { Db } from '../db/database';

// Thinning of old letter revisions (issue 35): every revision is kept for
// REVISION_RETENTION_DAYS (7 by default); older ones keep only the last of each editing
// session, the rule shared with the app (shared/model/letter-history.ts versionsToThin).
//   REVISION_RETENTION_DAYS   days every revision is kept; a whole number, at least 1.

export interface RevisionSettings {
  revisionRetentionDays?: number;
}

export function revisionSettingsFromEnv(env: NodeJS.ProcessEnv): RevisionSettings {
  const text = env.REVISION_RETENTION_DAYS?.trim();
  if (!text) return {};
  const days = Number(text);
  if (!/^\d+$/.test(text) || !Number.isSafeInteger(days) || days < 1) {
    throw new Error(`REVISION_RETENTION_DAYS must be a whole number of days (at least 1), not "${text}"`);
  }
  return { revisionRetentionDays: days };
}

/** Letters a run looks at: the rest wait for the next run (hourly). */
const LETTERS_PER_RUN = 200;

/**
 * Removes the revisions thinning no longer keeps, letter by letter; answers how many went.
 * Only letters with two old revisions close enough to share a session are read at all.
 */
export async function thinRevisions(db: Db, now: Date, retentionDays = REVISION_RETENTION_DAYS_DEFAULT): Promise<number> {
  const cutoff = new Date(now.getTime() - retentionDays * 24 * 60 * 60 * 1000);
  // A revision thinning may remove is older than the cutoff and followed within the
  // session gap by one of the same person's, so that one is younger than cutoff + gap.
  const reach = new Date(cutoff.getTime() + SESSION_GAP_MS);
  const gapSeconds = SESSION_GAP_MS / 1000;
  const { rows } = await sql<{ letterId: number }>`
    SELECT DISTINCT letter_id FROM (
      SELECT letter_id, user_id, created_at,
        lead(created_at) OVER w AS next_at, lead(user_id) OVER w AS next_user
      FROM letter_revisions WHERE created_at < ${reach}
      WINDOW w AS (PARTITION BY letter_id ORDER BY created_at, id)
    ) r
    WHERE created_at < ${cutoff} AND next_at IS NOT NULL
      AND next_at - created_at < make_interval(secs => ${gapSeconds}) AND next_user IS NOT DISTINCT FROM user_id
    LIMIT ${LETTERS_PER_RUN}`.execute(db);
  let removed = 0;
  for (const { letterId } of rows) {
    const revisions = await db
      .selectFrom('letterRevisions')
      .select(['id', 'userId', 'createdAt'])
      .where('letterId', '=', letterId)
      .where('createdAt', '<', reach)
      .execute();
    const stamps = revisions.map((r) => ({ key: String(r.id), savedAt: r.createdAt.toISOString(), author: r.userId === null ? null : String(r.userId), fingerprint: '' }));
    const ids = versionsToThin(stamps, now, retentionDays).map((v) => Number(v.key));
    if (ids.length === 0) continue;
    const result = await db.deleteFrom('letterRevisions').where('id', 'in', ids).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}
