import { VersionContentSchema, type VersionContentPayload } from '../../../shared/contract/platform-revisions';
import type { Letter } from '../../../shared/model/letter';
import { contentFingerprint, REVISION_RETENTION_DAYS_DEFAULT, versionsToThin } from '../../../shared/model/letter-history';
import type { LocalDb } from './open-store';

// The versions of a letter this computer saved (issue 35): each local save that changes the
// blocks or styles keeps them, so History lists and restores them offline. Bounded like the
// platform's revisions (every one for 7 days, then the last of each editing session), and
// never more than LOCAL_VERSIONS_KEPT per letter.

/** The newest local versions kept per letter, whatever their age: a long day of edits. */
export const LOCAL_VERSIONS_KEPT = 300;

export interface LocalVersion {
  id: number;
  savedAt: string;
  fingerprint: string;
}

const contentOf = (letter: Letter): VersionContentPayload => ({ title: letter.title, blocks: letter.blocks, settings: letter.settings });

/**
 * Called in the local save's transaction with the letter before and after the save: keeps
 * `after` when its blocks or styles differ from the last version kept. The first version of
 * a letter also keeps what it was before, so the original is restorable. Cheap when nothing
 * is due for thinning: two indexed reads besides the insert.
 */
export async function keepLocalVersion(trx: LocalDb, before: Letter, after: Letter): Promise<void> {
  const uniqueId = after.uniqueId;
  const fingerprint = contentFingerprint(after);
  const latest = await trx
    .selectFrom('letter_versions')
    .select('fingerprint')
    .where('letter_unique_id', '=', uniqueId)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  const insert = (letter: Letter, print: string) =>
    trx
      .insertInto('letter_versions')
      .values({ letter_unique_id: uniqueId, saved_at: letter.updatedAt, fingerprint: print, content: JSON.stringify(contentOf(letter)) })
      .execute();
  if (latest) {
    if (latest.fingerprint === fingerprint) return;
  } else {
    const original = contentFingerprint(before);
    if (original === fingerprint) return;
    await insert(before, original);
  }
  await insert(after, fingerprint);

  const now = new Date(after.updatedAt);
  const cutoff = new Date(now.getTime() - REVISION_RETENTION_DAYS_DEFAULT * 24 * 60 * 60 * 1000).toISOString();
  const extent = await trx
    .selectFrom('letter_versions')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('saved_at').as('oldest')])
    .where('letter_unique_id', '=', uniqueId)
    .executeTakeFirstOrThrow();
  if (Number(extent.count) <= LOCAL_VERSIONS_KEPT && (extent.oldest === null || extent.oldest >= cutoff)) return;
  const kept = await trx
    .selectFrom('letter_versions')
    .select(['id', 'saved_at', 'fingerprint'])
    .where('letter_unique_id', '=', uniqueId)
    .orderBy('id', 'desc')
    .execute();
  const stamps = kept.map((row) => ({ key: String(row.id), savedAt: row.saved_at, author: 'this-computer', fingerprint: row.fingerprint }));
  const gone = new Set(versionsToThin(stamps, now, REVISION_RETENTION_DAYS_DEFAULT).map((v) => Number(v.key)));
  kept.slice(LOCAL_VERSIONS_KEPT).forEach((row) => gone.add(row.id));
  if (gone.size > 0) await trx.deleteFrom('letter_versions').where('id', 'in', [...gone]).execute();
}

export function createLetterVersionsStore(db: LocalDb) {
  return {
    /** The letter's local versions, newest first. */
    async list(uniqueId: string): Promise<LocalVersion[]> {
      const rows = await db
        .selectFrom('letter_versions')
        .select(['id', 'saved_at', 'fingerprint'])
        .where('letter_unique_id', '=', uniqueId)
        .orderBy('id', 'desc')
        .execute();
      return rows.map((row) => ({ id: row.id, savedAt: row.saved_at, fingerprint: row.fingerprint }));
    },
    async content(uniqueId: string, id: number): Promise<(LocalVersion & { content: VersionContentPayload }) | null> {
      const row = await db.selectFrom('letter_versions').selectAll().where('letter_unique_id', '=', uniqueId).where('id', '=', id).executeTakeFirst();
      if (!row) return null;
      return { id: row.id, savedAt: row.saved_at, fingerprint: row.fingerprint, content: VersionContentSchema.parse(JSON.parse(row.content)) };
    },
  };
}
export type LetterVersionsStore = ReturnType<typeof createLetterVersionsStore>;
