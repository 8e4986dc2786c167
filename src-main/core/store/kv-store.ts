import type { LocalDb } from './open-store';

// Small JSON values the core keeps between runs (the last session it saw, for offline use).

/** Writes one value, in `db` or in a transaction of the caller's (a pulled page and its cursor). */
export async function writeKv(db: LocalDb, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db.insertInto('kv').values({ key, value: json }).onConflict((oc) => oc.column('key').doUpdateSet({ value: json })).execute();
}

export function createKvStore(db: LocalDb) {
  return {
    async get<T>(key: string): Promise<T | null> {
      const row = await db.selectFrom('kv').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : null;
    },
    set: (key: string, value: unknown): Promise<void> => writeKv(db, key, value),
    async delete(key: string): Promise<void> {
      await db.deleteFrom('kv').where('key', '=', key).execute();
    },
  };
}

export type KvStore = ReturnType<typeof createKvStore>;
