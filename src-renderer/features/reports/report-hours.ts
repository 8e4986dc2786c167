import type { HourPerformanceRow } from '../../../shared/contract/platform-reports';
import { formatHour } from '../../../shared/rules/display-dates';

export interface HourPoint {
  /** The hour on the channel's clock: 'Nov 24, 9 AM'. */
  hour: string;
  opens: number;
  clicks: number;
}

/** The platform's UTC hours as the channel's editors read them (spec: hours on the channel's clock). */
export function hoursOnChannelClock(rows: readonly HourPerformanceRow[], zone: string): HourPoint[] {
  return rows.map((row) => ({ hour: formatHour(row.hour, zone), opens: row.opens, clicks: row.clicks }));
}
