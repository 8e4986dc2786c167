import type { DashboardLetter } from '../../../shared/contract/platform-dashboards';

// The letters table's order: any column, either way; ties keep the send order so a page
// never shuffles between renders.

export type LetterSortColumn = 'title' | 'channelSlug' | 'sentAt' | 'sent' | 'delivered' | 'openRate' | 'clickRate';
export type SortDirection = 'asc' | 'desc';

export function sortLetters(letters: readonly DashboardLetter[], column: LetterSortColumn, direction: SortDirection): DashboardLetter[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...letters].sort((a, b) => {
    const x = a[column];
    const y = b[column];
    const order = typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
    return sign * order || a.sentAt.localeCompare(b.sentAt) || a.id - b.id;
  });
}

/** Spec 3 "Metrics dashboards": the best letters of the period, by open rate then opens. */
export function topLetters(letters: readonly DashboardLetter[], count: number): DashboardLetter[] {
  return [...letters].filter((letter) => letter.delivered > 0).sort((a, b) => b.openRate - a.openRate || b.opens - a.opens || a.id - b.id).slice(0, count);
}
