import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

// The dashboards' period (spec 1 §9, spec 3 §4 Metrics): from = today minus N days, on the
// channel's clock; the end date is tomorrow (inclusive), so a letter sent today whose
// wall-clock date the channel's clock has not reached everywhere yet is still in.

dayjs.extend(utc);
dayjs.extend(timezone);

export interface DashboardRange {
  /** 'YYYY-MM-DD', inclusive. */
  from: string;
  /** 'YYYY-MM-DD', inclusive: tomorrow. */
  to: string;
}

export function dashboardRange(days: number, zone: string, now: Date): DashboardRange {
  const today = dayjs(now).tz(zone).startOf('day');
  return { from: today.subtract(days, 'day').format('YYYY-MM-DD'), to: today.add(1, 'day').format('YYYY-MM-DD') };
}

/** A letter's publicationDate ('YYYY-MM-DD HH:mm:ss' on the channel's clock) falls in the range. */
export function inDashboardRange(publicationDate: string | null, range: DashboardRange): boolean {
  if (!publicationDate) return false;
  const day = publicationDate.slice(0, 10);
  return day >= range.from && day <= range.to;
}
