import type { LocalDb } from './open-store';

// Reports as the platform last gave them, so a report once seen opens offline (with its
// age). A part is replaced whole each time the platform answers; nothing here expires:
// an old report is still the best there is without a connection, and it says how old it is.

export interface ReportCacheKey {
  brandSlug: string;
  channelSlug: string;
  letterId: number;
  /** 'report' (people's clicks) or 'report:all' (every click), 'metrics', 'sent-email', or 'activity:' and the query of a page of user activity. */
  part: string;
}

export interface CachedPart<T> {
  value: T;
  fetchedAt: string;
}

export function createReportCache(db: LocalDb) {
  const where = (key: ReportCacheKey) =>
    db
      .selectFrom('report_cache')
      .where('brand_slug', '=', key.brandSlug)
      .where('channel_slug', '=', key.channelSlug)
      .where('letter_id', '=', key.letterId)
      .where('part', '=', key.part);
  return {
    async get<T>(key: ReportCacheKey): Promise<CachedPart<T> | null> {
      const row = await where(key).select(['body', 'fetched_at']).executeTakeFirst();
      return row ? { value: JSON.parse(row.body) as T, fetchedAt: row.fetched_at } : null;
    },
    async put(key: ReportCacheKey, value: unknown, fetchedAt: string): Promise<void> {
      const body = JSON.stringify(value);
      await db
        .insertInto('report_cache')
        .values({ brand_slug: key.brandSlug, channel_slug: key.channelSlug, letter_id: key.letterId, part: key.part, body, fetched_at: fetchedAt })
        .onConflict((oc) => oc.columns(['brand_slug', 'channel_slug', 'letter_id', 'part']).doUpdateSet({ body, fetched_at: fetchedAt }))
        .execute();
    },
  };
}

export type ReportCache = ReturnType<typeof createReportCache>;
