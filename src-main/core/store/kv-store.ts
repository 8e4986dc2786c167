import type { LocalDb } from './open-store';

// Small JSON values the core keeps between runs (the last session it saw, for offline use).

export function createKvStore(db: LocalDb) {
  return {
    async get<T>(key: string): Promise<T | null> {
      const row = await db.selectFrom('kv').select('value').where('key', '=', key).executeTakeFirst();
      return row ? (JSON.parse(row.value) as T) : null;
    },
    async set(key: string, value: unknown): Promise<void> {
      const json = JSON.stringify(value);
      await db.insertInto('kv').values({ key, value: json }).onConflict((oc) => oc.column('key').doUpdateSet({ value: json })).execute();
    },
    async delete(key: string): Promise<void> {
      await db.deleteFrom('kv').where('key', '=', key).execute();
    },
  };
}

export type KvStore = ReturnType<typeof createKvStore>;
