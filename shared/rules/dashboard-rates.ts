/** A share of `whole` as a percentage with one decimal; 0 when there is no whole (nothing delivered). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}

/** What a dashboard's letter rates are computed from (spec 1 §9, as on the edition report). */
export interface DashboardRateCounts {
  sent: number;
  accepted: number;
  opensConfirmed: number;
  clicks: number;
}

/** Open rate = confirmed unique opens / accepted; click rate = unique clicks / sent. */
export function dashboardRates(counts: DashboardRateCounts): { openRate: number; clickRate: number } {
  return { openRate: percentOf(counts.opensConfirmed, counts.accepted), clickRate: percentOf(counts.clicks, counts.sent) };
}
