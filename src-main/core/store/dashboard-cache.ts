import type { LocalDb } from './open-store';

// Dashboards as the platform last gave them, one per scope, period and channel filter, so
// the last one seen opens offline with its age. Replaced whole on each answer; nothing
// expires (an old dashboard is still the best there is without a connection).

export interface CachedDashboard<T> {
  value: T;
  fetchedAt: string;
}

export function createDashboardCache(db: LocalDb) {
  return {
    async get<T>(key: string): Promise<CachedDashboard<T> | null> {
      const row = await db.selectFrom('dashboard_cache').select(['body', 'fetched_at']).where('cache_key', '=', key).executeTakeFirst();
      return row ? { value: JSON.parse(row.body) as T, fetchedAt: row.fetched_at } : null;
    },
    async put(key: string, value: unknown, fetchedAt: string): Promise<void> {
      const body = JSON.stringify(value);
      await db
        .insertInto('dashboard_cache')
        .values({ cache_key: key, body, fetched_at: fetchedAt })
        .onConflict((oc) => oc.column('cache_key').doUpdateSet({ body, fetched_at: fetchedAt }))
        .execute();
    },
  };
}

export type DashboardCache = ReturnType<typeof createDashboardCache>;
