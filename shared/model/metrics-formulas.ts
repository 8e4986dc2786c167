import type { EditionMetrics } from '../contract/platform-metrics';

// The rates of an edition (spec 1 §9), computed in this one place for every screen: a
// percentage rounded to one decimal, or null when the divisor is 0 (nothing to divide by
// is not the same as 0%, so screens show '—').

/** Percent of `part` in `whole`, one decimal; null when `whole` is 0. */
function percent(part: number, whole: number): number | null {
  if (whole <= 0) return null;
  return Math.round((part / whole) * 1000) / 10;
}

/** Delivery rate = delivered / sent. */
export function deliveryRate(m: EditionMetrics): number | null {
  return percent(m.delivered, m.sent);
}

/**
 * Open rate by the esp rule: unique opens / sent when the letter went out through an
 * outside provider (esp above 0, whose opens cannot be told from machine opens); the
 * platform's own delivery (esp 0) counts confirmed unique opens / accepted.
 */
export function openRate(m: EditionMetrics, esp: number): number | null {
  return esp > 0 ? percent(m.opensUnique, m.sent) : percent(m.opensUniqueConfirmed, m.accepted);
}

/** Click rate = unique clicks / sent. */
export function clickRate(m: EditionMetrics): number | null {
  return percent(m.clicksUnique, m.sent);
}

/** Click-through rate = unique clicks / unique opens. */
export function clickThroughRate(m: EditionMetrics): number | null {
  return percent(m.clicksUnique, m.opensUnique);
}

/** '12.3%' (always one decimal), '—' when there is no rate. */
export function formatRate(rate: number | null): string {
  return rate === null ? '—' : `${rate.toFixed(1)}%`;
}
