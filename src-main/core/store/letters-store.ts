import { sql, type Selectable } from 'kysely';
import { LETTER_LIST_PAGE_SIZE, type ChannelInput, type LetterChanges, type LetterListItem } from '../../../shared/contract/bridge';
import type { LetterTombstone } from '../../../shared/contract/platform-letters';
import { LetterSchema, type Letter } from '../../../shared/model/letter';
import { letterPlainText } from '../../../shared/model/letter-text';
import { LETTER_STATUS_FILTERS, PublicationStatus, isEditableStatus, type LetterSortColumn } from '../../../shared/model/publication';
import { SENDING_STATUSES } from '../../../shared/rules/schedule-actions';
import type { WatchedLetter } from '../sync/pull-cadence';
import { writeKv } from './kv-store';
import { keepLocalVersion } from './letter-versions';
import type { LocalDb } from './open-store';
import type { LettersTable, OutboxKind, OutboxTable } from './schema';

// Letters in the desktop cache and the outbox entries that carry them to the platform.
// Every local write and its outbox entry happen in one transaction, so a letter the UI
// calls saved is on disk with its way to the platform recorded.

type LetterRow = Selectable<LettersTable>;
export type OutboxEntry = Selectable<OutboxTable>;

function rowValues(letter: Letter, dirty: boolean) {
  return {
    unique_id: letter.uniqueId,
    id: letter.id,
    brand_slug: letter.brandSlug,
    channel_slug: letter.channelSlug,
    title: letter.title,
    publication_status: letter.publicationStatus,
    publication_date: letter.publicationDate,
    segment_name: letter.segmentName,
    version: letter.version,
    updated_at: letter.updatedAt,
    body: JSON.stringify(letter),
    dirty: dirty ? 1 : 0,
    sync_error: null,
  };
}

type ListQuery = ChannelInput<'letters.list'>;

const SORT_COLUMNS: Record<LetterSortColumn, 'segment_name' | 'publication_date' | 'title' | 'unique_id' | 'updated_at'> = {
  audience: 'segment_name',
  publicationDate: 'publication_date',
  title: 'title',
  uniqueId: 'unique_id',
  updated_at: 'updated_at',
};

/** Each word of the search as a quoted FTS5 prefix term, so operators typed by the user stay words. */
function ftsQuery(search: string): string | null {
  const words = search.split(/\s+/).filter(Boolean).map((word) => `"${word.replace(/"/g, '""')}"*`);
  return words.length > 0 ? words.join(' ') : null;
}

/** The search index holds these: a write that keeps them needs no new index entry. */
function sameText(a: Letter, b: Letter): boolean {
  return a.title === b.title && a.subtitle === b.subtitle && a.blocks === b.blocks;
}

async function indexText(trx: LocalDb, letter: Letter) {
  await trx.deleteFrom('letters_fts').where('unique_id', '=', letter.uniqueId).execute();
  await trx.insertInto('letters_fts').values({ unique_id: letter.uniqueId, title: letter.title, content: letterPlainText(letter) }).execute();
}

const WATCHED_STATUSES = [PublicationStatus.scheduled, ...SENDING_STATUSES];

function letterFromRow(row: Pick<LetterRow, 'body'>): Letter {
  return LetterSchema.parse(JSON.parse(row.body));
}

