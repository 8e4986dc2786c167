/** A share of `whole` as a percentage with one decimal; 0 when there is no whole (nothing delivered). */
export function percentOf(part: number, whole: number): number {
  if (whole <= 0) return 0;
  return Math.round((part / whole) * 1000) / 10;
}
