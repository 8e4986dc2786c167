// Spec 1 §9 metric formulas, written once for the letters list and the reports screen.
// Rates are percentages with one decimal; a rate whose denominator is 0 has no value (null),
// so a letter never sent shows no rate rather than a misleading 0 %.

/** The counts the formulas read (shared/contract/platform-metrics.ts defines each). */
export interface MetricCounts {
  sent: number;
  accepted: number;
  delivered: number;
  opensUnique: number;
  opensUniqueConfirmed: number;
  clicksUnique: number;
}

/** A percentage rounded to one decimal, or null when `of` is 0. */
export function percent(part: number, of: number): number | null {
  if (!(of > 0)) return null;
  return Math.round((part / of) * 1000) / 10;
}

/** delivery rate = delivered / sent */
export function deliveryRate(counts: MetricCounts): number | null {
  return percent(counts.delivered, counts.sent);
}

/**
 * open rate = unique opens / sent when the letter went through an outside provider
 * (esp above 0), otherwise confirmed unique opens / accepted.
 */
export function openRate(counts: MetricCounts, esp: number): number | null {
  return esp > 0 ? percent(counts.opensUnique, counts.sent) : percent(counts.opensUniqueConfirmed, counts.accepted);
}

/** click rate = unique clicks / sent */
export function clickRate(counts: MetricCounts): number | null {
  return percent(counts.clicksUnique, counts.sent);
}

/** click-through rate = unique clicks / unique opens */
export function clickThroughRate(counts: MetricCounts): number | null {
  return percent(counts.clicksUnique, counts.opensUnique);
}

/** '12.5%', or '—' for a rate without a value. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(1)}%`;
}