async function applyOne(trx: LocalDb, letter: Letter): Promise<boolean> {
  const row = await trx.selectFrom('letters').select(['dirty', 'version']).where('unique_id', '=', letter.uniqueId).executeTakeFirst();
  if (row && (row.dirty === 1 || row.version >= letter.version)) return false;
  if (row) await trx.updateTable('letters').set(rowValues(letter, false)).where('unique_id', '=', letter.uniqueId).execute();
  else await trx.insertInto('letters').values(rowValues(letter, false)).execute();
  await indexText(trx, letter);
  return true;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * applyOne for a whole page of letters in a few statements: pulling thousands of letters
 * row by row would spend its time in per-statement overhead. The last copy of a letter in
 * the page wins. Answers the uniqueIds written.
 */
async function applyMany(trx: LocalDb, letters: readonly Letter[]): Promise<string[]> {
  const latest = new Map(letters.map((letter) => [letter.uniqueId, letter]));
  const local = new Map<string, { dirty: number; version: number }>();
  for (const ids of chunks([...latest.keys()], 500)) {
    const rows = await trx.selectFrom('letters').select(['unique_id', 'dirty', 'version']).where('unique_id', 'in', ids).execute();
    for (const row of rows) local.set(row.unique_id, row);
  }
  const fresh: Letter[] = [];
  const newer: Letter[] = [];
  for (const letter of latest.values()) {
    const row = local.get(letter.uniqueId);
    if (!row) fresh.push(letter);
    else if (row.dirty === 0 && row.version < letter.version) newer.push(letter);
  }
  for (const page of chunks(fresh, 100)) await trx.insertInto('letters').values(page.map((l) => rowValues(l, false))).execute();
  for (const letter of newer) await trx.updateTable('letters').set(rowValues(letter, false)).where('unique_id', '=', letter.uniqueId).execute();
  for (const ids of chunks(newer.map((l) => l.uniqueId), 500)) await trx.deleteFrom('letters_fts').where('unique_id', 'in', ids).execute();
  const written = [...fresh, ...newer];
  for (const page of chunks(written, 200)) {
    await trx
      .insertInto('letters_fts')
      .values(page.map((l) => ({ unique_id: l.uniqueId, title: l.title, content: letterPlainText(l) })))
      .execute();
  }
  return written.map((l) => l.uniqueId);
}

/**
 * The platform accepted a push of `sent`: the entry is done; the local row takes the
 * platform's id and version, and its content too unless newer edits are queued.
 */
async function completeIn(trx: LocalDb, seq: number, sent: Letter, remote: Letter) {
  await trx.deleteFrom('outbox').where('seq', '=', seq).execute();
  const queued = await trx.selectFrom('outbox').select('seq').where('letter_unique_id', '=', sent.uniqueId).executeTakeFirst();
  const row = await trx.selectFrom('letters').select('body').where('unique_id', '=', sent.uniqueId).executeTakeFirst();
  if (!row) return;
  const local = letterFromRow(row);
  const next: Letter = queued ? { ...local, id: remote.id, version: remote.version, channelId: remote.channelId } : remote;
  await trx
    .updateTable('letters')
    .set({ ...rowValues(next, Boolean(queued)), updated_at: queued ? local.updatedAt : remote.updatedAt })
    .where('unique_id', '=', sent.uniqueId)
    .execute();
  // Most answers echo what was sent, whose words the search index holds already.
  if (!sameText(local, next)) await indexText(trx, next);
}

export function createLettersStore(db: LocalDb) {
  async function enqueue(trx: LocalDb, uniqueId: string, kind: OutboxKind, now: string) {
    // Coalesce: an entry not yet started will push the latest copy anyway.
    const waiting = await trx
      .selectFrom('outbox')
      .select('seq')
      .where('letter_unique_id', '=', uniqueId)
      .where('started_at', 'is', null)
      .executeTakeFirst();
    if (waiting) return;
    await trx
      .insertInto('outbox')
      .values({ letter_unique_id: uniqueId, kind, created_at: now, started_at: null, attempts: 0, last_error: null })
      .execute();
  }

  return {
    /** A letter made on this computer: stored, and queued for creation on the platform. */
    async insertNew(letter: Letter): Promise<Letter> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('letters').values(rowValues(letter, true)).execute();
        await indexText(trx, letter);
        await enqueue(trx, letter.uniqueId, 'create', letter.updatedAt);
      });
      return letter;
    },

    async saveLocal(uniqueId: string, changes: LetterChanges, now: string): Promise<Letter | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('letters').select('body').where('unique_id', '=', uniqueId).executeTakeFirst();
        if (!row) return null;
        const current = letterFromRow(row);
        const next: Letter = { ...current, ...changes, updatedAt: now };
        await trx
          .updateTable('letters')
          .set({ title: next.title, updated_at: now, body: JSON.stringify(next), dirty: 1, sync_error: null })
          .where('unique_id', '=', uniqueId)
          .execute();
        await indexText(trx, next);
        await keepLocalVersion(trx, current, next);
        // Outside the editable states (the schedule step) the platform takes these fields
        // only with 'Schedule': they stay here, marked unsynced, until then.
        if (isEditableStatus(current.publicationStatus) || current.id === null) {
          await enqueue(trx, uniqueId, current.id === null ? 'create' : 'save', now);
        }
        return next;
      });
    },

    /**
     * The platform's answer to a lifecycle action (a status change, scheduling) becomes the
     * letter. Local edits of `keep` that the platform has not seen yet stay on top, still
     * unsynced, and are queued when the new state is editable.
     */
    async adoptRemote(remote: Letter, keep: readonly (keyof Letter)[] = []): Promise<Letter> {
      return db.transaction().execute(async (trx) => {
        const row = await trx.selectFrom('letters').select(['body', 'dirty']).where('unique_id', '=', remote.uniqueId).executeTakeFirst();
        const local = row ? letterFromRow(row) : null;
        const kept: Partial<Letter> = {};
        if (local && row?.dirty === 1) {
          for (const field of keep) {
            if (JSON.stringify(local[field]) !== JSON.stringify(remote[field])) Object.assign(kept, { [field]: local[field] });
          }
        }
        const next: Letter = { ...remote, ...kept };
        const unsynced = Object.keys(kept).length > 0;
        if (row) await trx.updateTable('letters').set(rowValues(next, unsynced)).where('unique_id', '=', remote.uniqueId).execute();
        else await trx.insertInto('letters').values(rowValues(next, false)).execute();
        await indexText(trx, next);
        if (unsynced && isEditableStatus(next.publicationStatus)) await enqueue(trx, next.uniqueId, 'save', next.updatedAt);
        return next;
      });
    },

    /** Whether the letter has edits queued for the platform. */
    async hasQueuedEdits(uniqueId: string): Promise<boolean> {
      return (await db.selectFrom('outbox').select('seq').where('letter_unique_id', '=', uniqueId).executeTakeFirst()) !== undefined;
    },

    /** `id` is the platform id when it is all digits, otherwise the uniqueId. */
    async getByRouteId(brandSlug: string, channelSlug: string, id: string): Promise<Letter | null> {
      const query = db.selectFrom('letters').select('body').where('brand_slug', '=', brandSlug).where('channel_slug', '=', channelSlug);
      const row = await (/^\d+$/.test(id) ? query.where('id', '=', Number(id)) : query.where('unique_id', '=', id)).executeTakeFirst();
      return row ? letterFromRow(row) : null;
    },

    /** Letters scheduled or being sent: the sync engine asks more often while one is due. */
    async watchedForDelivery(): Promise<WatchedLetter[]> {
      // Asked after every pull: the three fields only, never whole letters parsed.
      const rows = await db
        .selectFrom('letters')
        .select(['publication_status', 'publication_date', sql<string | null>`json_extract(body, '$.publicationDateTzCode')`.as('zone')])
        .where('publication_status', 'in', WATCHED_STATUSES)
        .execute();
      return rows.map((row) => ({ publicationStatus: row.publication_status, publicationDate: row.publication_date, zone: row.zone ?? 'UTC' }));
    },

    async getByUniqueId(uniqueId: string): Promise<Letter | null> {
      const row = await db.selectFrom('letters').select('body').where('unique_id', '=', uniqueId).executeTakeFirst();
      return row ? letterFromRow(row) : null;
    },

    /** Several letters in one read (a push batch); letters not found are absent from the map. */
    async getManyByUniqueId(uniqueIds: readonly string[]): Promise<Map<string, Letter>> {
      const found = new Map<string, Letter>();
      for (const ids of chunks(uniqueIds, 500)) {
        const rows = await db.selectFrom('letters').select(['unique_id', 'body']).where('unique_id', 'in', ids).execute();
        for (const row of rows) found.set(row.unique_id, letterFromRow(row));
      }
      return found;
    },

    async list({ brandSlug, channelSlug, search, status, sort, direction, limit, offset }: ListQuery): Promise<LetterListItem[]> {
      let query = db
        .selectFrom('letters')
        .select(['id', 'unique_id', 'version', 'title', 'publication_status', 'publication_date', 'segment_name', 'updated_at', 'dirty', 'sync_error'])
        // The private mark is read from the stored letter: no column of its own for one flag the list shows.
        .select(sql<number | null>`json_extract(body, '$.private')`.as('private'))
        .where('brand_slug', '=', brandSlug)
        .where('channel_slug', '=', channelSlug);
      const statuses = LETTER_STATUS_FILTERS[status ?? 'any'].statuses;
      if (statuses) query = query.where('publication_status', 'in', [...statuses]);
      const match = search ? ftsQuery(search) : null;
      if (match) {
        query = query.where('unique_id', 'in', (eb) =>
          eb.selectFrom('letters_fts').select('unique_id').where(sql<boolean>`letters_fts match ${match}`),
        );
      }
      const rows = await query
        .orderBy(SORT_COLUMNS[sort ?? 'updated_at'], direction ?? 'desc')
        .orderBy('unique_id')
        .limit(limit ?? LETTER_LIST_PAGE_SIZE)
        .offset(offset ?? 0)
        .execute();
      return rows.map((row) => ({
        id: row.id,
        uniqueId: row.unique_id,
        version: row.version,
        title: row.title,
        publicationStatus: row.publication_status as LetterListItem['publicationStatus'],
        publicationDate: row.publication_date,
        segmentName: row.segment_name,
        private: row.private === 1,
        brandSlug,
        channelSlug,
        updatedAt: row.updated_at,
        unsynced: row.dirty === 1,
        syncError: row.sync_error,
      }));
    },

    /**
     * A letter as the platform has it. It replaces the local copy only when there are no
     * local edits waiting: local work is never overwritten by a pull.
     */
    async applyRemote(letter: Letter): Promise<boolean> {
      return db.transaction().execute((trx) => applyOne(trx, letter));
    },

    /**
     * A page of the platform's changes, in one transaction. A letter deleted on the platform
     * goes from the cache, unless it has local edits: then they move to a new letter (a new
     * uniqueId, since the platform never reuses a deleted one) queued for creation, so the
     * edits are not lost. `cursor`, the feed's place after this page, is kept in the same
     * transaction. Answers the uniqueIds that changed.
     */
    async applyChanges(
      items: ReadonlyArray<Letter | LetterTombstone>,
      now: string,
      newUniqueId: () => string,
      cursor?: { key: string; value: string },
    ): Promise<string[]> {
      return db.transaction().execute(async (trx) => {
        if (cursor) await writeKv(trx, cursor.key, cursor.value);
        const changed = await applyMany(trx, items.filter((item): item is Letter => !('deleted' in item)));
        for (const item of items) {
          if (!('deleted' in item)) continue;
          const row = await trx.selectFrom('letters').select(['dirty', 'body']).where('unique_id', '=', item.uniqueId).executeTakeFirst();
          if (!row) continue;
          if (row.dirty === 1) {
            const kept: Letter = { ...letterFromRow(row), id: null, uniqueId: newUniqueId(), version: 0, claimant: null, updatedAt: now };
            await trx.insertInto('letters').values(rowValues(kept, true)).execute();
            await indexText(trx, kept);
            await enqueue(trx, kept.uniqueId, 'create', now);
            changed.push(kept.uniqueId);
          }
          await trx.deleteFrom('letters_fts').where('unique_id', '=', item.uniqueId).execute();
          await trx.deleteFrom('letters').where('unique_id', '=', item.uniqueId).execute();
          changed.push(item.uniqueId);
        }
        return changed;
      });
    },

    /** A deleted letter leaves the cache with its search entry, its local versions and anything still queued for it. */
    async remove(uniqueId: string): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await trx.deleteFrom('outbox').where('letter_unique_id', '=', uniqueId).execute();
        await trx.deleteFrom('letter_versions').where('letter_unique_id', '=', uniqueId).execute();
        await trx.deleteFrom('letters_fts').where('unique_id', '=', uniqueId).execute();
        const removed = await trx.deleteFrom('letters').where('unique_id', '=', uniqueId).executeTakeFirst();
        return Number(removed.numDeletedRows) > 0;
      });
    },

    outbox: {
      /** The earliest entry of each letter, oldest first: these may be pushed side by side. */
      async nextPerLetter(limit: number): Promise<OutboxEntry[]> {
        return db
          .selectFrom('outbox')
          .selectAll()
          .where('seq', 'in', (eb) => eb.selectFrom('outbox').select((e) => e.fn.min('seq').as('seq')).groupBy('letter_unique_id'))
          .orderBy('seq')
          .limit(limit)
          .execute();
      },
      async count(): Promise<number> {
        const { n } = await db.selectFrom('outbox').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
        return Number(n);
      },
      /** An entry whose letter is gone has nothing left to push. */
      async discard(seq: number) {
        await db.deleteFrom('outbox').where('seq', '=', seq).execute();
      },
      /** Entries being pushed; later edits of their letters queue new entries. One write for a batch. */
      async markStarted(seqs: readonly number[], now: string) {
        if (seqs.length > 0) await db.updateTable('outbox').set({ started_at: now }).where('seq', 'in', [...seqs]).execute();
      },
      /** Entries marked started but not pushed after all: back to waiting. */
      async release(seqs: readonly number[]) {
        if (seqs.length > 0) await db.updateTable('outbox').set({ started_at: null }).where('seq', 'in', [...seqs]).execute();
      },
      async markFailed(seq: number, message: string) {
        await db
          .updateTable('outbox')
          .set((eb) => ({ started_at: null, attempts: eb('attempts', '+', 1), last_error: message }))
          .where('seq', '=', seq)
          .execute();
      },
      /** The platform accepted a push of `sent` (see completeIn). */
      async complete(seq: number, sent: Letter, remote: Letter) {
        await db.transaction().execute((trx) => completeIn(trx, seq, sent, remote));
      },
      /** complete() for a whole batch the platform accepted, in one transaction (one sync to disk). */
      async completeMany(done: ReadonlyArray<{ seq: number; sent: Letter; remote: Letter }>) {
        if (done.length === 0) return;
        await db.transaction().execute(async (trx) => {
          for (const { seq, sent, remote } of done) await completeIn(trx, seq, sent, remote);
        });
      },
      /**
       * The platform holds a newer version made by someone else: the letter takes the
       * platform's version, and the local edits become `copy`, a new letter queued for
       * creation. One transaction, so the edits exist in exactly one of the two at all times.
       */
      async divert(uniqueId: string, remote: Letter, copy: Letter) {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('outbox').where('letter_unique_id', '=', uniqueId).execute();
          await trx.updateTable('letters').set(rowValues(remote, false)).where('unique_id', '=', uniqueId).execute();
          await indexText(trx, remote);
          await trx.insertInto('letters').values(rowValues(copy, true)).execute();
          await indexText(trx, copy);
          await enqueue(trx, copy.uniqueId, 'create', copy.updatedAt);
        });
      },
      /** The platform refused the push for good: keep the local copy, show the reason. */
      async reject(seq: number, uniqueId: string, message: string) {
        await db.transaction().execute(async (trx) => {
          await trx.deleteFrom('outbox').where('seq', '=', seq).execute();
          await trx.updateTable('letters').set({ sync_error: message }).where('unique_id', '=', uniqueId).execute();
        });
      },
    },

  };
}

export type LettersStore = ReturnType<typeof createLettersStore>;
