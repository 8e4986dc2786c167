import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { HourPerformanceRow } from '../../../shared/contract/platform-reports';

dayjs.extend(utc);
dayjs.extend(timezone);

export interface HourPoint {
  /** The hour on the channel's clock: 'Nov 24, 9 am'. */
  hour: string;
  opens: number;
  clicks: number;
}

/** The platform's UTC hours as the channel's editors read them (spec: hours on the channel's clock). */
export function hoursOnChannelClock(rows: readonly HourPerformanceRow[], zone: string): HourPoint[] {
  return rows.map((row) => ({ hour: dayjs(row.hour).tz(zone).format('MMM D, h a'), opens: row.opens, clicks: row.clicks }));
}
