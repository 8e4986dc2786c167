import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import type { AutomationDelay, Recurrence } from '../model/automation';
import { SEND_DATE_FORMAT } from './schedule-dates';

// How a template's trigger and what it has done read in the app (issue 32): the configure
// step's timezone note and the configured view's lines. Pure, so the wording is tested once.

dayjs.extend(utc);
dayjs.extend(timezone);

/** dayjs counts 0 = Sunday; the chips go Monday first, as a week reads on a calendar. */
export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export const WEEKDAY_ORDER = [1, 2, 3, 4, 5, 6, 0] as const;

/** The zone's short name at `now` ('EST', 'CEST', or an offset such as 'GMT+3' where it has none). */
export function zoneAbbreviation(zone: string, now: Date): string {
  return dayjs(now).tz(zone).format('z');
}

/** 'Mar 05, 2030 at 8:00 am EST': when a recurring template runs next, on the channel's clock. */
export function formatNextRun(instant: string, zone: string): string {
  return dayjs(instant).tz(zone).format(SEND_DATE_FORMAT);
}

function unitName(delay: AutomationDelay): string {
  const singular = delay.unit.slice(0, -1);
  return delay.amount === 1 ? singular : delay.unit;
}

/** 'at once' or '2 hours after they subscribe'. */
export function delayText(delay: AutomationDelay): string {
  return delay.amount === 0 ? 'at once' : `${delay.amount} ${unitName(delay)} after they subscribe`;
}

function listed(names: string[]): string {
  if (names.length <= 1) return names.join('');
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** 'Every day at 08:00', 'Every Monday and Thursday at 08:00', 'Every month on day 5 at 08:00'. */
export function recurrenceText(schedule: Recurrence): string {
  if (schedule.frequency === 'daily') return `Every day at ${schedule.time}`;
  if (schedule.frequency === 'weekly') {
    const days = WEEKDAY_ORDER.filter((day) => schedule.weekdays.includes(day)).map((day) => WEEKDAY_NAMES[day]);
    return `Every ${listed(days)} at ${schedule.time}`;
  }
  return `Every month on day ${schedule.dayOfMonth} at ${schedule.time}`;
}

/** '1 sent', '1,204 sent'. */
export function sentCountText(count: number): string {
  return `${count.toLocaleString('en-US')} sent`;
}

/** '1 waiting', '3 waiting': welcomes owed whose delay is not over yet. */
export function waitingCountText(count: number): string {
  return `${count.toLocaleString('en-US')} waiting`;
}
