import type { PromotionItem } from '../../shared/contract/platform-promotion-calls';
import { promotionDays } from '../../shared/rules/promotions';
import type { Db } from '../db/database';
import type { PromotionRow } from './promotion-records';
import { toPromotions } from './promotion-records';

// A page of promotions as the spec's lists answer it: sorted (by the first day a promotion
// runs unless asked otherwise), optionally within a window of days, optionally one item per
// day it runs (its occurrence). The rows come from promotionRows (promotion-queries.ts);
// an organization's promotions are few enough to sort and page here.

export type PromotionSort = 'scheduledDate' | 'createdAt' | 'headline' | 'status' | 'position';

export interface PromotionPageOptions {
  sortBy: PromotionSort;
  direction: 'asc' | 'desc';
  page: number;
  records: number;
  from?: string | undefined;
  to?: string | undefined;
  occurrences?: boolean;
}

interface Entry {
  row: PromotionRow;
  day: string;
  occurrence?: string;
}

function inWindow(day: string, from?: string, to?: string): boolean {
  return (from === undefined || day >= from) && (to === undefined || day <= to);
}

async function positions(db: Db, rows: readonly PromotionRow[]): Promise<Map<number, number>> {
  const ids = [...new Set(rows.map((row) => row.adTypeId).filter((id): id is number => id !== null))];
  if (ids.length === 0) return new Map();
  const adTypes = await db.selectFrom('promotionAdTypes').select(['id', 'position']).where('id', 'in', ids).execute();
  return new Map(adTypes.map((a) => [a.id, a.position]));
}

export async function promotionPage(db: Db, rows: readonly PromotionRow[], options: PromotionPageOptions): Promise<{ items: PromotionItem[]; total: number }> {
  const windowed = options.from !== undefined || options.to !== undefined;
  const entries: Entry[] = rows.flatMap((row) => {
    const days = promotionDays(row).filter((day) => inWindow(day, options.from, options.to));
    if (options.occurrences) return days.map((day) => ({ row, day, occurrence: day }));
    if (windowed && days.length === 0) return [];
    return [{ row, day: days[0] ?? promotionDays(row)[0] ?? '' }];
  });
  const position = options.sortBy === 'position' ? await positions(db, rows) : new Map<number, number>();
  const key = (entry: Entry): string | number => {
    switch (options.sortBy) {
      case 'createdAt':
        return entry.row.createdAt.getTime();
      case 'headline':
        return entry.row.headline.toLowerCase();
      case 'status':
        return entry.row.status;
      // Without an ad type a promotion comes after every typed one, in its zone's order.
      case 'position':
        return entry.row.adTypeId !== null ? (position.get(entry.row.adTypeId) ?? 1000) : 1000 + entry.row.zone;
      default:
        return entry.day;
    }
  };
  const sign = options.direction === 'asc' ? 1 : -1;
  entries.sort((a, b) => {
    const [ka, kb] = [key(a), key(b)];
    if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
    if (a.day !== b.day) return a.day < b.day ? -1 : 1;
    return a.row.id - b.row.id;
  });
  const slice = entries.slice((options.page - 1) * options.records, options.page * options.records);
  const answered = await toPromotions(db, [...new Map(slice.map((e) => [e.row.id, e.row])).values()]);
  const byId = new Map(answered.map((p) => [p.id, p]));
  return {
    items: slice.map((entry) => ({ ...byId.get(entry.row.id)!, ...(entry.occurrence !== undefined ? { occurrence: entry.occurrence } : {}) })),
    total: entries.length,
  };
}
