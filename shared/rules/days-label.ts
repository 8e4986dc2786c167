// How a span of days to display is named in the curation, news and events panels (spec 2 §5:
// "1 to 6 days, 1 week (7), 2 weeks (14), 4 weeks (28), and all days (0; no date limit)").

const WEEKS: Record<number, string> = { 7: '1 week', 14: '2 weeks', 28: '4 weeks' };

export function daysLabel(days: number): string {
  if (days === 0) return 'All days';
  if (days === 1) return '1 day';
  return WEEKS[days] ?? `${days} days`;
}
