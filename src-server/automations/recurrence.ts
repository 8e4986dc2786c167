import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { Recurrence } from '../../shared/model/automation';

// When a recurring template runs (issue 32): a time of day on the channel's clock, every
// day, on chosen weekdays, or on a day of the month (the last day of a shorter month).
// Wall-clock arithmetic in the channel's zone with dayjs, as scheduling.ts does, so a run
// stays at 08:00 across daylight-saving changes.

dayjs.extend(utc);
dayjs.extend(timezone);

/** Days looked at before giving up: every schedule has a run within two months. */
const DAYS_AHEAD = 62;

function runsOn(schedule: Recurrence, day: dayjs.Dayjs): boolean {
  if (schedule.frequency === 'daily') return true;
  if (schedule.frequency === 'weekly') return schedule.weekdays.includes(day.day());
  return day.date() === Math.min(schedule.dayOfMonth, day.daysInMonth());
}

/** The first run strictly after `after`, in `zone` (an IANA name). */
export function nextRunAfter(schedule: Recurrence, zone: string, after: Date): Date {
  const start = dayjs(after).tz(zone).startOf('day');
  for (let i = 0; i <= DAYS_AHEAD; i++) {
    // Calendar days counted on the wall clock: a day of 23 or 25 hours is still one day.
    const day = dayjs.tz(start.add(i, 'day').format('YYYY-MM-DD'), zone);
    if (!runsOn(schedule, day)) continue;
    const run = dayjs.tz(`${day.format('YYYY-MM-DD')} ${schedule.time}`, 'YYYY-MM-DD HH:mm', zone).toDate();
    if (run.getTime() > after.getTime()) return run;
  }
  throw new Error(`No run of ${JSON.stringify(schedule)} within ${DAYS_AHEAD} days`);
}
